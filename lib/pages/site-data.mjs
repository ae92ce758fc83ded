// Everything the site's pages are made from, read and checked once: datasets,
// results and suites; and each page's data for one locale, which the data
// plugin publishes (and whose chart specs the build draws as images).
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../list-files.mjs';
import {readRunProfiles} from '../cachegrind/run-profiles.mjs';
import {measureOf} from '../results/cell-figures.mjs';
import {assertValidResult, readResultFile} from '../results/validate-result.mjs';
import {loadSuite} from '../suites/suite.mjs';
import {createTranslator} from '../i18n/messages.mjs';
import {parseCatalog} from '../i18n/catalogs.mjs';
import {siteCatalog, usableCatalog} from '../i18n/fallback.mjs';
import {harvestExamples, messagesWithContext, readContext, recordingExamples} from '../i18n/message-context.mjs';
import {placeholdersOf} from '../i18n/messages.mjs';
import {defaultLocale, locales} from '../locales.mjs';
import {readDataset} from './datasets.mjs';
import {readStudy, studyFiles} from './studies.mjs';
import {readServices} from '../postgresbench/import-services.mjs';
import {servicesPage} from './services-page.mjs';
import {historyPage} from './history-page.mjs';
import {homeHeadlines} from './home-headlines.mjs';
import {managedAnswer} from './managed-answer.mjs';
import {managedPostgresPage} from './managed-postgres-page.mjs';
import {methodologyPage} from './methodology-page.mjs';
import {plannerPage} from './planner-page.mjs';
import {quickRunPage} from './quick-run-page.mjs';
import {runsPage} from './runs-page.mjs';
import {contextWithTranslations, translatingPage} from './translating-page.mjs';
import {splitOnDemand} from './on-demand.mjs';
import {versionsPage} from './versions-page.mjs';

/** The result files of a site: every .json under results/, sorted. */
export function resultFilesOf(siteDir) {
  const resultsDir = path.join(siteDir, 'results');
  return existsSync(resultsDir) ? listFiles(resultsDir, ['.json']) : [];
}

/** One result file, read and checked (an invalid one names itself and the fix). */
export const readCheckedResult = (siteDir, file) =>
  assertValidResult(readResultFile(file), path.relative(siteDir, file));

// The Docusaurus process builds every locale in turn, and each reads results/ again: a file that has
// not changed since (same size and time) is parsed once, so a large run is held once, not once per
// locale. Frozen, since every locale's pages share it; dropped when its file changes or goes. Kept on
// globalThis: Docusaurus evaluates this module anew for each locale (and keeps the old instances).
const parsed = (globalThis[Symbol.for('pg-bench-guide/parsed-results')] ??= new Map());
const LARGE_FILE = 32 * 1024 ** 2;

/** Every result file in results/, read and checked (an invalid one names itself and the fix), with its path. */
export function loadResultFiles(siteDir) {
  const files = resultFilesOf(siteDir);
  const resultsDir = path.join(siteDir, 'results', path.sep);
  for (const file of parsed.keys()) if (file.startsWith(resultsDir) && !files.includes(file)) parsed.delete(file);
  return files.map((file) => {
    const {size, mtimeMs} = statSync(file);
    const known = parsed.get(file);
    if (known?.size === size && known.mtimeMs === mtimeMs) return {file, result: known.result};
    const result = deepFreeze(readCheckedResult(siteDir, file));
    parsed.set(file, {size, mtimeMs, result});
    // Reading a large file leaves its bytes and text behind, about twice its size, which V8 frees only
    // when it next collects in full: at once where it lets us (scripts/build.mjs starts Docusaurus with
    // --expose-gc), so that they are not held through the whole build.
    if (size > LARGE_FILE) globalThis.gc?.();
    return {file, result};
  });
}

