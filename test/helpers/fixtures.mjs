// Shared by the page-data tests: the committed fixture runs, a site made of them, and a translator.
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {readCatalog} from '../../lib/i18n/catalogs.mjs';
import {createTranslator} from '../../lib/i18n/messages.mjs';
import {readStudy} from '../../lib/load/studies.mjs';
import {loadSuite} from '../../lib/suites/suite.mjs';

const fixtures = new URL('../fixtures/results/', import.meta.url);
export const readFixture = (name) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8'));
export const versionsRun = () => readFixture('pg-versions-20261122T110343Z.json');
/** The A/A calibration run: small TPC-B, interleaved rounds, pg15-aa the control of pg15. */
export const interleavedRun = () => readFixture('pg-versions-20261123T130951Z.json');
export const plannerRun = () => readFixture('pg17-planner-20261122T105429Z.json');
export const siteDir = new URL('../../', import.meta.url).pathname;
export const translator = (locale) => createTranslator(locale, readCatalog(siteDir, locale));
export const quickRun = () => readFixture('quick-20261122T125226Z.json');

let site = null;
/**
 * A site as the data plugin reads one: the project's datasets, suites and catalogs, and the fixture runs
 * (test/fixtures/results/) where the project has its results/. Made once per process, removed at its exit.
 */
export function fixtureSite() {
  if (site) return site;
  site = mkdtempSync(path.join(tmpdir(), 'fixture-site-'));
  process.once('exit', () => rmSync(site, {recursive: true, force: true}));
  for (const entry of ['datasets', 'benchmarks', 'i18n'])
    symlinkSync(path.join(siteDir, entry), path.join(site, entry));
  symlinkSync(fileURLToPath(fixtures), path.join(site, 'results'));
  return site;
}

/** The published study of a suite (datasets/<suite>-published/study.json), checked against the suites. */
export function publishedStudy(suite) {
  const suites = ['pg-versions', 'pg17-planner'].map((id) =>
    loadSuite(path.join(siteDir, 'benchmarks', id, 'suite.yaml')),
  );
  return readStudy(path.join(siteDir, 'datasets', `${suite}-published`, 'study.json'), suites);
}

/**
 * The fixture site with one more suite, published and without a page written for it: a settings comparison of
 * one version (test/fixtures/suite-page/commit-modes/, with its timed run and its instructions run), as a
 * reader's own suite would come. Made
 * once per process, removed at its exit.
 */
let suiteSite = null;
/** The files of the suite's runs, in test/fixtures/suite-page/. */
export const SUITE_PAGE_RUNS = [
  'commit-modes-20261127T182739Z.json',
  'commit-modes-instructions-20261127T090839Z.json',
  'commit-modes-instructions-20261127T090839Z.cachegrind',
];
export function suitePageSite() {
  if (suiteSite) return suiteSite;
  suiteSite = mkdtempSync(path.join(tmpdir(), 'suite-page-site-'));
  process.once('exit', () => rmSync(suiteSite, {recursive: true, force: true}));
  const own = new URL('suite-page/', new URL('../fixtures/', import.meta.url));
  for (const entry of ['datasets', 'i18n']) symlinkSync(path.join(siteDir, entry), path.join(suiteSite, entry));
  // Suites and results are files of their own: a link is not followed.
  cpSync(path.join(siteDir, 'benchmarks'), path.join(suiteSite, 'benchmarks'), {recursive: true});
  cpSync(fileURLToPath(new URL('commit-modes', own)), path.join(suiteSite, 'benchmarks', 'commit-modes'), {
    recursive: true,
  });
  cpSync(fileURLToPath(fixtures), path.join(suiteSite, 'results'), {recursive: true});
  // Its timed run, and its instructions run with the Cachegrind files beside it.
  for (const file of SUITE_PAGE_RUNS)
    cpSync(fileURLToPath(new URL(file, own)), path.join(suiteSite, 'results', file), {recursive: true});
  return suiteSite;
}

/** The page of results of one of the project's suites, as the site builds it, from a run given here. */
export async function resultPage(suite, result, {locale = 'en', ...options} = {}) {
  const [{suitePage}, {WRITTEN_PAGES, suitePageOf}] = await Promise.all([
    import('../../lib/pages/suite-page.mjs'),
    import('../../lib/pages/result-pages.mjs'),
  ]);
  const loaded = loadSuite(path.join(siteDir, 'benchmarks', suite, 'suite.yaml'));
  const page = WRITTEN_PAGES[suite] ?? suitePageOf(loaded);
  return suitePage(result, {
    locale,
    t: translator(locale),
    suite: loaded,
    page: {...page, suite},
    messages: readCatalog(siteDir, locale),
    inEnglish: new Set(),
    ...options,
  });
}
