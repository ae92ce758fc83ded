// One case of the planner page: what changed, its finding, its table, the
// published study beside it, its instructions, its query and the plans of
// every version side by side.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import DataTable, {Num, Spread} from '@site/src/components/DataTable';
import {PLANNER_CASE, messageKey} from '@site/lib/i18n/message-keys.mjs';
import {
  ControlNote,
  Stat,
  Versus,
  sentences,
  tableNote,
  verdictSentence,
  Agreement,
  VersionCell,
} from '@site/src/components/RunFigures';
import InstructionsSection from '@site/src/components/InstructionsSection';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

/** What pgbench ran for a planner case, against the article's script: the same, or both shown. */
function ScriptNote({script}) {
  const t = useT();
  if (!script) return null;
  if (script.same) return <p data-script="same">{t('planner.script.same')}</p>;
  const unrecorded = script.ran === null;
  return (
    <div data-script={unrecorded ? 'unrecorded' : script.article ? 'differs' : 'ours'}>
      {unrecorded ? (
        <p>{t('planner.script.unrecorded')}</p>
      ) : (
        <>
          <p>{t(script.article ? 'planner.script.differs' : 'planner.script.ours')}</p>
          <CodeBlock language="sql">{script.ran}</CodeBlock>
        </>
      )}
      {script.article && (
        <>
          <p>{t('planner.script.article')}</p>
          <CodeBlock language="sql">{script.article}</CodeBlock>
        </>
      )}
    </div>
  );
}

/** The published study beside the planner page's case: its figures, its speedups and ours. */
function PublishedCase({data, c}) {
  const t = useT();
  if (!c.published) return null;
  const {stated} = c.published;
  return (
    <>
      <DataTable
        data-published={c.id}
        columns={[
          t('common.table.version'),
          {label: t('common.table.tps'), numeric: true},
          {label: t('common.table.latencyAvg'), numeric: true},
          {label: t('planner.published.execution'), numeric: true},
          {label: t('common.table.speedup', {base: c.published.rows[0].name}), numeric: true},
        ]}
        caption={t('planner.published.caption', {
          source: data.study.title,
          instance: data.study.machine.instance ?? '?',
          vcpus: data.study.machine.vcpus ?? '?',
          memory: data.study.machine.memoryGb ?? '?',
        })}
      >
        {c.published.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <VersionCell name={r.name} version={r.version} />
            <Num data-figure="tps">{r.tps}</Num>
            <Num data-figure="latencyAvg">{r.latencyAvg}</Num>
            <Num data-figure="execution">{r.executionMs ?? '—'}</Num>
            <Num data-figure="ratio">
              {r.tpsRatio ? t('common.times', {ratio: r.tpsRatio}) : t('common.baseline')}
              {r.executionRatio && <Spread>{t('planner.published.executionRatio', {ratio: r.executionRatio})}</Spread>}
            </Num>
          </tr>
        ))}
      </DataTable>
      {stated.tps && <p>{t('planner.published.stated', {tps: stated.tps, execution: stated.execution ?? '?'})}</p>}
      <Agreement agreement={c.agreement} source={data.study.title} />
    </>
  );
}

/** One case of the planner page: what changed, finding, table, query, plans side by side. */
/** What the case found for the version in focus: its speed-up, then its verdict. */
function Finding({c, focus}) {
  const t = useT();
  const gap = useSentenceGap();
  const finding = t('planner.finding', {
    name: focus.name,
    ratio: focus.comparison.ratioText,
    tps: focus.figures.tps.text,
    base: c.baseline,
    baseTps: c.rows[0].figures.tps.text,
  });
  const verdict = sentences([verdictSentence(t, {...focus.comparison, name: focus.name, base: c.baseline})], gap);
  return (
    <p className="finding">
      <Explained>{finding + gap + verdict}</Explained>
    </p>
  );
}

export default function PlannerCase({data, case: id}) {
  const t = useT();
  const gap = useSentenceGap();
  const c = data.cases.find((x) => x.id === id);
  if (!c) throw new Error(`No case "${id}" in the run (${data.cases.map((x) => x.id).join(', ')}).`);
  const focus = c.rows[1];
  const keys = messageKey(PLANNER_CASE, id, 'PLANNER_CASE');
  return (
    <section>
      <Heading as="h2" id={id}>
        {t(keys.title)}
      </Heading>
      <p>
        <Explained>{t(keys.what)}</Explained>
      </p>
      {c.session && <p data-session>{t('planner.session', {settings: c.session})}</p>}
      {focus?.comparison && <Finding c={c} focus={focus} />}
      <ControlNote control={c.control} />
      <DataTable
        data-case={id}
        columns={[
          t('common.table.version'),
          {label: t('common.table.tps'), numeric: true},
          {label: t('common.table.latencyAvg'), numeric: true},
          {label: t('common.table.speedup', {base: c.baseline}), numeric: true},
        ]}
        caption={[
          tableNote(t, c.parameters.repeats, false),
          c.unchecked &&
            t(
              c.unchecked.all ? 'common.table.uncheckedThroughputAll' : 'common.table.uncheckedThroughput',
              c.unchecked,
            ),
        ]
          .filter(Boolean)
          .join(gap)}
      >
        {c.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <VersionCell name={r.name} version={r.version} />
            <Stat stat={r.figures.tps} figure="tps" />
            <Stat stat={r.figures.latencyAvg} figure="latencyAvg" />
            <Versus compare={r.comparison} as="ratio" />
          </tr>
        ))}
      </DataTable>
      <PublishedCase data={data} c={c} />
      <InstructionsSection page="pg17-planner" id={id} figures={c.instructions} run={data.instructionsRun} />
      <p>
        <Explained>{t(keys.look)}</Explained>
      </p>
      <Heading as="h3" id={`${id}-query`}>
        {t('planner.query')}
      </Heading>
      {c.sql && <CodeBlock language="sql">{c.sql}</CodeBlock>}
      <ScriptNote script={c.script} />
      <CodeBlock language="bash">{`# ${t('common.commands.run')}\n${c.command}`}</CodeBlock>
      <Heading as="h3" id={`${id}-plans`}>
        {t('planner.plans')}
      </Heading>
      <div className={styles.plans}>
        {c.plans.map((p) => (
          <div key={p.target} data-plan={p.target}>
            <strong>{p.name}</strong>
            {p.plan ? (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a tall plan scrolls inside its box by keyboard
              <pre tabIndex={0}>{p.plan}</pre>
            ) : (
              <p>{t('planner.planError', {error: p.error?.message ?? String(p.error)})}</p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
