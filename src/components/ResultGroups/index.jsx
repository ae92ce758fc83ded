// The groups of a run as every page of results shows them (lib/pages/result-groups.mjs), one tab each: its
// heading, what the page says of it, its parameters, its statement, the A/A control, the table of every server
// against the first, what the page adds below the table, the charts, the instructions and the commands.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import DataTable, {Num} from '@site/src/components/DataTable';
import GroupTabs from '@site/src/components/GroupTabs';
import InstructionsSection from '@site/src/components/InstructionsSection';
import ServerActivity from '@site/src/components/ServerActivity';
import {ControlNote, Stat, Versus, sentences, tableNote, VersionCell} from '@site/src/components/RunFigures';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

const FIGURE_HEADINGS = {
  count: 'common.table.count',
  tps: 'common.table.tps',
  min: 'common.table.min',
  max: 'common.table.max',
  latencyAvg: 'common.table.latencyAvg',
};

/**
 * @param {{data: object, title: string, page: string|Function, firstColumn: string, intro?: Function,
 *   parameters: Function, below?: Function, instructions?: boolean}} props  title: the tabs' heading (a catalog
 *   key); page: the page's data id (its on-demand file), or the loader of that file; firstColumn: the servers'
 *   column heading (a key); intro(g), parameters(g),
 *   below(g, columns): what the page says of a group before its figures and adds after its table; instructions:
 *   false to leave out the section of a run counted in no instructions run; versusNote: how the table's change
 *   is made, in the page's words (a key; common.table.versusNote by default)
 */
export default function ResultGroups({data, title, ...page}) {
  const t = useT();
  return (
    <>
      <Heading as="h2" id="details">
        {t(title)}
      </Heading>
      <GroupTabs
        label={t(title)}
        parts={data.groups.map((g) => ({
          id: g.id,
          title: g.title,
          content: <ResultGroup data={data} group={g} {...page} />,
        }))}
      />
    </>
  );
}

function ResultGroup({data, group: g, page, firstColumn, intro, parameters, below, instructions = true, versusNote}) {
  const t = useT();
  const gap = useSentenceGap();
  const columns = g.rows.length > 0 ? figureColumns(t, firstColumn, g.rows[0]) : null;
  return (
    <section data-group={g.id}>
      <Heading as="h2" id={g.id}>
        {g.title}
      </Heading>
      {intro?.(g)}
      {g.rows.length === 0 ? (
        <p data-timed-missing={g.id}>{t('common.timedMissing')}</p>
      ) : (
        <>
          <p>
            <Explained>{parameters(g)}</Explained>
          </p>
          <GroupFindings group={g} />
          <ControlNote control={g.control} />
          {g.drift && (
            <p data-drift={g.drift.way}>
              <Explained>
                {sentences(
                  [
                    t(g.drift.way === 'fell' ? 'common.drift.fell' : 'common.drift.rose', g.drift),
                    g.drift.sampler && t('common.drift.sampler'),
                  ],
                  gap,
                )}
              </Explained>
            </p>
          )}
          <DataTable data-group={g.id} columns={columns} caption={caption(t, g, versusNote, gap)}>
            {g.rows.map((r) => (
              <FigureRow key={r.target} row={r}>
                {r.otherBuild || r.unpairedControl ? (
                  <Num>{t(r.otherBuild ? 'common.otherBuild' : 'common.unpairedControl')}</Num>
                ) : (
                  <Versus compare={r.comparison} />
                )}
              </FigureRow>
            ))}
          </DataTable>
          {below?.(g, columns, (row) => figureColumns(t, firstColumn, row))}
        </>
      )}
      <ServerActivity page={page} id={g.id} activity={g.activity} />
      <div className={styles.charts}>
        {g.charts.map((spec) => (
          <Chart key={spec.id} spec={spec} />
        ))}
      </div>
      {instructions && (
        <InstructionsSection page={page} id={g.id} figures={g.instructions} run={data.instructionsRun} />
      )}
      <GroupCommands group={g} />
    </section>
  );
}

/**
 * The table's note (its sentences apart as its language sets them apart), why it has no latencies where pgbench
 * did not time every transaction of a run, and what of a part of the run the build could not check.
 */
const caption = (t, g, versusNote, gap) =>
  [
    tableNote(t, g.parameters.repeats, versusNote, gap),
    g.untimed && t(g.untimed.all ? 'common.table.untimedAll' : 'common.table.untimed', g.untimed),
    g.unchecked.throughput &&
      t(
        g.unchecked.throughput.all ? 'common.table.uncheckedThroughputAll' : 'common.table.uncheckedThroughput',
        g.unchecked.throughput,
      ),
    g.unchecked.latencies &&
      t(g.unchecked.latencies.all ? 'common.table.uncheckedAll' : 'common.table.unchecked', g.unchecked.latencies),
  ]
    .filter(Boolean)
    .join(gap);

/** The table's columns: the server, each figure, the change against the first. */
function figureColumns(t, firstColumn, base) {
  const heading = (f) => (FIGURE_HEADINGS[f] ? t(FIGURE_HEADINGS[f]) : t('common.table.percentile', {p: f.slice(1)}));
  return [
    t(firstColumn),
    ...Object.keys(base.figures).map((name) => ({label: heading(name), numeric: true})),
    {label: t('common.table.versus', {base: base.name}), numeric: true},
  ];
}

/** The group's statement, or why there were too few runs to make one. */
function GroupFindings({group: g}) {
  const t = useT();
  const gap = useSentenceGap();
  return (
    <p className="finding" data-findings={g.id}>
      <Explained>
        {g.undecidable ? t('common.verdict.sentence.tooFew', g.undecidable) : sentences(g.statement ?? [], gap)}
      </Explained>
    </p>
  );
}

/** A server's row: its figures, then (the children) its change against the first. */
export function FigureRow({row: r, children}) {
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

/** The commands that ran the group: the data load and the workload's setup SQL where it had them, one run. */
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
