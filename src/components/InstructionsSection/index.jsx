// A group's instructions per transaction (versions and planner pages).
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import DataTable, {Num} from '@site/src/components/DataTable';
import {useDataUrl} from '@site/src/components/DataUrl';
import {NotLoaded, useOnDemand} from '@site/src/components/OnDemand';
import {functionsKey} from '@site/lib/pages/on-demand.mjs';
import {ControlNote, Stat, Versus, sentences, verdictSentence, VersionCell} from '@site/src/components/RunFigures';

/**
 * A group's instructions per transaction: how they were counted, the verdict
 * sentences, the A/A, the table, the chart, and, folded, the functions whose
 * work changed most (their rows loaded when the reader opens one) and the
 * Cachegrind files.
 */
export default function InstructionsSection({page, id, figures: f, run}) {
  const t = useT();
  const gap = useSentenceGap();
  const dataUrl = useDataUrl();
  const rows = useOnDemand(page);
  if (!f) {
    return (
      <>
        <Heading as="h3" id={`${id}-instructions`}>
          {t('common.instructions.title')}
        </Heading>
        <p data-instructions-missing={id}>{t('common.instructions.none')}</p>
      </>
    );
  }
  const base = f.rows[0];
  const p = f.parameters;
  return (
    <section data-instructions={id}>
      <Heading as="h3" id={`${id}-instructions`}>
        {t('common.instructions.title')}
      </Heading>
      {/* The same words under every group: folded, and left out of the search index, which would rank the
          page by them. */}
      <details data-pagefind-ignore="all" data-instructions-method={id}>
        <summary>{t('common.instructions.howCounted')}</summary>
        <p>
          {sentences(
            [
              t('common.instructions.method', {
                id: run.id,
                date: run.date,
                valgrind: p.valgrind,
                tool: p.callgrind ? 'Callgrind' : 'Cachegrind',
                short: p.short,
                long: p.long,
                clients: p.clients,
                added: p.added,
                repeats: p.repeats,
              }),
              t('common.instructions.machine', {cpus: p.cpus, cpuModel: p.cpuModel}),
              p.rows === 'own' && t('common.instructions.rows.own'),
              p.rows === 'same' && t('common.instructions.rows.same'),
              p.buffers === 'fit' && t('common.instructions.buffers.fit'),
              p.buffers === 'full' && t('common.instructions.buffers.full'),
              t(p.others ? 'common.instructions.leftOutOthers' : 'common.instructions.leftOut'),
              p.others && t('common.instructions.others'),
              p.others && t('common.instructions.afterCheckpoint'),
              t(p.callgrind ? 'common.instructions.callgrind' : 'common.instructions.inherited'),
              p.several && t('common.instructions.contention', {clients: p.clients}),
              p.timedClients &&
                t('common.instructions.fewerClients', {clients: p.clients, timedClients: p.timedClients}),
            ],
            gap,
          )}
        </p>
      </details>
      <p className="finding" data-instruction-findings={id}>
        {f.statement ??
          sentences(
            f.findings.map((v) => verdictSentence(t, v, 'instructions')),
            gap,
          )}
      </p>
      <ControlNote control={f.control} measure="instructions" />
      <DataTable
        data-instructions-table={id}
        columns={[
          t('common.table.version'),
          {label: t('common.instructions.column'), numeric: true},
          ...(p.others ? [{label: t('common.instructions.otherColumn'), numeric: true}] : []),
          {label: t('common.table.versus', {base: base.name}), numeric: true},
        ]}
        caption={[
          t('common.instructions.caption', {repeats: p.repeats, margin: f.margin}),
          p.paired && t('common.instructions.paired'),
          p.otherDash && t('common.instructions.otherDash'),
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {f.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <VersionCell name={r.name} version={r.version} />
            <Stat stat={r.instructions} figure="instructions" />
            {p.others && <Stat stat={r.other} figure="otherInstructions" />}
            <Versus compare={r.versusFirst} measure="instructions" />
          </tr>
        ))}
      </DataTable>
      {f.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
      {f.functions.map((fc) => (
        <details
          key={fc.target}
          data-functions={`${id}-${fc.target}`}
          data-pagefind-ignore="all"
          onToggle={(e) => e.currentTarget.open && rows.load()}
        >
          <summary>{t('common.instructions.functions.title', {name: fc.name, base: fc.base})}</summary>
          <p>
            {t('common.instructions.functions.total', {
              name: fc.name,
              base: fc.base,
              before: fc.before,
              after: fc.after,
              change: fc.change,
            })}
          </p>
          {rows.data ? (
            <DataTable
              columns={[
                t('common.instructions.functions.function'),
                {label: fc.base, numeric: true},
                {label: fc.name, numeric: true},
                {label: t('common.instructions.functions.change'), numeric: true},
                {label: t('common.instructions.functions.share', {base: fc.base}), numeric: true},
              ]}
              caption={t('common.instructions.functions.caption', {base: fc.base})}
            >
              {rows.data.functions[functionsKey(id, fc.target)].map((r) => (
                <tr key={r.function}>
                  <th scope="row">
                    <code>{r.function}</code>
                  </th>
                  <Num>{r.before}</Num>
                  <Num>{r.after}</Num>
                  <Num>{r.change}</Num>
                  <Num>{r.share}</Num>
                </tr>
              ))}
            </DataTable>
          ) : (
            <NotLoaded failed={rows.failed} />
          )}
          <p>
            {t('common.instructions.functions.left', {
              belowNoise: fc.belowNoise,
              noise: fc.noise,
              beyond: fc.beyond,
              beyondChange: fc.beyondChange,
            })}
          </p>
          {fc.negative && <p>{t('common.instructions.functions.negative', fc.negative)}</p>}
        </details>
      ))}
      {f.files.length > 0 && (
        <p data-cachegrind-files={id}>
          {t('common.instructions.files')}{' '}
          {f.files.map((file, i) => (
            <span key={file.target}>
              {i > 0 && ' · '}
              {file.name}: <a href={dataUrl(file.short)}>{t('common.instructions.shortRuns')}</a>,{' '}
              <a href={dataUrl(file.long)}>{t('common.instructions.longRuns')}</a>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
