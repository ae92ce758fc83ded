#!/usr/bin/env node
// `npm run bench:site`: the site's budgets, measured side by side with a bare
// Docusaurus site of the same locales (the baseline) in the same run.
//
//   node scripts/perf/site.mjs [--skip-baseline] [--skip-floor]
//
// Measures: full four-locale production build (npm run build: data, Docusaurus, chart
//           images, search indexes) cold (caches cleared) and warm (run again), each as a
//           multiple of the bare site's, and beside them Docusaurus alone on the same pages (the
//           floor under them; --skip-floor leaves it out); and the JavaScript every page of the guide ships
//           in every locale: every .js file Chromium loads for it before the reader scrolls,
//           points or types, gzipped (apart, what reading on to its charts and code loads).
// Writes:   build/ (as npm run build does); the baseline in .perf-site/ (removed after).
// Exit:     0 when every budget is met; 1 when one is not (the table says which).
import {spawnSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {launchChromium} from '../site/chromium.mjs';
import {drawCharts} from '../site/page-charts.mjs';
import {NAV_PAGES} from '../../lib/i18n/site-translations.mjs';
import {defaultLocale, localePath, locales} from '../../lib/locales.mjs';
import {serveBuild} from '../site/serve-build.mjs';

// Builds: at most this many times the bare site's, cold and warm, in the same run. Pages: KiB gzip.
const BUDGET = {buildRatio: 1.3, pageJsKb: 180};
const root = new URL('../../', import.meta.url).pathname;
const docusaurus = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');
const baselineDir = path.join(root, '.perf-site');

/** Seconds a command takes; its output is shown only when it fails. */
function timed(args, cwd) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, {cwd, encoding: 'utf8', env: {...process.env, FORCE_COLOR: '0'}});
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const clear = (cwd) => timed([docusaurus, 'clear'], cwd);

/** A bare site: the same Docusaurus, locales and Faster, one page, nothing of ours. */
function writeBaseline() {
  rmSync(baselineDir, {recursive: true, force: true});
  mkdirSync(path.join(baselineDir, 'docs'), {recursive: true});
  writeFileSync(path.join(baselineDir, 'docs', 'index.md'), '---\nslug: /\n---\n\n# Bare page\n\nText.\n');
  writeFileSync(
    path.join(baselineDir, 'docusaurus.config.js'),
    `export default {
  title: 'Baseline', url: 'http://localhost', baseUrl: '/',
  future: {v4: true, faster: true},
  i18n: {defaultLocale: ${JSON.stringify(defaultLocale)}, locales: ${JSON.stringify(Object.keys(locales))}},
  plugins: [['@docusaurus/plugin-content-docs', {path: 'docs', routeBasePath: '/', sidebarPath: false}]],
  themes: ['@docusaurus/theme-classic'],
};
`,
  );
}

