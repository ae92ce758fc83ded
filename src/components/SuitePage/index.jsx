// The page of any published suite (docs/suites/<id>.mdx, written from its suite.yaml): the answer first, then
// the overview chart, each group's figures, the servers and their settings, the scripts and commands, and the
// run's history. Everything arrives decided and formatted (lib/pages/suite-page.mjs); a word of the suite
// that this language has not translated yet is shown in English, marked as English.
import {PageMetadata} from '@docusaurus/theme-common';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {Page, useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import RepoPath from '@site/src/components/RepoPath';
import {RunProvenance} from '@site/src/components/RunProvenance';
import {sentences, verdictSentence} from '@site/src/components/RunFigures';
import VersionsAnswer from '@site/src/components/VersionsAnswer';
import SuiteGroups from './SuiteGroups';
import SuiteServers from './SuiteServers';
import {Words} from './Words';

/** The answer's words on a suite's page: servers, not versions (src/components/VersionsAnswer). */
const SUITE_ANSWER = {
  label: 'suite.answer.label',
  target: 'suite.answer.target',
  baseline: 'suite.answer.baseline',
  caption: 'suite.answer.caption',
  // Without an instructions run, its margin is not named.
  captionTime: 'suite.answer.captionTime',
  rows: 'suite.answer.rows',
  against: 'suite.answer.against',
  time: 'suite.answer.timeColumn',
  instructions: 'suite.answer.instructionsColumn',
};

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
  const t = useT();
  return (
    <>
      <PageMetadata title={data.title.text} description={data.description?.text} />
      <h1 data-suite={data.id}>
        <Words text={data.title} />
      </h1>
      {data.description && (
        <p className="lead">
          <Words text={data.description} />
        </p>
      )}
      {data.inEnglish > 0 && (
        <p className="fallback-note" role="note" data-in-english={data.inEnglish}>
          {t('suite.english', {count: String(data.inEnglish)})}
        </p>
      )}
    </>
  );
}

function NoRun({data}) {
  const t = useT();
  return (
    <>
      <p data-suite-run="none">{t('suite.none')}</p>
      <CodeBlock language="bash">{data.rerun}</CodeBlock>
    </>
  );
}

function SuiteRun({data, onDemand}) {
  const t = useT();
  return (
    <>
      {data.answer && <VersionsAnswer data={data} words={SUITE_ANSWER} />}
      <Statements data={data} />
      {data.marginDefault && (
        <p role="note" data-margin-default>
          {t('suite.marginDefault', {margin: data.margin})}
        </p>
      )}
      <RunProvenance data={data} />
      {data.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
      <SuiteGroups data={data} onDemand={onDemand} />
      <SuiteServers data={data} />
      <Scripts data={data} />
      <Heading as="h2" id="reproduce">
        {t('suite.reproduce')}
      </Heading>
      <CodeBlock language="bash">{`# ${t('suite.rerun')}\n${data.rerun}`}</CodeBlock>
      <Heading as="h2" id="history">
        {t('suite.history.title')}
      </Heading>
      <p>
        {t('suite.history.text')} <Link to={data.history}>{t('suite.history.link')}</Link>
      </p>
    </>
  );
}

/** The answer in words: each group's statement, generated from its verdicts, linked to its figures. */
function Statements({data}) {
  const t = useT();
  const gap = useSentenceGap();
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
            {sentences(
              s.findings.map((f) => verdictSentence(t, f)),
              gap,
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The suite's own SQL: each custom script as it ran (kept in the result), each setup file by its path. */
function Scripts({data}) {
  const t = useT();
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
      {data.setupFiles.map((f) =>
        f.sql === null ? (
          <p key={f.workload}>
            {t(f.changed ? 'suite.scripts.changed' : 'suite.scripts.setup', {workload: f.workload})}{' '}
            <RepoPath path={f.file} />
          </p>
        ) : (
          <div key={f.workload}>
            <p>{t('suite.scripts.setup', {workload: f.workload})}</p>
            <CodeBlock language="sql" title={f.file}>
              {f.sql}
            </CodeBlock>
          </div>
        ),
      )}
    </>
  );
}
