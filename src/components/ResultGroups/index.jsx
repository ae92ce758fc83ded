// The groups of a run as every page of results shows them (lib/pages/result-groups.mjs), one tab each: its heading,
// what the page says of it, its parameters, its statement, the A/A control, the table of every server against the
// baseline, the published study beside it, the server's activity, the charts, the instructions, the plans and the
// commands. Everything arrives written; this lays it out.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import GroupTabs from '@site/src/components/GroupTabs';
import InstructionsSection from '@site/src/components/InstructionsSection';
import ServerActivity from '@site/src/components/ServerActivity';
import {ControlNote, FigureTable, Finding} from '@site/src/components/RunFigures';
import {Words} from '@site/src/components/SuitePage/Words';
import {Explained} from '@site/src/components/Terms';
import styles from './styles.module.css';

/** @param {{data: object, onDemand: Function}} props  onDemand: the loader of the page's on-demand file */
export default function ResultGroups({data, onDemand}) {
  return (
    <>
      <Heading as="h2" id="details">
        {data.details}
      </Heading>
      <GroupTabs
        label={data.details}
        parts={data.groups.map((g) => ({
          id: g.id,
          title: g.title,
          content: <ResultGroup data={data} group={g} onDemand={onDemand} />,
        }))}
      />
    </>
  );
}

function ResultGroup({data, group: g, onDemand}) {
  return (
    <section data-group={g.id}>
      <Heading as="h2" id={g.id}>
        {g.title}
      </Heading>
      {g.intro.map((text) => (
        <p key={text}>
          <Explained>{text}</Explained>
        </p>
      ))}
      {g.about && <About about={g.about} />}
      {g.timedMissing ? (
        <p data-timed-missing={g.id}>{g.timedMissing}</p>
      ) : (
        <>
          <p>
            <Explained>{g.parameters}</Explained>
          </p>
          <Finding text={g.statement} data-findings={g.id} />
          <ControlNote control={g.control} />
          {g.drift && (
            <p data-drift={g.drift.way}>
              <Explained>{g.drift.text}</Explained>
            </p>
          )}
          <FigureTable table={g.table} data-group={g.id} />
          {g.study && <Study group={g} />}
        </>
      )}
      <ServerActivity page={onDemand} id={g.id} activity={g.activity} />
      <div className={styles.charts}>
        {g.charts.map((spec) => (
          <Chart key={spec.id} spec={spec} />
        ))}
      </div>
      {data.instructionsRun && (
        <InstructionsSection page={onDemand} id={g.id} figures={g.instructions} run={data.instructionsRun} />
      )}
      {g.plans && <Plans group={g} />}
      <GroupCommands group={g} />
    </section>
  );
}

/** What the suite says its workload and scenario are. */
function About({about}) {
  return (
    <dl>
      {about.map((a) => (
        <div key={a.term}>
          <dt>{a.term}</dt>
          <dd>
            <Words text={a.text} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The published study beside the group: whether our verdicts agree, its own figures, what it stated. */
function Study({group: g}) {
  const s = g.study;
  const table = s.table && <FigureTable table={s.table} data-published={g.id} />;
  return (
    <>
      {s.agreement && <Finding text={s.agreement.text} data-agreement={s.agreement.outcome} />}
      {s.intro ? (
        <details data-published-figures={g.id}>
          <summary>{s.intro}</summary>
          {table}
        </details>
      ) : (
        table
      )}
      {s.stated && <p>{s.stated}</p>}
    </>
  );
}

/** The plans the suite captured: what to look for, the query, the script pgbench ran, each server's plan. */
function Plans({group: g}) {
  const p = g.plans;
  return (
    <>
      {p.look && (
        <p>
          <Explained>{p.look}</Explained>
        </p>
      )}
      <Heading as="h3" id={`${g.id}-query`}>
        {p.query}
      </Heading>
      {p.sql && <CodeBlock language="sql">{p.sql}</CodeBlock>}
      {p.script && (
        <div data-script={p.script.kind}>
          <p>{p.script.text}</p>
          {p.script.ran && <CodeBlock language="sql">{p.script.ran}</CodeBlock>}
          {p.script.article && (
            <>
              <p>{p.script.articleText}</p>
              <CodeBlock language="sql">{p.script.article}</CodeBlock>
            </>
          )}
        </div>
      )}
      <Heading as="h3" id={`${g.id}-plans`}>
        {p.title}
      </Heading>
      {/* The lines that differ first: where a reader learns why the servers' figures differ. */}
      {p.differing && (
        <div data-plans-differ>
          <p>{p.differing.text}</p>
          <div className={styles.plans}>
            {p.differing.servers.map((d) => (
              <div key={d.target} data-plan-differs={d.target}>
                <strong>{d.name}</strong>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide line scrolls inside its box by keyboard */}
                <pre tabIndex={0}>{d.lines.join('\n')}</pre>
              </div>
            ))}
          </div>
        </div>
      )}
      <div className={styles.plans}>
        {p.plans.map((plan) => (
          <div key={plan.target} data-plan={plan.target}>
            <strong>{plan.name}</strong>
            {plan.plan ? (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a tall plan scrolls inside its box by keyboard
              <pre tabIndex={0}>{plan.plan}</pre>
            ) : (
              <p>{plan.error}</p>
            )}
          </div>
        ))}
      </div>
    </>
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
      <CodeBlock language="bash">{g.commands}</CodeBlock>
    </>
  );
}
