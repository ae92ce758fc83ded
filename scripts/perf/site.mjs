#!/usr/bin/env node
// `npm run bench:site`: the site's budgets, measured side by side with their baselines in the same run.
//
//   node scripts/perf/site.mjs [--rounds 3] [--skip-baseline]
//
// Measures: the full four-locale production build (npm run build: data, Docusaurus, chart images,
//           search indexes) cold (caches cleared) and warm (run again), against Docusaurus alone
//           building the same pages (the budget's base), timed in turns for --rounds rounds: each
//           round's ratio, their median budgeted; and the JavaScript every page of the guide ships
//           in every locale: every .js file Chromium loads for it before the reader scrolls, points
//           or types, gzipped (apart, what reading on to its charts and code loads). Beside them, for
//           reference only, a bare Docusaurus site of one page (--skip-baseline leaves it out).
// Writes:   build/ (as npm run build does); the bare site in .perf-site/ (removed after).
// Exit:     0 when every budget is met; 1 when one is not (the table says which).
import {spawnSync} from 'node:child_process';
import {rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {launchChromium} from '../site/chromium.mjs';
import {drawCharts} from '../site/page-charts.mjs';
import {NAV_PAGES} from '../../lib/load/site-translations.mjs';
import {localePath, locales} from '../../lib/locales.mjs';
import {serveBuild} from '../site/serve-build.mjs';
import {writeBareSite} from './bare-site.mjs';
import {median} from '../../lib/stats/median.mjs';

// Builds: at most this many times Docusaurus alone on the same pages, cold and warm. Pages: KiB gzip.
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
/** A measure; `ratio` budgets `ours` as a multiple of `against`, else `budget` as is; `bare`: for reference. */
const row = (what, ours, against, unit, {budget, ratio, bare = null}) =>
  rows.push({what, ours, against, unit, budget, ratio, bare});

const flag = (name) => process.argv.indexOf(name);
const skipBaseline = flag('--skip-baseline') !== -1;
const rounds = flag('--rounds') === -1 ? 3 : Number(process.argv[flag('--rounds') + 1]);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('--rounds takes a whole number of at least 1 (how many times each build is timed).');
  process.exit(2);
}
let base = {cold: null, warm: null, pageKb: null};
if (!skipBaseline) {
  writeBareSite(baselineDir);
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

// The budget's base: Docusaurus alone building this site's pages (the data plugin included; no result
// files, chart images or search indexes). This machine's speed drifts by more than the margin between
// them, so the two are timed in turns, the order swapped each round, and each round's ratio taken.
const builds = {
  ours: () => timed([path.join(root, 'scripts/build.mjs')], root),
  alone: () => timed([docusaurus, 'build'], root),
};
const times = {ours: {cold: [], warm: []}, alone: {cold: [], warm: []}};
let last = null;
for (let round = 0; round < rounds; round++) {
  for (const which of round % 2 === 0 ? ['ours', 'alone'] : ['alone', 'ours']) {
    clear(root);
    times[which].cold.push(builds[which]());
    times[which].warm.push(builds[which]());
    last = which;
  }
}
// What a reader is served, and what the pages below are measured on: the full build's.
if (last !== 'ours') builds.ours();
const ratios = {};
for (const state of ['cold', 'warm']) {
  ratios[state] = times.ours[state].map((t, i) => t / times.alone[state][i]);
  const label = state === 'cold' ? 'cold (caches cleared)' : 'warm (run again)';
  row(`4-locale build, ${label}`, median(times.ours[state]), median(times.alone[state]), 's', {
    ratio: BUDGET.buildRatio,
    bare: base[state],
  });
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
row(`first-load JS, heaviest of ${measured.length} pages (${heaviest.where}; gzip)`, heaviest.gzipKb, null, 'KiB', {
  budget: BUDGET.pageJsKb,
  bare: base.pageKb,
});

// Each page: its first load, what reading on to its charts and code loads, and what its links prefetch.
console.log('\n| page | first load (KiB gzip, files) | reading on loads | links prefetch |\n|---|---|---|---|');
for (const m of measured) {
  console.log(
    `| ${m.where} | ${m.gzipKb.toFixed(1)} (${m.files}) | ${m.chartsKb.toFixed(1)} | ` +
      `${m.prefetchedKb.toFixed(1)} (${m.prefetchedFiles}) |`,
  );
}

const fmt = (v, unit) => (v === null ? '—' : `${v.toFixed(unit === 's' ? 1 : 0)} ${unit}`);
const span = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`;
// KiB = 1,024 bytes; the budget is read in KiB. A build's ratio is the median of its rounds' ratios.
console.log(
  `\n| measure | this site | Docusaurus alone, same pages | ratio (median of ${rounds}; range) | budget | ` +
    '| bare Docusaurus, one page (reference) |\n|---|---|---|---|---|---|---|',
);
let ok = true;
for (const r of rows) {
  const state = r.unit === 's' ? (r.what.includes('cold') ? 'cold' : 'warm') : null;
  const ratio = state ? median(ratios[state]) : null;
  const met = r.ratio === undefined ? r.ours <= r.budget : ratio <= r.ratio;
  ok &&= met;
  const limit = r.ratio === undefined ? `≤ ${r.budget} ${r.unit}` : `≤ ${r.ratio}×`;
  const ratioText = state ? `${ratio.toFixed(2)}× (${span(ratios[state])})` : '—';
  const bare = r.bare === null ? '—' : `${fmt(r.bare, r.unit)} (${(r.ours / r.bare).toFixed(2)}×)`;
  console.log(
    `| ${r.what} | ${fmt(r.ours, r.unit)} | ${fmt(r.against, r.unit)} | ${ratioText} | ${limit} | ` +
      `${met ? 'met' : 'OVER'} | ${bare} |`,
  );
}
process.exit(ok ? 0 : 1);