function deepFreeze(value) {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Every result file in results/, read and checked. */
export const loadResults = (siteDir) => loadResultFiles(siteDir).map((r) => r.result);

/**
 * Reads and checks datasets/ (a dataset per top-level JSON file, a published
 * study per folder), results/ and benchmarks/ of a site.
 */
export function loadSiteData(siteDir) {
  const datasetsDir = path.join(siteDir, 'datasets');
  const suitesDir = path.join(siteDir, 'benchmarks');
  const datasets = loadDatasets(siteDir);
  const resultFiles = loadResultFiles(siteDir);
  const results = resultFiles.map((r) => r.result);
  // An instructions run's function profiles, per transaction, read from its Cachegrind files when a
  // page first asks (only the newest run of a suite is shown), then kept.
  const files = new Map(resultFiles.map(({file, result}) => [result.run.id, file]));
  const read = new Map();
  const profilesOf = (result) => {
    if (!read.has(result.run.id)) read.set(result.run.id, readRunProfiles(files.get(result.run.id), result));
    return read.get(result.run.id);
  };
  const suites = (existsSync(suitesDir) ? listFiles(suitesDir, ['.yaml']) : [])
    .filter((f) => path.basename(f) === 'suite.yaml')
    .map((f) => loadSuite(f));
  const studies = studyFiles(datasetsDir).map((f) => readStudy(f, suites));
  const services = servicesFiles(datasetsDir).map((f) => readServices(f));
  return {siteDir, datasets, results, profilesOf, suites, studies, services};
}

/** The published datasets (datasets/<id>.json, checked), by id. */
export function loadDatasets(siteDir) {
  const datasetsDir = path.join(siteDir, 'datasets');
  const datasetFiles = existsSync(datasetsDir)
    ? readdirSync(datasetsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(datasetsDir, f))
    : [];
  if (datasetFiles.length === 0) throw new Error(`No datasets in ${datasetsDir}: the site's pages need their data.`);
  return Object.fromEntries(datasetFiles.map((f) => readDataset(f)).map((d) => [d.id, d]));
}

/** The services datasets: datasets/<id>/services.json. */
function servicesFiles(datasetsDir) {
  return existsSync(datasetsDir)
    ? readdirSync(datasetsDir, {withFileTypes: true})
        .filter((e) => e.isDirectory() && existsSync(path.join(datasetsDir, e.name, 'services.json')))
        .map((e) => path.join(datasetsDir, e.name, 'services.json'))
        .sort()
    : [];
}

/** The published study shown beside a suite's run, or null. */
export const studyOf = (content, suite) => content.studies?.find((s) => s.suite === suite) ?? null;

/** The newest finished run of a suite in results/ that measured `measure` (time or instructions), or null. */
export function newestRun(results, suite, measure = 'time') {
  const runs = results.filter((r) => r.run.suite === suite && r.run.finishedAt !== null && measureOf(r) === measure);
  return runs.length === 0 ? null : runs.reduce((a, b) => (b.run.startedAt > a.run.startedAt ? b : a));
}

/** The newest run of a suite in results/; a page cannot be made without it. */
export function latestRun(results, suite) {
  const run = newestRun(results, suite);
  if (!run) {
    throw new Error(
      `results/ has no finished "${suite}" run, which its page is made from: run \`npm run bench -- run ${suite}\` ` +
        `(or restore the file from git).`,
    );
  }
  return run;
}

/**
 * The catalog messages each page uses (namespaces, or single dotted keys): a
 * page's data carries only these, so it downloads only its own words.
 */
export const PAGE_MESSAGES = {
  home: [
    'site.title',
    'home',
    'managed.title',
    'services.title',
    'versions.title',
    'planner.title',
    'method.title',
    'runs.title',
    'history.title',
    'quick.title',
    'translate.title',
    'versions.answer.instructionsColumn',
    'versions.answer.timeColumn',
    'common.verdict.short',
    'common.instructions.verdict.short',
  ],
  'managed-postgres': ['managed', 'common.run.data', 'common.json', 'common.csv', 'common.chartData'],
  services: ['services'],
  'pg-versions': ['common', 'versions'],
  'pg17-planner': ['common', 'planner'],
  methodology: ['common', 'method'],
  runs: ['common', 'runs'],
  history: ['common', 'history'],
  'quick-run': ['common', 'quick'],
  translating: ['translate', 'common.onDemand'],
};

/** The messages at `keys` (namespaces or dotted keys), in the catalog's shape. */
export function pickMessages(messages, keys) {
  const out = {};
  for (const key of keys) {
    const parts = key.split('.');
    const value = parts.reduce(
      (node, part) => (node !== null && typeof node === 'object' ? node[part] : undefined),
      messages,
    );
    if (value === undefined)
      throw new Error(
        `The catalog has no "${key}", which a page uses: add it (npm run i18n:check lists what is missing).`,
      );
    parts.slice(0, -1).reduce((node, part) => (node[part] ??= {}), out)[parts.at(-1)] = value;
  }
  return out;
}

/**
 * Every page's data for one locale.
 * @param {{datasets, results, suites}} content  from loadSiteData
 * @param {string} locale
 * @param {object} messages  the locale's catalog
 */
export function buildPages(content, locale, messages, fallback = []) {
  // Every value a page gives a placeholder is recorded: the examples of the Translating page's context.
  const examples = new Map();
  const t = recordingExamples(createTranslator(locale, messages), examples);
  const suite = (id) => content.suites.find((s) => s.id === id) ?? null;
  const dataset = content.datasets['managed-postgres'];
  if (!dataset)
    throw new Error('datasets/managed-postgres.json is missing: the managed-Postgres page is made from it.');
  const services = content.services?.find((s) => s.id === 'postgresbench');
  if (!services)
    throw new Error('datasets/postgresbench/services.json is missing: the Managed services page is made from it.');
  const versions = latestRun(content.results, 'pg-versions');
  const planner = latestRun(content.results, 'pg17-planner');
  // The instructions measure of a suite, beside its timed run: its newest instructions run and profiles.
  const instructionsOf = (id) => {
    const run = newestRun(content.results, id, 'instructions');
    return {instructions: run, profiles: (run && content.profilesOf?.(run)) ?? new Map()};
  };
  const versionsData = versionsPage(versions, {
    locale,
    t,
    suite: suite('pg-versions'),
    study: studyOf(content, 'pg-versions'),
    ...instructionsOf('pg-versions'),
  });
  const plannerData = plannerPage(planner, {
    locale,
    t,
    suite: suite('pg17-planner'),
    study: studyOf(content, 'pg17-planner'),
    ...instructionsOf('pg17-planner'),
  });
  const managedData = {...managedPostgresPage(dataset, locale, services), ...managedAnswer(dataset, {t, locale})};
  const pages = {
    home: {
      locale,
      versions: versionsData.versions,
      focus: plannerData.focus,
      headlines: homeHeadlines({managed: managedData, versions: versionsData, planner: plannerData}),
    },
    'managed-postgres': managedData,
    services: servicesPage(services, {
      locale,
      run: newestRun(content.results, 'postgresbench'),
      suite: suite('postgresbench'),
    }),
    'pg-versions': versionsData,
    'pg17-planner': plannerData,
    methodology: methodologyPage(content.suites, [versions, planner], {
      locale,
      t,
      instructionRuns: ['pg-versions', 'pg17-planner'].map((id) => newestRun(content.results, id, 'instructions')),
    }),
    runs: runsPage(content.results, {locale}),
    history: historyPage(content.results, content.suites, {locale, t}),
    'quick-run': quickRunPage(newestRun(content.results, 'quick'), {locale, t, suite: suite('quick')}),
  };
  const english = parseCatalog(content.siteDir, defaultLocale);
  pages.translating = translatingPage(content.siteDir, {
    locale,
    defaultLocale,
    locales,
    english: english.data,
    catalog: messages,
  });
  // Examples come from every page's data, this one's too (the sample message's key).
  pages.translating.context = contextWithTranslations(translatorContext(content.siteDir, english, pages, examples), {
    locale,
    defaultLocale,
    catalog: messages,
  });
  const shownIn = (name, key) => PAGE_MESSAGES[name].some((k) => key === k || key.startsWith(`${k}.`));
  return Object.fromEntries(
    Object.entries(pages).map(([name, data]) => [
      name,
      {
        ...splitOnDemand(name, data),
        messages: pickMessages(messages, [...PAGE_MESSAGES[name], 'site.fallback']),
        fallback: fallback.filter((key) => shownIn(name, key)),
      },
    ]),
  );
}

/** The pages that show a message, by PAGE_MESSAGES. */
export const pagesShowing = (key) =>
  Object.entries(PAGE_MESSAGES)
    .filter(([, keys]) => keys.some((k) => key === k || key.startsWith(`${k}.`)))
    .map(([name]) => name);

/** Every English message with its description, placeholders and examples from this build's page data. */
function translatorContext(siteDir, english, pages, examples) {
  const names = new Set([...english.messages.values()].flatMap(placeholdersOf));
  return messagesWithContext(
    readContext(siteDir),
    english.messages,
    examples,
    pagesShowing,
    harvestExamples(pages, names),
  );
}

/**
 * Every page's data for the locale being built, from the site's files: what
 * the data plugin publishes. Messages the locale's catalog cannot give (a
 * problem the check reports, or the whole file unreadable) are English's,
 * listed in `fallback` and marked on the pages that show them.
 * @returns {{pages: object, fallback: string[], reasons: string[]}}
 */
export function buildLocalePages(siteDir, locale) {
  const content = loadSiteData(siteDir);
  const {data, fallback, reasons} = usableCatalog(siteDir, locale);
  return {pages: buildPages(content, locale, data, fallback), fallback, reasons};
}

/** The messages of what every page shows outside its own data: the navbar search. */
export const siteMessages = (siteDir, locale) => pickMessages(siteCatalog(siteDir, locale), ['search']);
