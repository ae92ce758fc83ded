// The page of results of a suite (lib/pages/suite-page.mjs): the answer first, then where the figures come from,
// the overview chart, each group's figures, the servers and their settings, the suite's SQL, the commands to run it
// again, and the run's history. Everything arrives decided and written; a word of the suite that this language has
// not translated yet is shown in English, marked as English.
import {PageMetadata} from '@docusaurus/theme-common';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {Page, useGaps, useT} from '@site/src/components/Msg';
import AnswerMatrix from '@site/src/components/AnswerMatrix';
import Chart from '@site/src/components/Chart';
import RepoPath from '@site/src/components/RepoPath';
import ResultGroups from '@site/src/components/ResultGroups';
import {RunProvenance} from '@site/src/components/RunProvenance';
import {SentenceNote} from '@site/src/components/RunFigures';
import {Explained} from '@site/src/components/Terms';
import SuiteServers from './SuiteServers';
import {Words} from './Words';

/** @param {{data: object, onDemand: Function}} props  onDemand: the loader of the page's on-demand file */
export default function SuitePage({data, onDemand}) {
  return (
    <Page data={data}>
      <SuiteHead data={data} />
      {data.run ? <SuiteRun data={data} onDemand={onDemand} /> : <NoRun data={data} />}
    </Page>
  );
}

/** Title, what the suite measures, and a note when some of its words are in English. */
function SuiteHead({data}) {
  const plain = (w) => (typeof w === 'string' ? {text: w} : w);
  const title = plain(data.title);
  const description = plain(data.description);
  return (
    <>
      <PageMetadata title={title.text} description={description?.text} />
      <h1 data-suite={data.id}>
        {typeof data.title === 'string' ? <Explained terms={false}>{data.title}</Explained> : <Words text={title} />}
      </h1>
      {data.inEnglish && (
        <p className="fallback-note" role="note" data-in-english={data.inEnglish.count}>
          {data.inEnglish.text}
        </p>
      )}
    </>
  );
}

function NoRun({data}) {
  return (
    <>
      <Lead data={data} />
      <p data-suite-run="none">{data.noRun.text}</p>
      <CodeBlock language="bash">{data.noRun.commands}</CodeBlock>
    </>
  );
}

/** What the page is about: the page's lead, or the suite's description. */
function Lead({data}) {
  const lead = data.lead ?? data.description;
  if (!lead) return null;
  return <p className="lead">{typeof lead === 'string' ? <Explained>{lead}</Explained> : <Words text={lead} />}</p>;
}

function SuiteRun({data, onDemand}) {
  const t = useT();
  const {gap} = useGaps();
  const historyText = t('suite.history.text');
  return (
    <>
      {data.answer && <AnswerMatrix data={data} onDemand={onDemand} />}
      <Lead data={data} />
      {data.statements?.length > 0 && <Statements data={data} />}
      {data.caveat && (
        <p className="finding" data-caveat>
          <Explained>{data.caveat}</Explained>
        </p>
      )}
      {data.marginDefault && (
        <p role="note" data-margin-default>
          <Explained>{data.marginDefault}</Explained>
        </p>
      )}
      {data.unmeasured?.scenarios.map((s) => (
        <p key={s.id} role="note" data-unmeasured={s.id}>
          {s.text}
          {s.history && (
            <>
              {gap(s.text, data.unmeasured.link)}
              <Link to={data.history}>{data.unmeasured.link}</Link>
            </>
          )}
        </p>
      ))}
      <RunProvenance data={data} />
      {data.study && <SentenceNote title={data.study.title} text={data.study.text} />}
      {data.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
      <ResultGroups data={data} onDemand={onDemand} />
      <SuiteServers data={data} />
      <Scripts data={data} />
      <Heading as="h2" id="reproduce">
        {t('suite.reproduce')}
      </Heading>
      <CodeBlock language="bash">{data.rerun}</CodeBlock>
      <Heading as="h2" id="history">
        {t('suite.history.title')}
      </Heading>
      <p>
        {historyText}
        {gap(historyText)}
        <Link to={data.history}>{t('suite.history.link')}</Link>
      </p>
      {data.reading && (
        <>
          <Heading as="h2" id="reading">
            {data.reading.title}
          </Heading>
          <p>
            <Explained>{data.reading.text}</Explained>
          </p>
        </>
      )}
    </>
  );
}

/** The answer in words: each group's statement, linked to its figures. */
function Statements({data}) {
  const t = useT();
  return (
    <section data-statements>
      <Heading as="h2" id="answer">
        {t('suite.answer.title')}
      </Heading>
      <ul>
        {data.statements.map((s) => (
          <li key={s.id} className="finding" data-statement={s.id}>
            <Link to={`#${s.id}`}>{s.title}</Link>
            {t('suite.answer.gap')}
            <Explained>{s.text}</Explained>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The suite's own SQL: each custom script as it ran (kept in the result), each setup file by its path. */
function Scripts({data}) {
  const t = useT();
  const {gap} = useGaps();
  if (data.scripts.length === 0 && data.setupFiles.length === 0) return null;
  return (
    <>
      <Heading as="h2" id="scripts">
        {t('suite.scripts.title')}
      </Heading>
      {data.scripts.map((s) => (
        <CodeBlock key={s.workload} language="sql" title={`${s.workload}: ${s.file}`}>
          {s.sql}
        </CodeBlock>
      ))}
      {data.setupFiles.map((f) => {
        if (f.sql !== null) return <SetupFile key={f.workload} file={f} />;
        const text = t(f.changed ? 'suite.scripts.changed' : 'suite.scripts.setup', {workload: f.workload});
        return (
          <p key={f.workload}>
            {text}
            {gap(text)}
            <RepoPath path={f.file} />
          </p>
        );
      })}
    </>
  );
}

/** A setup file the result kept: its SQL as it ran. */
function SetupFile({file: f}) {
  const t = useT();
  return (
    <div>
      <p>{t('suite.scripts.setup', {workload: f.workload})}</p>
      <CodeBlock language="sql" title={f.file}>
        {f.sql}
      </CodeBlock>
    </div>
  );
}
