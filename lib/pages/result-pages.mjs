// The pages of results: one per suite the site publishes, each made by the suite page (suite-page.mjs) from the
// suite's newest runs. A page written for a suite declares here only what is its own: its address and navigation
// label, the words it is shown in (its title, lead and reading; the names of its groups), its reader's first view,
// how it shows a change, and whether the site cannot be built without its run. Every other published suite gets a
// page at /suites/<id>/ in its own words (suite.yaml, and the catalogs' suites.<id>.*).
import {formatFigure} from '../numbers/format.mjs';
import {majorOf, byVersion} from '../model/targets.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {
  BUILTIN_ABOUT,
  messageKey,
  PGBENCH_BUILTIN,
  PLANNER_CASE,
  VERSIONS_INTRO,
  VERSIONS_SCENARIO,
  VERSIONS_WORKLOAD,
} from '../i18n/message-keys.mjs';
import {suiteWordKey} from '../i18n/suite-words.mjs';
import {foldActivityRows, foldAnswerPairs, foldFunctionRows} from './on-demand.mjs';
import {suitePage} from './suite-page.mjs';

/** The major versions a run compares, as a span ("15–18"), for a title that names them. */
function versionSpan(result) {
  const controls = controlsOf(result);
  const majors = [
    ...new Set(result.cells.filter((c) => !controls.has(c.target)).map((c) => majorOf(result, c.target))),
  ].sort(byVersion);
  return majors.length > 1 ? `${majors[0]}–${majors.at(-1)}` : String(majors[0]);
}

/** The version a run's improvements are about: the first after its baseline. */
function focusOf(result) {
  const controls = controlsOf(result);
  const majors = [
    ...new Set(result.cells.filter((c) => !controls.has(c.target)).map((c) => majorOf(result, c.target))),
  ].sort(byVersion);
  return majors[1] ?? majors[0];
}

/** The pages written for a suite, by suite id. */
export const WRITTEN_PAGES = {
  'pg-versions': {
    id: 'pg-versions',
    label: 'site.nav.versions',
    navbar: true,
    required: true,
    words: 'versions',
    first: 'newest',
    head: (t, run) => {
      const versions = versionSpan(run);
      return {
        values: {versions},
        title: t('versions.title', {versions}),
        description: t('versions.description', {versions}),
        lead: t('versions.lead'),
        details: t('versions.details.title'),
        reading: {title: t('versions.reading.title'), text: t('versions.reading.text')},
      };
    },
    group: (t, {scenario, workload}) => {
      const names = {
        scenario: t(messageKey(VERSIONS_SCENARIO, scenario, 'VERSIONS_SCENARIO')),
        workload: t(messageKey(VERSIONS_WORKLOAD, workload, 'VERSIONS_WORKLOAD')),
      };
      return {
        ...names,
        title: t('versions.group', names),
        intro: [t(messageKey(VERSIONS_INTRO, `${scenario}/${workload}`, 'VERSIONS_INTRO'))],
      };
    },
  },
  'pg17-planner': {
    id: 'pg17-planner',
    label: 'site.nav.planner',
    navbar: true,
    required: true,
    words: 'versions',
    first: 'second',
    as: 'ratio',
    // Its table says all a chart per case would.
    charts: false,
    // Each case is a workload: its anchor on the page is the case's id.
    anchor: ({workload}) => workload,
    head: (t, run, {base}) => {
      const version = focusOf(run);
      return {
        values: {version},
        title: t('planner.title', {version}),
        description: t('planner.description', {version}),
        lead: t('planner.lead', {version, base}),
        details: t('planner.details'),
      };
    },
    group: (t, {workload, parameters}) => {
      const keys = messageKey(PLANNER_CASE, workload, 'PLANNER_CASE');
      const session = Object.entries(parameters.session ?? {})
        .map(([k, v]) => `${k} = ${v}`)
        .join(', ');
      return {
        scenario: t('planner.charts.case'),
        workload: t(keys.short),
        title: t(keys.title),
        intro: [t(keys.what), session && t('planner.session', {settings: session})],
        look: t(keys.look),
      };
    },
  },
  quick: {
    id: 'quick-run',
    label: 'site.nav.quick',
    words: 'servers',
    first: 'second',
    charts: false,
    // The answer in words under it, group by group; too few runs to decide say the one command that measures more.
    statements: true,
    more: (repeats) => `npm start -- --repeat ${repeats}`,
    // pgbench's built-in scripts, named and described as the other pages do: a newcomer does not read -b's names.
    group: (t, {scenario, workload, parameters}, {locale, clientCounts}) => {
      const {builtin} = parameters;
      const known = Object.hasOwn(PGBENCH_BUILTIN, builtin ?? '');
      const values = {
        scenario,
        workload: known ? t(PGBENCH_BUILTIN[builtin]) : workload,
        clients: formatFigure(parameters.clients, 'integer', locale),
      };
      return {
        scenario,
        workload: clientCounts > 1 ? t('suite.workloadClients', values) : values.workload,
        title: t('suite.group', values),
        intro: known ? [t(BUILTIN_ABOUT[builtin])] : [],
      };
    },
    head: (t) => ({title: t('quick.title'), description: t('quick.description'), lead: t('quick.lead')}),
    caveat: (t, run, {locale}) => {
      const {durationS} = run.cells[0].parameters;
      return durationS ? t('quick.caveat', {duration: formatFigure(durationS, 'integer', locale)}) : null;
    },
    noRun: (t) => ({text: t('quick.none'), commands: 'npm start\n\nnpm run bench -- run quick\nnpm run build'}),
  },
};