/** Gzipped size of every JavaScript file Chromium loads for a page (lazy chunks included). */
async function pageJs(browser, url) {
  const page = await browser.newPage({viewport: {width: 1280, height: 800}});
  // Scripts the page runs; chunks of other pages that links prefetch at idle
  // time (resource type "other") are counted apart, since the page needs none of them.
  const bodies = new Map();
  const prefetched = new Map();
  page.on('response', (res) => {
    if (!res.url().endsWith('.js')) return;
    const into = res.request().resourceType() === 'script' ? bodies : prefetched;
    if (!into.has(res.url()))
      into.set(
        res.url(),
        res.body().then((b) => ({gzip: gzipSync(b).length, raw: b.length})),
      );
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  const files = await Promise.all(bodies.values());
  // Then the reader reads on (points, scrolls, opens each tab): each chart loads Chart.js (its type's part)
  // as it comes near (drawCharts), and code that Prism colours loads Prism.
  await drawCharts(page);
  // Located afresh each time, and once more if it was replaced meanwhile: a code block is drawn
  // anew when Prism colours it. One in a hidden tab is left: its tab's twin was passed.
  const near = page.locator('pre:visible');
  for (let i = 0; i < (await near.count()); i++) {
    await near
      .nth(i)
      .scrollIntoViewIfNeeded()
      .catch(() => near.nth(i).scrollIntoViewIfNeeded());
  }
  await page.waitForLoadState('networkidle');
  const scrolled = (await Promise.all(bodies.values())).slice(files.length);
  const later = await Promise.all([...prefetched].filter(([url]) => !bodies.has(url)).map(([, body]) => body));
  await page.close();
  const kb = (list) => list.reduce((n, f) => n + f.gzip, 0) / 1024;
  return {
    files: files.length,
    gzipKb: kb(files),
    chartsKb: kb(scrolled),
    prefetchedKb: kb(later),
    prefetchedFiles: later.length,
  };
}

const rows = [];
/** A measure beside the bare site's; `ratio` budgets it as a multiple of the bare figure, else `budget` as is. */
const row = (what, ours, baseline, unit, {budget, ratio}) => rows.push({what, ours, baseline, unit, budget, ratio});

const skipBaseline = process.argv.includes('--skip-baseline');
const skipFloor = process.argv.includes('--skip-floor');
let floor = null;
let base = {cold: null, warm: null, pageKb: null};
if (!skipBaseline) {
  writeBaseline();
  try {
    clear(baselineDir);
    base = {cold: timed([docusaurus, 'build'], baselineDir), warm: timed([docusaurus, 'build'], baselineDir)};
    const server = await serveBuild({dir: path.join(baselineDir, 'build')});
    const browser = await launchChromium();
    base.pageKb = (await pageJs(browser, server.url)).gzipKb;
    await browser.close();
    await server.close();
  } finally {
    rmSync(baselineDir, {recursive: true, force: true});
  }
}

clear(root);
const cold = timed([path.join(root, 'scripts/build.mjs')], root);
const warm = timed([path.join(root, 'scripts/build.mjs')], root);
row('4-locale build, cold (caches cleared)', cold, base.cold, 's', {ratio: BUDGET.buildRatio});
row('4-locale build, warm (run again)', warm, base.warm, 's', {ratio: BUDGET.buildRatio});
// The floor under those: Docusaurus alone building this site's pages (the data plugin included; no result
// files, chart images or search indexes), so the table tells Docusaurus's share from the build's own.
if (!skipFloor) {
  clear(root);
  const floorCold = timed([docusaurus, 'build'], root);
  const floorWarm = timed([docusaurus, 'build'], root);
  row('  of which Docusaurus alone, cold', floorCold, base.cold, 's', {});
  row('  of which Docusaurus alone, warm', floorWarm, base.warm, 's', {});
  floor = {cold: floorCold, warm: floorWarm};
  // What a reader is served: the full build's, again.
  timed([path.join(root, 'scripts/build.mjs')], root);
}

// Every page of the guide in every locale, read as a reader opens it (1280 × 800, before any scroll).
const pages = NAV_PAGES.map((p) => (p.docId === 'index' ? '' : `${p.docId}/`));
const server = await serveBuild({dir: path.join(root, 'build')});
const browser = await launchChromium();
const measured = [];
try {
  for (const locale of Object.keys(locales)) {
    for (const page of pages) {
      const where = `${localePath(locale)}${page}`;
      measured.push({where, ...(await pageJs(browser, new URL(where, server.url).href))});
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const heaviest = measured.reduce((a, b) => (b.gzipKb > a.gzipKb ? b : a));
row(
  `first-load JS, heaviest of ${measured.length} pages (${heaviest.where}; gzip)`,
  heaviest.gzipKb,
  base.pageKb,
  'KiB',
  {budget: BUDGET.pageJsKb},
);

// Each page: its first load, what reading on to its charts and code loads, and what its links prefetch.
console.log('\n| page | first load (KiB gzip, files) | reading on loads | links prefetch |\n|---|---|---|---|');
for (const m of measured) {
  console.log(
    `| ${m.where} | ${m.gzipKb.toFixed(1)} (${m.files}) | ${m.chartsKb.toFixed(1)} | ` +
      `${m.prefetchedKb.toFixed(1)} (${m.prefetchedFiles}) |`,
  );
}

const fmt = (v, unit) => (v === null ? '—' : `${v.toFixed(unit === 's' ? 1 : 0)} ${unit}`);
// KiB = 1,024 bytes; the budget is read in KiB.
console.log('\n| measure | this site | bare Docusaurus (one page) | ratio | budget | |\n|---|---|---|---|---|---|');
let ok = true;
for (const r of rows) {
  const ratio = r.baseline === null ? null : r.ours / r.baseline;
  const budgeted = r.ratio !== undefined || r.budget !== undefined;
  // A ratio budget cannot be judged without the baseline (--skip-baseline).
  const met = !budgeted ? null : r.ratio === undefined ? r.ours <= r.budget : ratio === null ? null : ratio <= r.ratio;
  ok &&= met !== false;
  const limit = !budgeted ? '—' : r.ratio === undefined ? `≤ ${r.budget} ${r.unit}` : `≤ ${r.ratio}×`;
  const verdict = !budgeted ? 'for reference' : met === null ? 'not judged' : met ? 'met' : 'OVER';
  console.log(
    `| ${r.what} | ${fmt(r.ours, r.unit)} | ${fmt(r.baseline, r.unit)} | ` +
      `${ratio === null ? '—' : `${ratio.toFixed(2)}×`} | ${limit} | ${verdict} |`,
  );
}
// What the build adds to Docusaurus's own work on the same pages (result files, chart images, search
// indexes), as a multiple of it: told apart from what the pages cost Docusaurus.
if (floor) {
  console.log('\n| the whole build against Docusaurus alone on the same pages | cold | warm |\n|---|---|---|');
  console.log(`| ratio | ${(cold / floor.cold).toFixed(2)}× | ${(warm / floor.warm).toFixed(2)}× |`);
}
process.exit(ok ? 0 : 1);
