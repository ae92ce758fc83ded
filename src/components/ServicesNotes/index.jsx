// The Managed services page around its comparison: the table of every file and
// run, the source's attribution, the method, and how to run the benchmark on
// your own database.
import CodeBlock from '@theme/CodeBlock';
import {useDataUrl} from '@site/src/components/DataUrl';
import Msg, {useSentenceGap, useSeparated, useT} from '@site/src/components/Msg';
import RepoPath from '@site/src/components/RepoPath';
import NoteBox from '@site/src/components/NoteBox';
import DataTable, {Num, Spread} from '@site/src/components/DataTable';
import {SERVICES_COLUMN, messageKey} from '@site/lib/i18n/message-keys.mjs';

/** Every file and every run, as numbers (what the bars are drawn from). */
export function FullTable({data}) {
  const t = useT();
  const separate = useSeparated();
  const dataUrl = useDataUrl();
  const cols = ['tps', 'latency', 'stddev', 'p95', 'p99', 'connection'];
  return (
    // A long table of figures with no verdict: stacked on a phone it was six times as tall (11,000 px); it
    // scrolls sideways instead, its first column kept in view.
    <DataTable
      stack={false}
      data-services-table
      columns={[
        t('services.table.file'),
        {label: t('services.table.run'), numeric: true},
        ...cols.map((c) => ({
          label: /^p\d+$/.test(c)
            ? t('services.table.percentile', {p: c.slice(1)})
            : t(messageKey(SERVICES_COLUMN, c, 'SERVICES_COLUMN')),
          numeric: true,
        })),
        {label: t('services.table.load'), numeric: true},
      ]}
    >
      {data.table.map((f) => {
        const r = data.rows.find((x) => x.id === f.id);
        const text = data.texts[r.id];
        return f.runs.map((run, i) => (
          <tr key={`${f.id}-${run.run}`}>
            {i === 0 && (
              <th scope="row" rowSpan={f.runs.length}>
                {r.url ? <a href={dataUrl(r.url)}>{systemName(t, r, separate)}</a> : systemName(t, r, separate)}
                <Spread>
                  {t('services.table.setup', {vcpus: text.vcpus, memory: text.memoryGb, size: text.size})}
                </Spread>
              </th>
            )}
            <Num>{run.run}</Num>
            {cols.map((c) => (
              <Num key={c}>{run[c] ?? '—'}</Num>
            ))}
            {i === 0 && <Num rowSpan={f.runs.length}>{f.load ?? '—'}</Num>}
          </tr>
        ));
      })}
    </DataTable>
  );
}

/** Whose data this is, under which license, at which commit. */
export function Attribution({data}) {
  const t = useT();
  const gap = useSentenceGap();
  const {source} = data;
  return (
    <NoteBox>
      <span data-attribution>
        <Msg
          id="services.attribution"
          values={{
            license: source.license,
            commit: source.shortCommit,
            folder: <RepoPath path="datasets/postgresbench/" />,
          }}
        />
      </span>
      {gap}
      <a href={source.url}>{t('services.attributionLink', {repository: source.repository})}</a>
    </NoteBox>
  );
}

/** How the imported files were measured: pgbench's parameters, as the files give them. */
export function Method({data}) {
  const t = useT();
  if (!data.params) return <p>{t('services.methodMixed')}</p>;
  return <p>{t('services.method', data.params)}</p>;
}

/** Running the same benchmark against your own server: the suite's commands, from the suite. */
export function OwnRun({data}) {
  const t = useT();
  if (data.commands.length === 0) return null;
  const text = [
    `# ${t('services.ownRun.url')}`,
    'export POSTGRESBENCH_URL=postgres://user:password@host:5432/db',
    ...data.commands.flatMap((c) => [
      '',
      `# ${t('services.ownRun.scenario', {size: c.scenario})}`,
      `# ${c.init}`,
      `# ${c.run}`,
      c.bench,
    ]),
    '',
    `# ${t('services.ownRun.export')}`,
    'node scripts/bench.mjs export results/postgresbench-<time>.json --out export \\',
    '  --system "My Postgres" --service my_postgres --vcpus <n> --ram-gb <n>',
  ].join('\n');
  return (
    <section>
      <h2 id="your-database">{t('services.ownRun.title')}</h2>
      <p>{t('services.ownRun.text')}</p>
      <CodeBlock language="bash">{text}</CodeBlock>
      <p>{t('services.ownRun.smoke')}</p>
    </section>
  );
}

/** A row's system: a service as its file names it; our own run said to be ours, with its server. */
export const systemName = (t, r, separate) =>
  r.measuredHere ? separate([t('services.measuredHere.name'), r.system]) : r.system;
