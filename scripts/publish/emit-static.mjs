// What the build publishes beside the pages.
// - Before Docusaurus builds: each result as JSON and CSV, with index.json
//   listing them, and each published dataset as JSON and CSV in datasets/,
//   staged in .docusaurus/data/ (replaced whole on every build); once the pages
//   are built, moved to data/ at the root of the site (publishResultFiles).
//   Not through static/: Docusaurus would read every file of it into memory
//   once per locale, and copy it into every locale's folder.
// - While it builds, and after: each chart as a PNG in the locale's output
//   folder (<outDir>/charts/<id>.png), drawn from the chart specs the data
//   plugin derived for the pages (lib/charts/chart-handoff.mjs): derived once,
//   drawn into a cache while Docusaurus bundles, copied once the pages exist.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {chartHandoffDir} from '../../lib/charts/chart-handoff.mjs';
import {writeError} from '../../lib/write-file-atomically.mjs';
import {profileFiles} from '../../lib/cachegrind/run-profiles.mjs';
import {copyKeptFile} from '../../lib/results/kept-files.mjs';
import {forgetChecked, recordChecked} from '../../lib/results/checked-files.mjs';
import {assertOneFilePerRun, loadDatasets, readCheckedResult, resultFilesOf} from '../../lib/load/site.mjs';
import {drawable} from '../../lib/charts/chart-spec.mjs';
import {IMAGE_FILES, chartPng} from './chart-images.mjs';
import {datasetCsv} from './dataset-csv.mjs';
import {resultCsv} from './result-csv.mjs';

/** Replaces `dir` with what `fill(tempDir)` writes, so a failure leaves the old one whole. */
function replaceDir(dir, fill) {
  const temp = `${dir}.tmp-${process.pid}`;
  rmSync(temp, {recursive: true, force: true});
  mkdirSync(temp, {recursive: true});
  try {
    fill(temp);
  } catch (error) {
    rmSync(temp, {recursive: true, force: true});
    // Node names no file when a write fails for space: name the folder.
    throw error.code ? writeError(dir, error, 'The files of the last build are unchanged.') : error;
  }
  rmSync(dir, {recursive: true, force: true});
  renameSync(temp, dir);
}

/**
 * What static/data/index.json lists: every result, newest first, so that a
 * published site can be asked for its newest run of a suite (bench published).
 */
export const resultIndex = (results) =>
  [...results]
    .sort((a, b) => b.run.startedAt.localeCompare(a.run.startedAt))
    .map(({run}) => ({
      id: run.id,
      kind: run.kind,
      suite: run.suite ?? null,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      json: `${run.id}.json`,
      csv: `${run.id}.csv`,
    }));

/** Where the result files wait, between emitResultFiles and publishResultFiles. */
export const stagedDataDir = (generatedFilesDir) => path.join(generatedFilesDir, 'data');

/**
 * Every result of results/ as JSON (the file as committed) and CSV in `into`, and their index;
 * every published dataset (datasets/<id>.json) as JSON and CSV in `into`/datasets/; `record`: listed as
 * checked (lib/results/checked-files.mjs). A failure leaves `into` as it was.
 * @returns {number} how many results
 */
export function emitResultFiles(siteDir, into, {record = false} = {}) {
  if (record) forgetChecked(siteDir); // written again once every file has passed
  const datasets = loadDatasets(siteDir);
  const runs = [];
  replaceDir(into, (dir) => {
    // One result at a time, so that memory holds the largest result, not all of them.
    const read = [];
    for (const file of resultFilesOf(siteDir)) {
      const result = readCheckedResult(siteDir, file);
      // Before its data/<id>.json is written: a second file of one run would replace the first's.
      read.push({file, result: {run: result.run}});
      assertOneFilePerRun(siteDir, read);
      // The file as committed, byte for byte; the CSV made from it.
      copyFileSync(file, path.join(dir, `${result.run.id}.json`));
      writeFileSync(path.join(dir, `${result.run.id}.csv`), resultCsv(result));
      // An instructions run's Cachegrind files, downloadable beside it under the same relative paths: each in
      // the result's folder and no link (readCheckedResult checked them), copied without following one.
      for (const rel of profileFiles(result)) {
        mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true});
        copyKeptFile(file, rel, path.join(dir, rel));
      }
      runs.push({run: result.run});
    }
    writeFileSync(path.join(dir, 'index.json'), `${JSON.stringify(resultIndex(runs), null, 2)}\n`);
    mkdirSync(path.join(dir, 'datasets'));
    for (const dataset of Object.values(datasets)) {
      writeFileSync(path.join(dir, 'datasets', `${dataset.id}.json`), `${JSON.stringify(dataset, null, 2)}\n`);
      writeFileSync(path.join(dir, 'datasets', `${dataset.id}.csv`), datasetCsv(dataset));
    }
    if (record) recordChecked(siteDir, resultFilesOf(siteDir));
  });
  return runs.length;
}

/**
 * emitResultFiles in a thread of its own, which ends when they are written: the memory a large
 * result took is given back before Docusaurus starts, not held by the build beside it.
 * @returns {Promise<number>} how many results
 */