/** The page of a published suite that has none written for it, in the suite's own words. */
export const suitePageOf = (suite) => ({
  id: `suite-${suite.id}`,
  doc: `suites/${suite.id}`,
  label: suiteWordKey(suite.id, 'title'),
  words: 'servers',
  first: 'second',
  own: true,
});

/**
 * The page module (site-pages.mjs) that shows a suite's runs: its data for one locale, made from the suite's
 * newest timed and instructions runs and its published study, and the rows it loads on demand.
 * @param {object} suite  a loaded suite
 * @param {object} page  its page's declaration (result-pages.mjs)
 */
export function resultPageModule(suite, page) {
  return {
    id: page.id,
    doc: page.doc ?? page.id,
    label: page.label,
    navbar: page.navbar ?? false,
    // A route of the data plugin, at /<doc>/: no document of its own is written (src/plugins/benchmark-data).
    route: true,
    suite: suite.id,
    messages: RESULT_PAGE_MESSAGES,
    build: ({locale, t, messages, inEnglish, newestRun, newestWith, instructionsOf, study}) => ({
      // Its name, for the file of what it loads on demand.
      page: page.id,
      ...suitePage(newestRun(suite.id, {required: page.required}), {
        locale,
        t,
        suite,
        page: {...page, suite: suite.id},
        messages,
        inEnglish,
        study: study(suite.id),
        lastRunOf: (scenario) => newestWith(suite.id, scenario),
        ...instructionsOf(suite.id),
      }),
    }),
    split: (data) => {
      if (!data.groups) return data;
      const {items: folded, functions, versus, methods} = foldFunctionRows(data.groups, {versus: true});
      const {items, activity, statements} = foldActivityRows(folded);
      const {answer, pairs} = foldAnswerPairs(data.answer);
      return {...data, answer, groups: items, onDemand: {functions, versus, methods, activity, statements, pairs}};
    },
  };
}

// The words a page of results' components show themselves (headings, labels): its sentences arrive written.
const RESULT_PAGE_MESSAGES = [
  'common.json',
  'common.csv',
  'common.server',
  'common.chartData',
  'common.chartTooMany',
  'common.onDemand',
  'common.refusedPair',
  'common.commands.title',
  // What the server did: the folded tables' headings (its sentences arrive written).
  'common.activity.title',
  'common.activity.caption',
  'common.activity.captionTimed',
  'common.activity.walBytes',
  'common.activity.fullPageImages',
  'common.activity.backendWrites',
  'common.activity.inBuffers',
  'common.activity.checkpointsColumn',
  'common.activity.waits',
  'common.activity.statementsCaption',
  'common.activity.statement',
  'common.instructions.title',
  'common.instructions.none',
  'common.instructions.howCounted',
  'common.instructions.files',
  'common.instructions.shortRuns',
  'common.instructions.longRuns',
  'common.instructions.functions',
  'suite.answer.title',
  'suite.answer.gap',
  'suite.englishMark',
  'suite.servers',
  'suite.settings',
  'suite.scripts',
  'suite.reproduce',
  'suite.history',
];
