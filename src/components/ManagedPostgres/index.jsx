// Components of the benchmark pages. Every figure they show arrives formatted
// from the data plugin; every word comes from the catalog through useT.
import CodeBlock from '@theme/CodeBlock';
import Link from '@docusaurus/Link';
import {MANAGED_COMMAND_STEP, MANAGED_STORAGE, MANAGED_TEST, messageKey} from '@site/lib/i18n/message-keys.mjs';
import {useGaps, useJoin, useSentenceGap, useT} from '@site/src/components/Msg';
import DataTable, {Num} from '@site/src/components/DataTable';
import NoteBox from '@site/src/components/NoteBox';
import RunData from '@site/src/components/RunData';

/** Wide tables scroll inside their box, never the page. */
const testOf = (data, id) => {
  const test = data.tests.find((t) => t.id === id);
  if (!test) throw new Error(`No test "${id}" in the page's data (${data.tests.map((t) => t.id).join(', ')}).`);
  return test;
};

/**
 * Throughput of every system, and how much faster the fastest is than each
 * other one (computed, and as the source states it). The column names the
 * fastest system, so no row reads as if its own system were the faster.
 */
function ResultTable({data, test: id}) {
  const t = useT();
  const test = testOf(data, id);
  const against = Object.fromEntries(test.comparisons.map((c) => [c.versus, c]));
  const fastest = test.figures.find((f) => f.system === test.comparisons[0]?.system);
  return (
    <DataTable
      columns={[
        t('managed.table.system'),
        {label: t('managed.table.tps'), numeric: true},
        {label: t('managed.table.lead', {best: fastest?.name ?? ''}), numeric: true},
        t('managed.table.stated'),
      ]}
      caption={test.figures.some((f) => f.basis === 'derived') && `* ${t('managed.table.derived')}`}
    >
      {test.figures.map((f) => {
        const c = against[f.system];
        const stated =
          c?.stated &&
          [c.stated.percent, c.stated.ratio && t('managed.table.times', {ratio: c.stated.ratio})]
            .filter(Boolean)
            .join(', ');
        return (
          <tr key={f.system} data-system={f.system}>
            <td>
              {f.name}
              {f.basis === 'derived' && <sup title={t('managed.table.derived')}> *</sup>}
            </td>
            <Num data-figure="tps">{f.tps}</Num>
            <Num data-figure="lead">
              {c
                ? t('managed.table.leadCell', {times: t('managed.table.times', {ratio: c.ratio}), percent: c.percent})
                : t('managed.table.fastest')}
            </Num>
            <td>{stated || ''}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** The instance each system ran on. */
function SetupTable({data, test: id}) {
  const t = useT();
  const test = testOf(data, id);
  const rows = [
    ['managed.setup.postgres', (i) => i.postgresVersion],
    ['managed.setup.vcpus', (i) => i.vcpus],
    ['managed.setup.memory', (i) => t('managed.setup.gb', {value: i.memoryGb})],
    ['managed.setup.disk', (i) => (i.diskTb === null ? '—' : t('managed.setup.tb', {value: i.diskTb}))],
    [
      'managed.setup.storage',
      (i) => t(messageKey(MANAGED_STORAGE, i.storage, 'MANAGED_STORAGE'), {iops: i.iops ?? ''}),
    ],
  ];
  return (
    <DataTable columns={[null, ...test.instances.map((i) => i.name)]}>
      {rows.map(([key, value]) => (
        <tr key={key}>
          <th scope="row">{t(key)}</th>
          {test.instances.map((i) => (
            <td key={i.system}>{value(i)}</td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

/** The commands of a test, as the source gives them. */
export function Commands({data, test: id}) {
  const t = useT();
  const test = testOf(data, id);
  const text = test.commands
    .map((c) => `# ${t(messageKey(MANAGED_COMMAND_STEP, c.step, 'MANAGED_COMMAND_STEP'))}\n${c.command}`)
    .join('\n\n');
  return <CodeBlock language="bash">{text}</CodeBlock>;
}

/** Where the figures come from, and that they are rounded. */
export function Provenance({data}) {
  const t = useT();
  const gap = useSentenceGap();
  const gaps = useGaps();
  const {source, rounded} = data.dataset;
  const label = t('managed.provenance.source');
  const when =
    source.date === null
      ? t('managed.provenance.undated', {consulted: source.consulted})
      : t('managed.provenance.dated', {date: source.date, consulted: source.consulted});
  const dataLabel = t('common.run.data');
  return (
    <NoteBox>
      <strong>{t(rounded ? 'managed.provenance.roundedTitle' : 'managed.provenance.title')}</strong>
      {gap}
      {t('managed.provenance.text', {title: source.title, publisher: source.publisher})}
      <br />
      {label}
      {gaps.gap(label, source.title)}
      <a href={source.url} data-source-link>
        {source.title}
      </a>
      {gaps.gap(source.title, when)}
      {when}
      <br />
      {dataLabel}
      {gaps.gap(dataLabel)}
      <RunData run={data.dataset} />
    </NoteBox>
  );
}

/** A message about one test: its data set and scale. */
function TestIntro({data, test: id}) {
  const t = useT();
  const test = testOf(data, id);
  return (
    <p>{t(messageKey(MANAGED_TEST, test.id, 'MANAGED_TEST').intro, {datasetGb: test.datasetGb, scale: test.scale})}</p>
  );
}

/** Where the test's per-run data is (PostgresBench, on the Managed services page), or that there is none. */
function PerRun({data, test: id}) {
  const t = useT();
  const join = useJoin();
  const {gap} = useGaps();
  const {perRun} = testOf(data, id);
  if (!perRun) return <p data-per-run="none">{t('managed.perRun.none')}</p>;
  const text = t('managed.perRun.text', {files: perRun.files, dates: join(perRun.dates)});
  return (
    <p data-per-run={perRun.query}>
      {text}
      {gap(text)}
      <Link to={`/services${perRun.query}`}>{t('managed.perRun.link', {vcpus: perRun.vcpus, size: perRun.size})}</Link>
    </p>
  );
}

/** One test of the managed-Postgres page: what it does, its finding, its figures, its setup, its commands. */
export function TestSection({data, test: id}) {
  const t = useT();
  return (
    <section>
      <h2 id={id}>{t(messageKey(MANAGED_TEST, id, 'MANAGED_TEST').title)}</h2>
      <TestIntro data={data} test={id} />
      <ResultTable data={data} test={id} />
      <PerRun data={data} test={id} />
      <h3 id={`${id}-setup`}>{t('managed.setup.title')}</h3>
      <SetupTable data={data} test={id} />
      <h3 id={`${id}-commands`}>{t('managed.commands.title')}</h3>
      <Commands data={data} test={id} />
    </section>
  );
}
