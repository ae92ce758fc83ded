#!/usr/bin/env node
// `npm run build`: emits the results as data files, builds the site with
// Docusaurus in every locale (or the ones given), draws every chart of the
// pages the build made as a PNG (while Docusaurus builds), and indexes each
// locale's pages for the search.
//
//   node scripts/build.mjs [--locale ja] [other docusaurus build options]
//
// Reads:  datasets/, results/, benchmarks/, i18n/ (and, through Docusaurus, docs/, src/).
// Writes: .docusaurus/data/ (each result as JSON and CSV), then build/ (or --out-dir), the result files
//         moved into its data/ (once, for every language), and
//         <each locale's output>/charts/<id>.png from the specs the data plugin derived
//         (drawn into node_modules/.cache/chart-images/ while Docusaurus builds; unchanged
//         images are taken from there), and <each locale's output>/pagefind/ (written by the
//         same low-priority thread, which readies Pagefind during the build; a locale whose
//         pages did not change gets its index from node_modules/.cache/search-index/).
//         An invalid data file stops the build before anything is replaced, with the file,
//         the JSON path and the fix.
// Exit:   0 built; 1 the data or the build failed, or static/ holds a link out of itself (the
//         message says where).
import {existsSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {$, chalk, echo} from 'zx';
import {checkCatalogs, formatProblem} from '../lib/i18n/check-catalogs.mjs';
import {linksOutside} from './publish/static-links.mjs';
import {catalogPath} from '../lib/i18n/catalogs.mjs';
import {defaultLocale, locales} from '../lib/locales.mjs';
import {
  clearChartHandoffs,
  drawChartImages,
  emitResultFilesApart,
  publishResultFiles,
  stagedDataDir,
  workWhileBuilding,
} from './publish/emit-static.mjs';

const root = new URL('../', import.meta.url).pathname;
const generatedFilesDir = path.join(root, '.docusaurus');
const cacheDir = path.join(root, 'node_modules', '.cache', 'chart-images');
const searchCacheDir = path.join(root, 'node_modules', '.cache', 'search-index');
const docusaurus = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');
const args = process.argv.slice(2);
const asked = args.flatMap((a, i) =>
  a === '--locale' ? [args[i + 1]] : a.startsWith('--locale=') ? [a.slice(9)] : [],
);
const unknown = asked.filter((l) => !Object.hasOwn(locales, l));
// Pages link the result files at the default language's root (one data/ for all): a build of several
// languages holds it, or a single language builds at the root with its own.
if (asked.length > 1 && !asked.includes(defaultLocale)) {
  echo(chalk.red(`Build one language, or several with ${defaultLocale} among them: the others link its data/.`));
  process.exit(1);
}
if (unknown.length > 0) {
  echo(chalk.red(`Unknown locale ${unknown.join(', ')}: i18n/locales.json lists ${Object.keys(locales).join(', ')}.`));
  process.exit(1);
}

// The translation guard first. English is the source: a problem there stops the build. A translation's
// problem does not stop the others: its messages are shown in English, marked on the page (lib/i18n/fallback.mjs).
const {problems} = checkCatalogs(root, Object.keys(locales), defaultLocale);
const englishProblems = problems.filter((p) => p.file === catalogPath(defaultLocale));
if (englishProblems.length > 0) {
  for (const p of englishProblems) echo(chalk.red(formatProblem(p)));
  echo(
    chalk.red(`English's catalog has ${englishProblems.length} problem(s) (npm run i18n:check); nothing was built.`),
  );
  process.exit(1);
}
for (const p of problems) echo(chalk.yellow(`${formatProblem(p)}  (shown in English until fixed)`));

// static/ is copied into the site as it is: a link out of the project would publish what it leads to.
const outside = linksOutside(path.join(root, 'static'), root);
if (outside.length > 0) {
  for (const {link, target} of outside) {
    echo(chalk.red(`${link} leads to ${target ?? 'nothing'}, outside static/.`));
  }
  echo(chalk.red('static/ may hold only its own files: replace each link with the file, or remove it.'));
  process.exit(1);
}

// Older builds wrote the result files into static/data/ (generated, never in git): Docusaurus would publish them again.
if (existsSync(path.join(root, 'static', 'data'))) {
  rmSync(path.join(root, 'static', 'data'), {recursive: true, force: true});
  echo('Removed static/data/, which older builds wrote: the result files now go to data/ in the output.');
}
try {
  const results = await emitResultFilesApart(root, stagedDataDir(generatedFilesDir));
  echo(`Emitted ${results} result files (JSON, CSV), to be published in data/.`);
} catch (error) {
  echo(chalk.red(error.message));
  process.exit(1);
}

clearChartHandoffs(generatedFilesDir);
// Docusaurus builds in a process of its own; a thread of this one draws the charts meanwhile, and readies
// the search indexer.
const beside = workWhileBuilding(generatedFilesDir, {cacheDir, search: {cacheDir: searchCacheDir}});
try {
  // --expose-gc: the data plugin frees what reading a large result leaves behind (lib/pages/site-data.mjs).
  await $({cwd: root, stdio: 'inherit', verbose: false})`${process.execPath} --expose-gc ${docusaurus} build ${args}`;
} catch {
  process.exit(1);
}

// Then, side by side: the charts still to draw (copied into each locale's output), and the search indexes.
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const images = beside.finish().then((drawnByWorker) => {
  const {charts, images, drawn, locales: drawnFor} = drawChartImages(generatedFilesDir, {cacheDir});
  const allDrawn = drawnByWorker + drawn;
  echo(
    `Chart images for ${drawnFor.join(', ')}: ${charts} charts, ${images} images, wide and narrow ` +
      `(${allDrawn} drawn, ${images - allDrawn} unchanged), ${seconds()} s after the pages.`,
  );
});
// Awaited below, after the search: a failure meanwhile is not an unhandled rejection.
images.catch(() => {});
try {
  const indexed = await beside.searchIndexes();
  const pages = indexed.map((i) => `${i.locale} ${i.pages}`).join(', ');
  const unchanged = indexed.filter((i) => i.cached).length;
  echo(
    `Search indexes (pages per locale: ${pages}; ${unchanged} unchanged, from the cache), ` +
      `${seconds()} s after the pages.`,
  );
} catch (error) {
  echo(chalk.red(`The search index could not be written: ${error.message}`));
  process.exit(1);
}
try {
  await images;
} catch (error) {
  echo(chalk.red(`The chart images could not be drawn: ${error.message}`));
  process.exit(1);
}
// The result files once, at the site's root, for every language (the pages link them there).
const published = publishResultFiles(generatedFilesDir, defaultLocale);
if (published) echo(`Result files published once, for every language, in ${path.relative(root, published)}/.`);
