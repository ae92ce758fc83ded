// Components of the pages made from measured runs (PostgreSQL versions,
// planner, methodology, runs). Figures arrive formatted from the data plugin;
// words come from the catalog.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import {ScrollTable} from '@site/src/components/ManagedPostgres';
import styles from '@site/src/components/ManagedPostgres/styles.module.css';

/** A median with its repeats' spread under it. */
export function Stat({stat, figure}) {
  if (!stat) return <td className={styles.number}>—</td>;
  return (
    <td className={styles.number} data-figure={figure}>
      {stat.text}
      {stat.ok > 1 && stat.spread !== stat.text && <span className={styles.spread}>{stat.spread}</span>}
    </td>
  );
}

/** Links to a run's data files (emitted into static/data/ by the build). */
export function RunData({run}) {
  const t = useT();
  return (
    <>
      <a href={run.data.json} data-run-file="json">{t('common.json')}</a>
      {' · '}
      <a href={run.data.csv} data-run-file="csv">{t('common.csv')}</a>
    </>
  );
}

/** Which run the page's figures come from, on what, and how to read them. */
export function RunProvenance({data}) {
  const t = useT();
  const gap = useSentenceGap();
  const {run} = data;
  return (
    <div className={styles.provenance} role="note">
      <strong>{t('common.run.title')}</strong>
      {gap}
      {[
        t('common.run.text', {id: run.id, date: run.date, cpus: run.host.cpus ?? '?', cpuModel: run.host.cpuModel ?? '?', memory: run.host.memoryGib ?? '?', os: run.host.os ?? '?', pgbench: run.pgbench ?? '?'}),
        run.durationS && t('common.run.shortened', {duration: run.durationS, design: run.designDurationS.join(', ')}),
        run.dirty && t('common.run.dirty', {sha: run.gitSha ?? '?'}),
        t('common.run.data'),
      ].filter(Boolean).join(gap)}{' '}
      <RunData run={run} />
    </div>
  );
}

/** A comparison with the baseline: percent (versions) or times (planner), and whether it is noise. */
function Versus({compare, as = 'percent'}) {
  const t = useT();
  if (!compare) return <td className={styles.number}>{t('common.baseline')}</td>;
  const main = as === 'percent' ? compare.percentText : t('common.times', {ratio: compare.ratioText});
  return (
    <td className={styles.number} data-figure={as === 'percent' ? 'percent' : 'ratio'}>
      {main}
      <span className={styles.spread}>{compare.withinNoise ? t('common.noise.within') : t('common.noise.outside')}</span>
    </td>
  );
}

const FIGURE_HEADINGS = {count: 'common.table.count', tps: 'common.table.tps', min: 'common.table.min', max: 'common.table.max'};

/** One scenario of the versions page: parameters, finding, table, charts, commands. */
export function VersionsScenario({data, scenario: id}) {
  const t = useT();
  const gap = useSentenceGap();
  const s = data.scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`No scenario "${id}" in the run (${data.scenarios.map((x) => x.id).join(', ')}).`);
  const base = s.rows[0];
  const heading = (f) => (FIGURE_HEADINGS[f] ? t(FIGURE_HEADINGS[f]) : t('common.table.percentile', {p: f.slice(1)}));
  const f = s.finding;
  return (
    <section>
      <Heading as="h2" id={id}>{t(`versions.scenarios.${id}.name`)}</Heading>
      <p>{t(`versions.scenarios.${id}.intro`)}</p>
      <p>{t('versions.parameters', {builtin: s.parameters.builtin, scale: s.parameters.scale, clients: s.parameters.clients, threads: s.parameters.threads, duration: s.parameters.durationS, repeats: s.parameters.repeats})}</p>
      <p className="finding">
        {t('versions.finding', {fastest: f.fastest, fastestTps: f.fastestTps, slowest: f.slowest, slowestTps: f.slowestTps, percent: f.percent})}
        {gap}
        {t(f.withinNoise ? 'versions.noise.within' : 'versions.noise.outside')}
      </p>
      <ScrollTable><table className={styles.table} data-scenario={id}>
        <thead>
          <tr>
            <th scope="col">{t('common.table.version')}</th>
            {Object.keys(base.figures).map((name) => <th key={name} scope="col" className={styles.number}>{heading(name)}</th>)}
            <th scope="col" className={styles.number}>{t('common.table.versus', {base: base.name})}</th>
          </tr>
        </thead>
        <tbody>
          {s.rows.map((r) => (
            <tr key={r.target} data-target={r.target}>
              <th scope="row">{r.name}<span className={styles.spread}>{r.version}</span></th>
              {Object.entries(r.figures).map(([name, stat]) => <Stat key={name} stat={stat} figure={name} />)}
              <Versus compare={r.versusFirst} />
            </tr>
          ))}
        </tbody>
        <caption className={styles.caption}>{t('common.table.note', {repeats: s.parameters.repeats})}</caption>
      </table></ScrollTable>
      {s.charts.map((spec) => <Chart key={spec.id} spec={spec} />)}
      <Heading as="h3" id={`${id}-commands`}>{t('common.commands.title')}</Heading>
      <CodeBlock language="bash">{[s.commands.init && `# ${t('common.commands.init')}\n${s.commands.init}`, `# ${t('common.commands.run')}\n${s.commands.run}`].filter(Boolean).join('\n\n')}</CodeBlock>
    </section>
  );
}

