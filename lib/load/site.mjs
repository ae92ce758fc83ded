// Everything the site's pages are made from, read and checked once: datasets, published studies and services,
// results (each checked as it is published, and its kept profiles), suites and catalogs. The one layer of the site
// that reads files; the builders (lib/pages) are given what it read (loadSiteData).
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../list-files.mjs';
import {profileProblems, readRunProfiles} from '../cachegrind/run-profiles.mjs';
import {newestOf} from '../model/newest-run.mjs';
import {checkedEarlier} from '../results/checked-files.mjs';
import {assertPublishable, readResultFile, sameRunProblems} from '../results/validate-result.mjs';
import {siteSuites} from '../suites/site-suites.mjs';
import {parseCatalog} from '../i18n/catalogs.mjs';
import {siteCatalog, usableCatalog} from '../i18n/fallback.mjs';
import {readContext} from '../i18n/message-context.mjs';
import {checkCatalogs} from '../i18n/check-catalogs.mjs';
import {pickMessages} from '../i18n/messages.mjs';
import {defaultLocale, locales} from '../locales.mjs';
import {readDataset} from './datasets.mjs';
import {readStudy, studyFiles} from './studies.mjs';
import {readServices} from '../postgresbench/import-services.mjs';

/** The result files of a site: every .json under results/, sorted. */
export function resultFilesOf(siteDir) {
  const resultsDir = path.join(siteDir, 'results');
  return existsSync(resultsDir) ? listFiles(resultsDir, ['.json']) : [];
}

/**
 * One result file, read and checked as it is published: valid, its figures those its own output gives,
 * its name and dates its run's, the files it keeps beside it in its folder and their totals its cells' (an
 * invalid one names itself and the fix).
 */
export function readCheckedResult(siteDir, file) {
  const result = assertPublishable(readResultFile(file), path.relative(siteDir, file));
  const name = path.relative(siteDir, file);
  const problems = profileProblems(file, result, {name});
  if (problems.length > 0) throw new Error(`${name} is not a valid result:\n  ${problems.join('\n  ')}`);
  return result;
}

/**
 * Refuses two files of one run among those read so far ({file, result}): each is published as
 * data/<run id>.json, where one would replace the other.
 */
export function assertOneFilePerRun(siteDir, read) {
  const problems = sameRunProblems(
    read.map(({file, result}) => ({file: path.relative(siteDir, file), id: result.run.id})),
  );
  if (problems.length > 0) throw new Error(`Two files of one run in results/:\n  ${problems.join('\n  ')}`);
}

// The Docusaurus process builds every locale in turn, and each reads results/ again: a file that has
// not changed since (same size and time) is parsed once, so a large run is held once, not once per
// locale. Frozen, since every locale's pages share it; dropped when its file changes or goes. Kept on
// globalThis: Docusaurus evaluates this module anew for each locale (and keeps the old instances).
const parsed = (globalThis[Symbol.for('pg-bench-guide/parsed-results')] ??= new Map());
const LARGE_FILE = 32 * 1024 ** 2;

/** Every result file in results/, read and checked (an invalid one names itself and the fix), with its path. */
function loadResultFiles(siteDir) {
  const files = resultFilesOf(siteDir);
  const resultsDir = path.join(siteDir, 'results', path.sep);
  for (const file of parsed.keys()) if (file.startsWith(resultsDir) && !files.includes(file)) parsed.delete(file);
  const checked = checkedEarlier(siteDir);
  const read = files.map((file) => {
    const stat = statSync(file);
    const {size, mtimeMs} = stat;
    const known = parsed.get(file);
    if (known?.size === size && known.mtimeMs === mtimeMs) return {file, result: known.result};
    // Checked in full by this build's first step (checked-files.mjs), and not changed since: parsed only.
    const result = deepFreeze(checked(file, stat) ? readResultFile(file) : readCheckedResult(siteDir, file));
    parsed.set(file, {size, mtimeMs, result});
    // Reading a large file leaves its bytes and text behind, about twice its size, which V8 frees only
    // when it next collects in full: at once where it lets us (scripts/build.mjs starts Docusaurus with
    // --expose-gc), so that they are not held through the whole build.
    if (size > LARGE_FILE) globalThis.gc?.();
    return {file, result};
  });
  assertOneFilePerRun(siteDir, read);
  return read;
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
  const datasets = loadDatasets(siteDir);
  const resultFiles = loadResultFiles(siteDir);
  const results = resultFiles.map((r) => r.result);
  const suites = siteSuites(siteDir);
  // The function profiles of each suite's newest instructions run (the one its page shows), per transaction,
  // read from its Cachegrind files.
  const files = new Map(resultFiles.map(({file, result}) => [result.run.id, file]));
  const profiles = new Map();
  for (const id of new Set(results.map((r) => r.run.suite))) {
    const run = newestOf(results, id, 'instructions');
    if (run) profiles.set(run.run.id, readRunProfiles(files.get(run.run.id), run));
  }
  const studies = studyFiles(datasetsDir).map((f) => readStudy(f, suites));
  const services = servicesFiles(datasetsDir).map((f) => readServices(f));
  return {siteDir, datasets, results, profiles, suites, studies, services, catalogs: loadCatalogs(siteDir)};
}

/**
 * Every catalog as the pages use it, read and checked once: English's (parsed, with the suites' words), each
 * locale's messages (English in place of what it cannot give), the check of them all, and the messages' context.
 */
export function loadCatalogs(siteDir) {
  const codes = Object.keys(locales);
  return {
    english: parseCatalog(siteDir, defaultLocale),
    usable: Object.fromEntries(codes.map((l) => [l, usableCatalog(siteDir, l)])),
    checked: checkCatalogs(siteDir, codes, defaultLocale),
    context: readContext(siteDir),
  };
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

/** The messages of what every page shows outside its own data: the navbar search. */
export const siteMessages = (siteDir, locale) => pickMessages(siteCatalog(siteDir, locale), ['search']);
