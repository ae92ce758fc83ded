// A suite page's groups, one tab each: what its workload and scenario are, its parameters, its statement,
// the A/A control, the table of every server against the first, the charts, the instructions and the commands.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import DataTable from '@site/src/components/DataTable';
import GroupTabs from '@site/src/components/GroupTabs';
import InstructionsSection from '@site/src/components/InstructionsSection';
import {ControlNote, Stat, Versus, sentences, tableNote, VersionCell} from '@site/src/components/RunFigures';
import {Words} from './Words';
import styles from './styles.module.css';

const FIGURE_HEADINGS = {
  count: 'common.table.count',
  tps: 'common.table.tps',
  min: 'common.table.min',
  max: 'common.table.max',
};

export default function SuiteGroups({data}) {
  const t = useT();
  return (
    <>
      <Heading as="h2" id="details">
        {t('suite.details')}
      </Heading>
      <GroupTabs
        label={t('suite.details')}
        parts={data.groups.map((g) => ({id: g.id, title: g.title, content: <SuiteGroup data={data} group={g} />}))}
      />
    </>
  );
}

function SuiteGroup({data, group: g}) {
  const t = useT();
  const gap = useSentenceGap();
  const heading = (f) => (FIGURE_HEADINGS[f] ? t(FIGURE_HEADINGS[f]) : t('common.table.percentile', {p: f.slice(1)}));
  const base = g.rows[0];
  const p = g.parameters;
  return (
    <section data-group={g.id}>
      <Heading as="h2" id={g.id}>
        {g.title}
      </Heading>
      <GroupAbout group={g} />
      <p>
        {t(p.scale === null ? 'suite.parameters' : 'suite.parametersScale', {
          scale: p.scale,
          clients: p.clients,
          threads: p.threads,
          duration: p.durationS ?? '—',
          repeats: p.repeats,
        })}
      </p>
      <p className="finding" data-findings={g.id}>
        {g.undecidable ? t('common.verdict.sentence.tooFew', g.undecidable) : sentences(g.statement ?? [], gap)}
      </p>
      <ControlNote control={g.control} />
      <DataTable
        data-group={g.id}
        columns={[
          t('common.server'),
          ...Object.keys(base.figures).map((name) => ({label: heading(name), numeric: true})),
          {label: t('common.table.versus', {base: base.name}), numeric: true},
        ]}
        caption={tableNote(t, p.repeats)}
      >
        {g.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <VersionCell name={r.name} version={r.version} />
            {Object.entries(r.figures).map(([name, stat]) => (
              <Stat key={name} stat={stat} figure={name} />
            ))}
            <Versus compare={r.comparison} />
          </tr>
        ))}
      </DataTable>
      <div className={styles.charts}>
        {g.charts.map((spec) => (
          <Chart key={spec.id} spec={spec} />
        ))}
      </div>
      {data.instructionsRun && (
        <InstructionsSection page={`suite-${data.id}`} id={g.id} figures={g.instructions} run={data.instructionsRun} />
      )}
      <GroupCommands group={g} />
    </section>
  );
}

/** What the suite says its workload and scenario are. */
function GroupAbout({group: g}) {
  const t = useT();
  const {workload, scenario} = g.about;
  if (!workload && !scenario) return null;
  return (
    <dl>
      {workload && (
        <>
          <dt>{t('suite.about.workload', {id: g.workload})}</dt>
          <dd>
            <Words text={workload} />
          </dd>
        </>
      )}
      {scenario && (
        <>
          <dt>{t('suite.about.scenario', {id: g.scenario})}</dt>
          <dd>
            <Words text={scenario} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** The commands that ran the group: the data load and setup SQL where it had them, then one measured run. */
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
          g.commands.setup && `# ${t('suite.commands.setup')}\n${g.commands.setup}`,
          `# ${t('common.commands.run')}\n${g.commands.run}`,
        ]
          .filter(Boolean)
          .join('\n\n')}
      </CodeBlock>
    </>
  );
}