/** One case of the planner page: what changed, finding, table, query, plans side by side. */
export function PlannerCase({data, case: id}) {
  const t = useT();
  const gap = useSentenceGap();
  const c = data.cases.find((x) => x.id === id);
  if (!c) throw new Error(`No case "${id}" in the run (${data.cases.map((x) => x.id).join(', ')}).`);
  const focus = c.rows[1];
  return (
    <section>
      <Heading as="h2" id={id}>{t(`planner.cases.${id}.title`)}</Heading>
      <p>{t(`planner.cases.${id}.what`)}</p>
      {focus?.versusBase && (
        <p className="finding">
          {t('planner.finding', {name: focus.name, ratio: focus.versusBase.ratioText, tps: focus.figures.tps.text, base: c.baseline, baseTps: c.rows[0].figures.tps.text})}
          {gap}
          {t(focus.versusBase.withinNoise ? 'common.noise.withinLong' : 'common.noise.outsideLong')}
        </p>
      )}
      <ScrollTable><table className={styles.table} data-case={id}>
        <thead>
          <tr>
            <th scope="col">{t('common.table.version')}</th>
            <th scope="col" className={styles.number}>{t('common.table.tps')}</th>
            <th scope="col" className={styles.number}>{t('common.table.latencyAvg')}</th>
            <th scope="col" className={styles.number}>{t('common.table.speedup', {base: c.baseline})}</th>
          </tr>
        </thead>
        <tbody>
          {c.rows.map((r) => (
            <tr key={r.target} data-target={r.target}>
              <th scope="row">{r.name}<span className={styles.spread}>{r.version}</span></th>
              <Stat stat={r.figures.tps} figure="tps" />
              <Stat stat={r.figures.latencyAvg} figure="latencyAvg" />
              <Versus compare={r.versusBase} as="ratio" />
            </tr>
          ))}
        </tbody>
        <caption className={styles.caption}>{t('common.table.note', {repeats: c.parameters.repeats})}</caption>
      </table></ScrollTable>
      <p>{t(`planner.cases.${id}.look`)}</p>
      <Heading as="h3" id={`${id}-query`}>{t('planner.query')}</Heading>
      {c.sql && <CodeBlock language="sql">{c.sql}</CodeBlock>}
      <CodeBlock language="bash">{`# ${t('common.commands.run')}\n${c.command}`}</CodeBlock>
      <Heading as="h3" id={`${id}-plans`}>{t('planner.plans')}</Heading>
      <div className={styles.plans}>
        {c.plans.map((p) => (
          <div key={p.target} data-plan={p.target}>
            <strong>{p.name}</strong>
            {p.plan ? <pre>{p.plan}</pre> : <p>{t('planner.planError', {error: p.error?.message ?? String(p.error)})}</p>}
          </div>
        ))}
      </div>
    </section>
  );
}

