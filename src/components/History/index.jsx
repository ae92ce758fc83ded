// The history page: per suite and machine, each comparison group's figures
// over runs (charts with every run's 95% interval) and the steps between
// consecutive runs that the tests flag, each linked to both runs. Figures and
// verdicts arrive decided and formatted from lib/pages/history-page.mjs.
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import Chart from '@site/src/components/Chart';
import DataTable, {Num, Spread} from '@site/src/components/DataTable';
import {useDataUrl} from '@site/src/components/DataUrl';
import {useT} from '@site/src/components/Msg';
import {Explained} from '@site/src/components/Terms';

/** The suites, each linked to its section. */
export function SuiteIndex({data}) {
  const t = useT();
  return (
    <ul>
      {data.suites.map((s) => (
        <li key={s.id}>
          <a href={`#${s.id}`}>
            <code>{s.id}</code>
          </a>
          {': '}
          {s.count > 0 ? t('history.suite.runs', {runs: s.runs, date: s.newest}) : t('history.suite.noneShort')}
        </li>
      ))}
    </ul>
  );
}

/** Both runs of a step: where each is listed, and its data. */
function RunLink({run}) {
  const t = useT();
  const json = useDataUrl()(run.json);
  return (
    <>
      <Link to={`/runs#${run.id}`} data-run-link={run.id}>
        {run.date}
      </Link>{' '}
      (<a href={json}>{t('common.json')}</a>)
    </>
  );
}

/** The flagged steps of one machine: better or worse beyond the margin, newest first. */
function Changes({machine}) {
  const t = useT();
  if (machine.changes.length === 0) return null;
  const columns = [
    'history.table.group',
    'history.table.series',
    'history.table.metric',
    'history.table.change',
    'history.table.interval',
    'history.table.runs',
  ].map((k) => t(k));
  return (
    <DataTable columns={columns} data-history-changes="">
      {machine.changes.map((c) => (
        <tr key={`${c.group}/${c.series}/${c.metric}/${c.newer.id}`} data-verdict={c.verdict} data-metric={c.metric}>
          <td>{c.group}</td>
          <td>{c.series}</td>
          <td>{c.metricText}</td>
          <Num data-figure="percent">
            {c.change}
            <Spread>
              <strong data-flag={c.verdict}>{c.short}</strong>
            </Spread>
          </Num>
          <Num>
            {t('history.interval', {low: c.low, high: c.high})}
            <Spread>
              <Explained>{t('history.pRuns', {p: c.p, runs: c.runs})}</Explained>
            </Spread>
          </Num>
          <td>
            <RunLink run={c.older} /> → <RunLink run={c.newer} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function Machine({suite, machine, index}) {
  const t = useT();
  const {host, steps} = machine;
  return (
    <section data-machine={machine.fingerprint}>
      <Heading as="h3" id={`${suite.id}-machine-${index + 1}`}>
        {t(machine.kernel ? 'history.machine.titleKernel' : 'history.machine.title', {
          cpus: host.cpus,
          memory: host.memoryGib,
          cpuModel: host.cpuModel,
          kernel: machine.kernel,
        })}
      </Heading>
      <p>
        {t(machine.oneDay ? 'history.machine.textOneDay' : 'history.machine.text', {
          runs: machine.runs,
          first: machine.first,
          last: machine.last,
          os: host.os,
          fingerprint: machine.fingerprint,
        })}
      </p>
      {machine.latest && (
        <p data-history-latest={machine.latest.newer}>
          <Explained>{t('history.latest', machine.latest)}</Explained>
        </p>
      )}
      <p data-history-steps={steps.count}>
        <Explained>
          {steps.count === 0
            ? t('history.steps.none')
            : t(machine.margin ? 'history.steps.some' : 'history.steps.someMargins', {
                all: steps.all,
                worse: steps.worse,
                better: steps.better,
                margin: machine.margin,
              })}
        </Explained>
      </p>
      <Changes machine={machine} />
      {machine.groups.map((g) => g.charts.map((spec) => <Chart key={spec.id} spec={spec} />))}
    </section>
  );
}

/** Every suite's history, in the order of the index. */
export function SuiteHistories({data}) {
  const t = useT();
  return data.suites.map((suite) => (
    <section key={suite.id} data-history-suite={suite.id} data-runs={suite.count}>
      <Heading as="h2" id={suite.id}>
        <code>{suite.id}</code>
      </Heading>
      {suite.count === 0 ? (
        <>
          <p>{t('history.suite.none')}</p>
          <CodeBlock language="sh">{suite.command}</CodeBlock>
        </>
      ) : (
        <>
          <p>{t('history.suite.runs', {runs: suite.runs, date: suite.newest})}</p>
          {suite.machines.map((m, i) => (
            <Machine key={m.fingerprint} suite={suite} machine={m} index={i} />
          ))}
        </>
      )}
    </section>
  ));
}
