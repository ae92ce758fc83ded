// A group's instructions per transaction (versions and planner pages).
import {useEffect} from 'react';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import DataTable, {Num} from '@site/src/components/DataTable';
import {useDataUrl} from '@site/src/components/DataUrl';
import {NotLoaded, useOnDemand} from '@site/src/components/OnDemand';
import {useShownPair} from '@site/src/components/VersionsAnswer/shown-pair.mjs';
import {pairKey} from '@site/lib/model/keys.mjs';
import {ControlNote, Stat, Versus, sentences, verdictSentence, VersionCell} from '@site/src/components/RunFigures';
import ServerActivity from '@site/src/components/ServerActivity';
import FunctionsChange from './FunctionsChange';
import {Explained} from '@site/src/components/Terms';

/**
 * A group's instructions per transaction: how they were counted, the verdict
 * sentences, the A/A, the table, the chart, and, folded, the functions whose
 * work changed most (their rows loaded when the reader opens one) and the
 * Cachegrind files.
 */
export default function InstructionsSection({page, id, figures: f, run}) {
  // One loader for the whole section: opening any group's functions loads the rows of all of them.
  const rows = useOnDemand(page);
  if (!f) return <InstructionsMissing id={id} />;
  return (
    <section data-instructions={id}>
      <InstructionsHeading id={id} />
      <HowCounted id={id} run={run} parameters={f.parameters} />
      <InstructionFindings id={id} figures={f} />
      <ControlNote control={f.control} measure="instructions" />
      <InstructionsTable id={id} figures={f} />
      <ServerActivity page={page} id={`${id}-instructions`} activity={f.activity} />
      {f.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
      <FunctionsChanges id={id} figures={f} rows={rows} />
      {f.files.length > 0 && <CachegrindFiles id={id} files={f.files} />}
    </section>
  );
}

/**
 * The functions that changed, against the baseline the page's answer shows where the group has tables against
 * it (loaded on demand: the page carries those against its first view's baseline), else against its own base.
 */
function FunctionsChanges({id, figures: f, rows}) {
  const chosen = useShownPair()?.baseline;
  const base = chosen && f.functionBases?.includes(chosen) ? chosen : f.functionsBase;
  const own = base === f.functionsBase;
  const {load} = rows;
  useEffect(() => {
    if (!own) load();
  }, [own, load]);
  const list = own ? f.functions : rows.data?.versus[pairKey(id, base)];
  if (!list) return <NotLoaded failed={rows.failed} />;
  return list.map((fc) => <FunctionsChange key={`${fc.target} ${base}`} id={id} change={fc} rows={rows} />);
}

function InstructionsHeading({id}) {
  const t = useT();
  return (
    <Heading as="h3" id={`${id}-instructions`}>
      {t('common.instructions.title')}
    </Heading>
  );
}

/** A group the instructions run did not measure: the heading stays, so its anchor still leads somewhere. */
function InstructionsMissing({id}) {
  const t = useT();
  return (
    <>
      <InstructionsHeading id={id} />
      <p data-instructions-missing={id}>{t('common.instructions.none')}</p>
    </>
  );
}

/**
 * How the instructions were counted. The same words under every group: folded, and left out of the search
 * index, which would rank the page by them.
 */
function HowCounted({id, run, parameters}) {
  const t = useT();
  const gap = useSentenceGap();
  return (
    <details data-pagefind-ignore="all" data-instructions-method={id}>
      <summary>{t('common.instructions.howCounted')}</summary>
      <p>
        <Explained>{sentences(methodSentences(t, run, parameters), gap)}</Explained>
      </p>
    </details>
  );
}

/** The method's sentences, a falsy entry for each that does not apply to these parameters. */
function methodSentences(t, run, p) {
  return [
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
    p.withoutStatsFlushes && t('common.instructions.statsFlushes'),
    p.several && t('common.instructions.contention', {clients: p.clients}),
    p.timedClients && t('common.instructions.fewerClients', {clients: p.clients, timedClients: p.timedClients}),
  ];
}

/** The verdicts in words: the group's own statement when it has one, else a sentence per finding. */
function InstructionFindings({id, figures: f}) {
  const t = useT();
  const gap = useSentenceGap();
  return (
    <p className="finding" data-instruction-findings={id}>
      <Explained>
        {f.statement ??
          sentences(
            f.findings.map((v) => verdictSentence(t, v, 'instructions')),
            gap,
          )}
      </Explained>
    </p>
  );
}

/** Instructions per transaction of each version, and its change against the first. */
function InstructionsTable({id, figures: f}) {
  const t = useT();
  const p = f.parameters;
  return (
    <DataTable data-instructions-table={id} columns={tableColumns(t, f)} caption={tableCaption(t, f)}>
      {f.rows.map((r) => (
        <tr key={r.target} data-target={r.target}>
          <VersionCell name={r.name} version={r.version} />
          <Stat stat={r.instructions} figure="instructions" />
          {p.others && <Stat stat={r.other} figure="otherInstructions" />}
          {r.otherBuild || r.unpairedControl ? (
            <Num>{t(r.otherBuild ? 'common.otherBuild' : 'common.unpairedControl')}</Num>
          ) : (
            <Versus compare={r.comparison} measure="instructions" />
          )}
        </tr>
      ))}
    </DataTable>
  );
}

function tableColumns(t, f) {
  return [
    t('common.table.version'),
    {label: t('common.instructions.column'), numeric: true},
    ...(f.parameters.others ? [{label: t('common.instructions.otherColumn'), numeric: true}] : []),
    {label: t('common.table.versus', {base: f.rows[0].name}), numeric: true},
  ];
}

function tableCaption(t, f) {
  const p = f.parameters;
  return [
    t('common.instructions.caption', {repeats: p.repeats, margin: f.margin}),
    p.paired && t('common.instructions.paired'),
    p.otherDash && t('common.instructions.otherDash'),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Links to each version's Cachegrind files, short and long runs. */
function CachegrindFiles({id, files}) {
  const t = useT();
  const dataUrl = useDataUrl();
  return (
    <p data-cachegrind-files={id}>
      <Explained>{t('common.instructions.files')}</Explained>{' '}
      {files.map((file, i) => (
        <span key={file.target}>
          {i > 0 && ' · '}
          {file.name}: <a href={dataUrl(file.short)}>{t('common.instructions.shortRuns')}</a>,{' '}
          <a href={dataUrl(file.long)}>{t('common.instructions.longRuns')}</a>
        </span>
      ))}
    </p>
  );
}
