// The versions page's detail: one tab per comparison group, each with its
// parameters, one statement per measure, the tables (ours, published), the
// charts, the instructions and the commands.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import DataTable, {Num} from '@site/src/components/DataTable';
import GroupTabs from '@site/src/components/GroupTabs';
import {VERSIONS_INTRO, messageKey} from '@site/lib/i18n/message-keys.mjs';
import {ControlNote, Stat, Versus, sentences, tableNote, Agreement, VersionCell} from '@site/src/components/RunFigures';
import InstructionsSection from '@site/src/components/InstructionsSection';
import styles from './styles.module.css';

const FIGURE_HEADINGS = {
  count: 'common.table.count',
  tps: 'common.table.tps',
  min: 'common.table.min',
  max: 'common.table.max',
};

/** Every comparison group of the versions page, in the run's order. */
export default function VersionsGroups({data}) {
  const t = useT();
  return (
    <>
      <Heading as="h2" id="details">
        {t('versions.details.title')}
      </Heading>
      <GroupTabs
        label={t('versions.details.title')}
        parts={data.groups.map((g) => ({
          id: g.id,
          title: g.title,
          content: <VersionsGroup data={data} group={g} />,
        }))}
      />
    </>
  );
}

/** One comparison group of the versions page: parameters, findings, tables (ours, published), charts, commands. */
function VersionsGroup({data, group: g}) {
  const t = useT();
  const columns = figureColumns(t, g.rows[0]);
  return (
    <section data-group={g.id}>
      <Heading as="h2" id={g.id}>
        {g.title}
      </Heading>
      <p>{t(messageKey(VERSIONS_INTRO, `${g.scenario}/${g.workload}`, 'VERSIONS_INTRO'))}</p>
      <GroupParameters parameters={g.parameters} />
      <GroupFindings group={g} />
      <ControlNote control={g.control} />
      <DataTable data-group={g.id} columns={columns} caption={tableNote(t, g.parameters.repeats)}>
        {g.rows.map((r) => (
          <FigureRow key={r.target} row={r}>
            <Versus compare={r.comparison} />
          </FigureRow>
        ))}
      </DataTable>
      {data.study && g.agreement && <Agreement agreement={g.agreement} source={data.study.title} />}
      {g.published && <PublishedFigures group={g} study={data.study} columns={columns} />}
      <div className={styles.charts}>
        {g.charts.map((spec) => (
          <Chart key={spec.id} spec={spec} />
        ))}
      </div>
      <InstructionsSection page="pg-versions" id={g.id} figures={g.instructions} run={data.instructionsRun} />
      <GroupCommands group={g} />
    </section>
  );
}

/** The table's columns, shared by our figures and the published ones: version, each figure, the change. */
function figureColumns(t, base) {
  const heading = (f) => (FIGURE_HEADINGS[f] ? t(FIGURE_HEADINGS[f]) : t('common.table.percentile', {p: f.slice(1)}));
  return [
    t('common.table.version'),
    ...Object.keys(base.figures).map((name) => ({label: heading(name), numeric: true})),
    {label: t('common.table.versus', {base: base.name}), numeric: true},
  ];
}

function GroupParameters({parameters: p}) {
  const t = useT();
  return (
    <p>
      {t('versions.parameters', {
        builtin: p.builtin,
        scale: p.scale,
        clients: p.clients,
        threads: p.threads,
        duration: p.durationS,
        repeats: p.repeats,
      })}
    </p>
  );
}

/** The group's statement per measure, or why there were too few runs to make one. */
function GroupFindings({group: g}) {
  const t = useT();
  const gap = useSentenceGap();
  return (
    <p className="finding" data-findings={g.id}>
      {g.undecidable ? t('common.verdict.sentence.tooFew', g.undecidable) : sentences(g.statement ?? [], gap)}
    </p>
  );
}

/** A version's row: its figures, then (the children) its change against the first version. */
function FigureRow({row: r, children}) {
  return (
    <tr data-target={r.target}>
      <VersionCell name={r.name} version={r.version} />
      {Object.entries(r.figures).map(([name, stat]) => (
        <Stat key={name} stat={stat} figure={name} />
      ))}
      {children}
    </tr>
  );
}

/** The study's own figures for the group, folded under where they come from. */
function PublishedFigures({group: g, study, columns}) {
  const t = useT();
  return (
    <details data-published-figures={g.id}>
      <summary>
        {t('versions.published.intro', {
          source: study.title,
          date: study.date,
          duration: g.published.durationS,
          runs: study.runs,
        })}
      </summary>
      <DataTable
        data-published={g.id}
        columns={columns}
        caption={t('versions.published.caption', {source: study.title})}
      >
        {g.published.rows.map((r) => (
          <FigureRow key={r.target} row={r}>
            <Num data-figure="percent">{r.comparison ? r.comparison.changeText : t('common.baseline')}</Num>
          </FigureRow>
        ))}
      </DataTable>
    </details>
  );
}

/** The pgbench commands that ran the group, initialisation first when it had one. */
function GroupCommands({group: g}) {
  const t = useT();
  return (
    <>
      <Heading as="h3" id={`${g.id}-commands`}>
        {t('common.commands.title')}
      </Heading>
      <CodeBlock language="bash">
        {[
          g.commands.init && `# ${t('common.commands.init')}\n${g.commands.init}`,
          `# ${t('common.commands.run')}\n${g.commands.run}`,
        ]
          .filter(Boolean)
          .join('\n\n')}
      </CodeBlock>
    </>
  );
}
