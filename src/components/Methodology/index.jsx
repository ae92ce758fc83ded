// The tables of the Methodology page: suites, the comparison rule, run
// methods, the noise floor, the rounding rule and the machines.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useJoin, useSentenceGap, useSeparated, useT} from '@site/src/components/Msg';
import DataTable, {Num} from '@site/src/components/DataTable';
import {METHOD_ROUNDING_KIND, messageKey} from '@site/lib/i18n/message-keys.mjs';
import {Words} from '@site/src/components/SuitePage/Words';
import {Explained} from '@site/src/components/Terms';

/** Each suite: its design and the command that reruns it. */
export function SuitesTable({data}) {
  const t = useT();
  const separate = useSeparated();
  const join = useJoin();
  const gap = useSentenceGap();
  return data.suites.map((s) => (
    <section key={s.id} data-suite={s.id}>
      <Heading as="h3" id={`suite-${s.id}`}>
        <Words text={s.name} />
      </Heading>
      <p>
        <Explained>
          {[
            t('method.suiteDesign', {versions: s.versions, repeat: s.repeat, workloads: join(s.workloads)}),
            s.margin ? t('method.suiteMargin', {margin: s.margin}) : t('method.suiteNoMargin'),
            s.ran &&
              t('method.suiteRan', {
                run: s.ran.run,
                durations: s.ran.durationsText,
              }),
            s.ran?.loads && t('method.suiteLoads', {count: s.ran.loads}),
            s.ran?.loadsPerScale && t('method.suiteLoadsPerScale', {list: s.ran.loadsPerScale}),
            s.ran?.unevenLoads && t('method.suiteUnevenLoads', {list: s.ran.unevenLoads}),
            s.published && t('method.suitePublished', {minRepeats: data.minRepeats}),
            ...s.controls.map((c) =>
              t('method.suiteControl', {id: c.id, of: c.of, version: c.version, groups: controlGroups(c, separate)}),
            ),
          ]
            .filter(Boolean)
            .join(gap)}
        </Explained>
      </p>
      <DataTable
        columns={[
          'method.table.scenario',
          'method.table.scale',
          'method.table.clients',
          'method.table.threads',
          'method.table.duration',
          'method.table.warmup',
        ].map((k) => t(k))}
      >
        {s.scenarios.map((sc) => (
          <tr key={sc.id} data-scenario={sc.id}>
            <td>
              <Words text={sc.name} /> <code>{sc.id}</code>
            </td>
            <Num data-figure="scale">{sc.scale ?? '—'}</Num>
            <Num data-figure="clients">{sc.clients}</Num>
            <Num data-figure="threads">{sc.threads}</Num>
            <Num>{sc.durationS ? t('common.seconds', {value: sc.durationS}) : '—'}</Num>
            <Num>{sc.warmupS ? t('common.seconds', {value: sc.warmupS}) : '—'}</Num>
          </tr>
        ))}
      </DataTable>
      {s.settings.length > 0 && (
        <p>
          <Explained>{t('method.settings', {settings: join(s.settings)})}</Explained>
        </p>
      )}
      <CodeBlock language="bash">{s.command}</CodeBlock>
    </section>
  ));
}

/** Where an A/A control runs: its scenarios and workloads, or everywhere. */
const controlGroups = (c, separate) => {
  const groups = [...(c.scenarios ?? []), ...(c.workloads ?? [])];
  return groups.length > 0 ? separate(groups, '/') : '*';
};

/** What the runner did in each published run, from its result. */
/** How a comparison is decided, with each published suite's margins (Methodology). */
export function ComparisonRule({data}) {
  const t = useT();
  const gap = useSentenceGap();
  const next = data.margins.flatMap((m) => [
    m.nextTime && t('method.numbers.nextTime', {suite: m.suite, next: m.nextTime}),
    m.nextInstructions && t('method.numbers.nextInstructions', {suite: m.suite, next: m.nextInstructions}),
  ]);
  return (
    <Explained>
      {[
        t('method.numbers.noise', {margins: data.marginsText, level: data.level}),
        t('method.numbers.paired'),
        t('method.numbers.rounds', {rounds: data.roundPairs}),
        ...next.filter(Boolean),
      ].join(gap)}
    </Explained>
  );
}

export function RunMethods({data}) {
  // The same sentences for every run: left out of the search index, which would rank the page by them.
  return data.runs.map((run) => (
    <p key={run.id} data-run-method={run.id} data-pagefind-ignore="all">
      {/* The run on a line of its own: its id would run into the first sentence in Japanese and Chinese. */}
      <code>{run.id}</code>
      <br />
      <Explained>{run.method}</Explained>
    </p>
  ));
}

/** The A/A controls of the published runs: the noise floor, each from its verdict. */
export function NoiseFloor({data}) {
  const t = useT();
  if (data.noiseFloor.length === 0) return <p>{t('method.noiseFloor.none')}</p>;
  return (
    <ul>
      {data.noiseFloor.map((c) => (
        <li key={`${c.run}-${c.scenario}-${c.workload}`} data-noise-floor={c.verdict}>
          <Explained>{c.text}</Explained>
        </li>
      ))}
    </ul>
  );
}

/** The rounding rule, shown on figures of a real run. */
export function RoundingTable({data}) {
  const t = useT();
  return (
    <DataTable
      columns={['method.rounding.figure', 'method.rounding.measured', 'method.rounding.shown'].map((k) => t(k))}
      caption={t('method.rounding.source', {run: data.exampleRun})}
    >
      {data.examples.map((e) => (
        <tr key={e.kind} data-kind={e.kind}>
          <td>{t(messageKey(METHOD_ROUNDING_KIND, e.kind, 'METHOD_ROUNDING_KIND'), {p: e.p})}</td>
          <Num>
            <code>{e.raw}</code>
          </Num>
          <Num>{e.text}</Num>
        </tr>
      ))}
    </DataTable>
  );
}

/** The machines of the runs the pages show. */
export function MachinesTable({data}) {
  const t = useT();
  const join = useJoin();
  return (
    <DataTable
      columns={[
        'method.machines.run',
        'method.machines.cpu',
        'method.machines.memory',
        'method.machines.os',
        'method.machines.pgbench',
        'method.machines.servers',
      ].map((k) => t(k))}
    >
      {data.runs.map((r) => (
        <tr key={r.id}>
          <td>
            <code>{r.id}</code>
          </td>
          <td>{t('method.machines.cpuText', {cpus: r.host.cpus ?? '?', model: r.host.cpuModel ?? '?'})}</td>
          <Num>{t('method.machines.gib', {value: r.host.memoryGib ?? '?'})}</Num>
          <td>{r.host.os}</td>
          <td>{r.pgbench}</td>
          <td>{join(r.versions)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