export function emitResultFilesApart(siteDir, into, options = {}) {
  const worker = new Worker(new URL('./emit-worker.mjs', import.meta.url), {workerData: {siteDir, into, options}});
  return new Promise((resolve, reject) => {
    worker.once('message', (m) => (m.failed === undefined ? resolve(m.emitted) : reject(new Error(m.failed))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The thread writing ${into} ended (exit ${code}).`)));
  });
}

/** Forgets the chart specs of earlier builds (before a build, so only its own are drawn). */
export const clearChartHandoffs = (generatedFilesDir) =>
  rmSync(chartHandoffDir(generatedFilesDir), {recursive: true, force: true});

/** The plugin's hand-off of each locale the last build made: {locale, outDir, charts}. */
function readHandoffs(generatedFilesDir) {
  const dir = chartHandoffDir(generatedFilesDir);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  return files.sort().map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
}

/** The locales the last build made, each with its output folder. */
export const builtLocales = (generatedFilesDir) =>
  readHandoffs(generatedFilesDir).map(({locale, outDir}) => ({locale, outDir}));

/**
 * Moves the staged result files to data/ at the site's root: the default locale's output folder,
 * or the one locale built. One data/ for every language: the pages link it there
 * (src/components/DataUrl). Returns the folder, or null when no locale was built.
 */
export function publishResultFiles(generatedFilesDir, defaultLocale) {
  const built = builtLocales(generatedFilesDir);
  const home = built.find((b) => b.locale === defaultLocale) ?? (built.length === 1 ? built[0] : null);
  if (!home) return null;
  const target = path.join(home.outDir, 'data');
  rmSync(target, {recursive: true, force: true});
  try {
    renameSync(stagedDataDir(generatedFilesDir), target);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    // The output on another file system: copied, then the staged files removed.
    cpSync(stagedDataDir(generatedFilesDir), target, {recursive: true});
    rmSync(stagedDataDir(generatedFilesDir), {recursive: true, force: true});
  }
  return target;
}

/**
 * Draws into the cache the charts of each locale whose specs the plugin has handed over (it does
 * as it loads the locale's content, before bundling it), watching for more until `built` settles
 * (the build is done); then draws what is left and resolves to how many images it drew.
 */
export async function drawHandOffs(generatedFilesDir, {cacheDir, built}) {
  let building = true;
  built.then(() => {
    building = false;
  });
  const dir = chartHandoffDir(generatedFilesDir);
  const done = new Set();
  let drawn = 0;
  for (let last = false; !last; ) {
    last = !building;
    const handed = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') && !done.has(f)) : [];
    for (const name of handed.sort()) {
      done.add(name);
      for (const spec of drawable(JSON.parse(readFileSync(path.join(dir, name), 'utf8')).charts)) {
        for (const image of IMAGE_FILES) {
          if (chartPng(spec, image, cacheDir).drawn) drawn++;
          // Between images, let the message that the build is done come in.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    // A new locale is looked for every 100 ms; the end of the build is seen at once.
    if (!last) await Promise.race([built, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return drawn;
}

// What each answer of the worker thread is about.
const WORK = {drawn: 'chart images', indexed: 'search indexes'};

/**
 * Draws the charts while Docusaurus builds, in a worker thread (build-worker.mjs): the images are drawn
 * beside the build, on the core it leaves idle, and are ready when the pages are (drawChartImages
 * then only copies them). With `search`, the same thread readies Pagefind meanwhile and writes the
 * search indexes (search-index.mjs) once the build is done.
 * @param {string} generatedFilesDir  the site's .docusaurus folder (its parent is the site)
 * @param {{cacheDir: string, search?: {cacheDir: string}}} options
 * @returns {{finish: () => Promise<number>, searchIndexes: () => Promise<object[]>}} finish: the
 *   build is done; resolves, once what was handed over is drawn, to how many images were drawn;
 *   searchIndexes (after finish, with `search`): writeSearchIndexes's answer
 */
export function workWhileBuilding(generatedFilesDir, {cacheDir, search}) {
  const worker = new Worker(new URL('./build-worker.mjs', import.meta.url), {
    workerData: {siteDir: path.dirname(generatedFilesDir), generatedFilesDir, cacheDir, search},
  });
  const reply = (stage) => {
    const answer = new Promise((resolve, reject) => {
      worker.on('message', (message) => {
        if (stage in message) resolve(message[stage]);
        else if (message.failed === stage) reject(new Error(message.message));
      });
      worker.once('error', reject);
      // Settled already, unless the thread ended without a word on this stage.
      worker.once('exit', (code) =>
        reject(new Error(`The build's worker thread ended (exit ${code}) before the ${WORK[stage]} were done.`)),
      );
    });
    // Awaited by the caller, maybe later than it fails: not an unhandled rejection meanwhile.
    answer.catch(() => {});
    return answer;
  };
  const drawn = reply('drawn');
  const indexed = search ? reply('indexed') : null;
  return {
    finish() {
      worker.postMessage('finish');
      return drawn;
    },
    searchIndexes: () => indexed,
  };
}

/**
 * Draws the charts of every locale the last build made, into its output folder.
 * @returns {{charts: number, images: number, drawn: number, locales: string[]}}
 */
export function drawChartImages(generatedFilesDir, {cacheDir}) {
  let charts = 0;
  let images = 0;
  let drawn = 0;
  const locales = [];
  for (const {locale, outDir, charts: specs} of readHandoffs(generatedFilesDir)) {
    locales.push(locale);
    const target = path.join(outDir, 'charts');
    mkdirSync(target, {recursive: true});
    for (const spec of drawable(specs)) {
      for (const {name, ...image} of IMAGE_FILES) {
        const png = chartPng(spec, image, cacheDir);
        copyFileSync(png.file, path.join(target, name(spec.id)));
        if (png.drawn) drawn++;
      }
      charts++;
      images += IMAGE_FILES.length;
    }
  }
  return {charts, images, drawn, locales};
}