/** Every run in results/. */
export function RunsTable({data}) {
  const t = useT();
  return (
    <ScrollTable><table className={styles.table}>
      <thead>
        <tr>
          {['run', 'date', 'suite', 'host', 'versions', 'cells', 'data'].map((k) => <th key={k} scope="col">{t(`runs.table.${k}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {data.runs.map((r) => (
          <tr key={r.id} data-run={r.id}>
            <td><code>{r.id}</code></td>
            <td>{r.date}</td>
            <td>{r.suite ?? t('runs.imported')}</td>
            <td>{r.host.cpus ? t('runs.host', {cpus: r.host.cpus, memory: r.host.memoryGib, os: r.host.os}) : t('runs.unknownHost')}</td>
            <td>{r.servers.map((s) => s.version).join(', ')}</td>
            <td>
              {t(r.allOk ? 'runs.allOk' : 'runs.someFailed', {cells: r.cells, ok: r.ok, failed: r.failed, aborted: r.aborted})}
              {r.dirty && <span className={styles.spread}>{t('runs.dirty')}</span>}
            </td>
            <td><RunData run={r} /></td>
          </tr>
        ))}
      </tbody>
    </table></ScrollTable>
  );
}

/** Each suite: its design and the command that reruns it. */
export function SuitesTable({data}) {
  const t = useT();
  return data.suites.map((s) => (
    <section key={s.id} data-suite={s.id}>
      <Heading as="h3" id={`suite-${s.id}`}>{t(`method.suites.${s.id}`)}</Heading>
      <p>{t('method.suiteDesign', {versions: s.versions, repeat: s.repeat, workloads: s.workloads.join(', ')})}</p>
      <ScrollTable><table className={styles.table}>
        <thead>
          <tr>
            {['scenario', 'scale', 'clients', 'threads', 'duration'].map((k) => <th key={k} scope="col">{t(`method.table.${k}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {s.scenarios.map((sc) => (
            <tr key={sc.id} data-scenario={sc.id}>
              <td><code>{sc.id}</code></td>
              <td className={styles.number} data-figure="scale">{sc.scale ?? '—'}</td>
              <td className={styles.number} data-figure="clients">{sc.clients}</td>
              <td className={styles.number} data-figure="threads">{sc.threads}</td>
              <td className={styles.number}>{sc.durationS ? t('common.seconds', {value: sc.durationS}) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table></ScrollTable>
      {s.settings.length > 0 && <p>{t('method.settings', {settings: s.settings.join(', ')})}</p>}
      <CodeBlock language="bash">{s.command}</CodeBlock>
    </section>
  ));
}

/** The rounding rule, shown on figures of a real run. */
export function RoundingTable({data}) {
  const t = useT();
  return (
    <ScrollTable><table className={styles.table}>
      <thead>
        <tr>
          {['figure', 'measured', 'shown'].map((k) => <th key={k} scope="col">{t(`method.rounding.${k}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {data.examples.map((e) => (
          <tr key={e.kind} data-kind={e.kind}>
            <td>{t(`method.rounding.kinds.${e.kind}`, {p: e.p})}</td>
            <td className={styles.number}><code>{e.raw}</code></td>
            <td className={styles.number}>{e.text}</td>
          </tr>
        ))}
      </tbody>
      <caption className={styles.caption}>{t('method.rounding.source', {run: data.exampleRun})}</caption>
    </table></ScrollTable>
  );
}

/** The machines of the runs the pages show. */
export function MachinesTable({data}) {
  const t = useT();
  return (
    <ScrollTable><table className={styles.table}>
      <thead>
        <tr>
          {['run', 'cpu', 'memory', 'os', 'pgbench', 'servers'].map((k) => <th key={k} scope="col">{t(`method.machines.${k}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {data.runs.map((r) => (
          <tr key={r.id}>
            <td><code>{r.id}</code></td>
            <td>{t('method.machines.cpuText', {cpus: r.host.cpus ?? '?', model: r.host.cpuModel ?? '?'})}</td>
            <td className={styles.number}>{t('method.machines.gib', {value: r.host.memoryGib ?? '?'})}</td>
            <td>{r.host.os}</td>
            <td>{r.pgbench}</td>
            <td>{r.servers.map((s) => s.version).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table></ScrollTable>
  );
}

/** The newest quick run (the one `npm start` makes): one table, one chart; or how to make one. */
export function QuickRun({data}) {
  const t = useT();
  const gap = useSentenceGap();
  if (!data.run) {
    return (
      <>
        <p data-quick-run="none">{t('quick.none')}</p>
        <CodeBlock language="bash">{'npm start\n\nnpm run bench -- run quick\nnpm run build'}</CodeBlock>
      </>
    );
  }
  const f = data.finding;
  const servers = data.targets.length;
  return (
    <>
      <RunProvenance data={data} />
      <p className="finding">
        {[data.durationS && t('quick.caveat', {duration: data.durationS}), f && t('quick.finding', f)].filter(Boolean).join(gap)}
      </p>
      <ScrollTable><table className={styles.table} data-quick-run={data.run.id}>
        <thead>
          <tr>
            <th scope="col">{t('quick.table.workload')}</th>
            <th scope="col" className={styles.number}>{t('quick.table.clients')}</th>
            <th scope="col">{t('common.server')}</th>
            <th scope="col" className={styles.number}>{t('common.table.tps')}</th>
            <th scope="col" className={styles.number}>{t('common.table.latencyAvg')}</th>
            <th scope="col" className={styles.number}>{t('common.table.versus', {base: data.targets[0].name})}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.flatMap((r) =>
            r.servers.map((s, i) => (
              <tr key={`${r.key}/${s.target}`} data-row={r.key} data-target={s.target}>
                {i === 0 && <th scope="rowgroup" rowSpan={servers}><code>{r.workload}</code></th>}
                {i === 0 && <td rowSpan={servers} className={styles.number}>{r.clients}</td>}
                <th scope="row">{data.targets[i].name}</th>
                <Stat stat={s.tps} figure="tps" />
                <Stat stat={s.latencyAvg} figure="latencyAvg" />
                {i === 0 ? <td className={styles.number}>{t('common.baseline')}</td> : s.versus ? <Versus compare={s.versus} /> : <td className={styles.number}>—</td>}
              </tr>
            )),
          )}
        </tbody>
        <caption className={styles.caption}>{t('common.table.note', {repeats: data.rows[0]?.repeats ?? '—'})}</caption>
      </table></ScrollTable>
      {data.charts.map((spec) => <Chart key={spec.id} spec={spec} />)}
      <Heading as="h2" id="commands">{t('common.commands.title')}</Heading>
      <CodeBlock language="bash">{[`# ${t('quick.rerun')}\nnpm run bench -- run quick`, data.command && `# ${t('common.commands.run')}\n${data.command}`].filter(Boolean).join('\n\n')}</CodeBlock>
    </>
  );
}
