#!/usr/bin/env node
// `npm run build`: emits the results as data files, builds the site with
// Docusaurus in every locale (or the ones given), draws every chart of the
// pages the build made as a PNG (while Docusaurus builds), and indexes each
// locale's pages for the search.
//
//   node scripts/build.mjs [--locale ja] [--out-dir DIR] [other docusaurus build options]
//
// One build at a time per checkout (a second is refused, naming the first: .build.lock, build-lock.mjs).
// The site is assembled beside its output, in build.tmp-<pid>/ (or DIR.tmp-<pid>/), and put in place
// whole once complete (staged-output.mjs): a build that fails or is stopped leaves the last site as it
// was, and the next build removes what a killed one left. SIGINT, SIGTERM and SIGHUP stop Docusaurus too
// (its own process group: SIGTERM, then SIGKILL) and exit 128 + the signal's number.
//
// Reads:  datasets/, results/, benchmarks/, i18n/ (and, through Docusaurus, docs/, src/).
// Writes: .docusaurus/data/ (each result as JSON and CSV), then the staged site (build/ or --out-dir once in
//         place), the result files moved into its data/ (once, for every language), and
//         <each locale's output>/charts/<id>.png from the specs the data plugin derived
//         (drawn into node_modules/.cache/chart-images/ while Docusaurus builds; unchanged
//         images are taken from there), and <each locale's output>/pagefind/ (written by the
//         same low-priority thread, which readies Pagefind during the build; a locale whose
//         pages did not change gets its index from node_modules/.cache/search-index/).
//         An invalid data file stops the build before anything is replaced, with the file,
//         the JSON path and the fix.
// Exit:   0 built; 1 the data or the build failed, static/ holds a link out of itself, or another build
//         of this checkout runs (the message says where, or whose); 129, 130, 143 stopped by SIGHUP,
//         SIGINT, SIGTERM.
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {$, chalk, echo, sleep} from 'zx';
import {checkCatalogs, formatProblem} from '../lib/i18n/check-catalogs.mjs';
import {linksOutside} from './publish/static-links.mjs';
import {BuildLockHeld, takeBuildLock} from './publish/build-lock.mjs';
import {passDocusaurusOutput, serveCommand} from './publish/docusaurus-output.mjs';
import {clearLeftovers, outputFolder, putInPlace, stagingDir} from './publish/staged-output.mjs';
import {catalogPath} from '../lib/i18n/catalogs.mjs';
import {siteSuiteProblems} from '../lib/suites/site-suites.mjs';
import {defaultLocale, locales} from '../lib/locales.mjs';
import {
  builtLocales,
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

// The output (Docusaurus's --out-dir, relative to the project; build/ by default): Docusaurus builds into
// a folder beside it, which takes its place once the site is complete.
const outAt = args.findIndex((a) => a === '--out-dir' || a.startsWith('--out-dir='));
const outValue = outAt < 0 ? 'build' : args[outAt] === '--out-dir' ? args[outAt + 1] : args[outAt].slice(10);
if (!outValue) {
  echo(chalk.red('--out-dir takes the folder to build into, e.g. --out-dir .preview/ja.'));
  process.exit(1);
}
const docusaurusArgs = args.filter(
  (_, i) => outAt < 0 || !(i === outAt || (args[outAt] === '--out-dir' && i === outAt + 1)),
);
const out = outputFolder(path.resolve(root, outValue));
const shownOut = path.relative(root, out).startsWith('..') ? out : path.relative(root, out);
if (path.resolve(root) === out || path.resolve(root).startsWith(`${out}${path.sep}`)) {
  echo(
    chalk.red(
      `--out-dir ${outValue} holds the project itself: the build replaces it whole. Build into a folder of its own.`,
    ),
  );
  process.exit(1);
}
const staged = stagingDir(out);

// One build at a time: two share .docusaurus/ and the output.
let lock;
try {
  lock = takeBuildLock(path.join(root, '.build.lock'), {command: ['node', 'scripts/build.mjs', ...args].join(' ')});
} catch (error) {
  if (!(error instanceof BuildLockHeld)) throw error;
  echo(chalk.red(error.message));
  process.exit(1);
}
if (lock.note) echo(chalk.yellow(lock.note));

/** Whether any process of the group `group` runs. */
function groupRuns(group) {
  // Not 0: kill(0) is this process's own group.
  if (!group) return false;
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
/** Whether process `pid` runs Docusaurus (a pid taken since by another program does not). */
function isDocusaurus(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('docusaurus');
  } catch {
    return false;
  }
}
// A build killed outright left its Docusaurus running on, writing into the folder removed below: ended first.
const orphans = lock.stale?.group;
if (orphans && groupRuns(orphans) && isDocusaurus(orphans)) {
  process.kill(-orphans, 'SIGKILL');
  echo(chalk.yellow(`Ended the Docusaurus build the stopped build had left running (process group ${orphans}).`));
  for (let waited = 0; groupRuns(orphans) && waited < 5000; waited += 100) await sleep(100);
}
for (const note of clearLeftovers(out)) echo(chalk.yellow(note));

// Whatever ends this process: Docusaurus with it, the unfinished site removed, the lock released.
let docusaurusGroup = null;
let placed = false;
process.on('exit', () => {
  if (docusaurusGroup && groupRuns(docusaurusGroup)) process.kill(-docusaurusGroup, 'SIGKILL');
  if (!placed) rmSync(staged, {recursive: true, force: true});
  lock.release();
});
// A signal stops the build between two steps (never inside the synchronous swap of the output).
const SIGNALS = {SIGHUP: 1, SIGINT: 2, SIGTERM: 15};
let stopping = null;
for (const [signal, number] of Object.entries(SIGNALS)) {
  process.on(signal, () => {
    stopping ??= (async () => {
      echo(
        chalk.yellow(
          `${signal}: the build stops; ${shownOut}/ ${placed ? 'holds the new site' : 'is left as it was'}.`,
        ),
      );
      // Docusaurus ends on SIGTERM, but not always at once: its group gets a moment, then SIGKILL (the exit
      // handler).
      const group = docusaurusGroup;
      if (group && groupRuns(group)) {
        process.kill(-group, 'SIGTERM');
        for (let waited = 0; groupRuns(group) && waited < 2000; waited += 100) await sleep(100);
      }
      process.exit(128 + number);
    })();
  });
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
for (const p of problems)
  echo(
    chalk.yellow(`${formatProblem(p)}  (${p.untranslated ? 'not yet translated' : 'shown in English until fixed'})`),
  );

// A suite that cannot load or would collide with another page is left out of the site, the rest built: named here,
// before Docusaurus starts (npm test fails on them: lib/suites/site-suites.test.mjs).
for (const p of siteSuiteProblems(root)) echo(chalk.yellow(`${p}  (left out of the site)`));

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
  // Recorded as checked: the data plugin then parses them without deriving every figure again.
  const results = await emitResultFilesApart(root, stagedDataDir(generatedFilesDir), {record: true});
  echo(`Emitted ${results} result files (JSON, CSV), to be published in data/.`);
} catch (error) {
  echo(chalk.red(error.message));
  process.exit(1);
}

clearChartHandoffs(generatedFilesDir);
// Docusaurus builds in a process of its own; a thread of this one draws the charts meanwhile, and readies
// the search indexer.
const beside = workWhileBuilding(generatedFilesDir, {cacheDir, search: {cacheDir: searchCacheDir}});
// --expose-gc: the data plugin frees what reading a large result leaves behind (lib/pages/site-data.mjs).
// Detached: a process group of its own, which a signal to this build ends whole.
const building = $({
  cwd: root,
  // Its output passes through, but for its last hint (dropped below).
  stdio: ['inherit', 'pipe', 'inherit'],
  verbose: false,
  quiet: true,
  detached: true,
  // Said above: the data plugin need not say it again. Piped, it keeps the terminal's colours.
  env: {...process.env, BENCH_SUITE_PROBLEMS_SAID: '1', ...(process.stdout.isTTY ? {FORCE_COLOR: '1'} : {})},
})`${process.execPath} --expose-gc ${docusaurus} build ${docusaurusArgs} --out-dir ${staged}`;
const passed = passDocusaurusOutput(building.stdout);
docusaurusGroup = building.pid;
try {
  // So that a build after one killed outright can end the Docusaurus it left.
  lock.record({group: docusaurusGroup});
} catch {}
try {
  await building;
  await passed;
} catch {
  if (stopping) await stopping;
  process.exit(1);
}
docusaurusGroup = null;
// Docusaurus exits 0 on SIGINT and SIGTERM, as if it had built: a stop ends this process here (and a site
// it did not finish is not put in place: checked next).
if (stopping) await stopping;
// Every locale asked for has its pages: Docusaurus killed by another hand exits 0 too.
const missing = (asked.length > 0 ? asked : Object.keys(locales)).filter(
  (l) => !builtLocales(generatedFilesDir).some((b) => b.locale === l && existsSync(path.join(b.outDir, 'index.html'))),
);
if (missing.length > 0) {
  echo(chalk.red(`Docusaurus ended without the pages of ${missing.join(', ')}; ${shownOut}/ is left as it was.`));
  process.exit(1);
}

// Then, side by side: the charts still to draw (copied into each locale's output), and the search indexes.
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const images = beside.finish().then((drawnByWorker) => {
  const {charts, images, drawn, locales: drawnFor} = drawChartImages(generatedFilesDir, {cacheDir});
  const allDrawn = drawnByWorker + drawn;
  echo(
    `Chart images for ${drawnFor.join(', ')}: ${charts} charts, ${images} images, wide and narrow, light and dark ` +
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
const inOut = (dir) => path.join(shownOut, path.relative(staged, dir));
if (published) echo(`Result files published once, for every language, in ${inOut(published)}/.`);
// The site complete: in place of the last one, whole. Nothing async from here to the swap: a signal cannot
// come between.
if (stopping) await stopping;
putInPlace(staged, out);
placed = true;
// npm start serves it next itself; said alone, the way to see it.
echo(
  process.env.BENCH_SERVED_NEXT
    ? `The site is in ${shownOut}/.`
    : `The site is in ${shownOut}/: ${serveCommand(shownOut)} serves it.`,
);
