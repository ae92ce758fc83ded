#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse's mobile performance audit (its default: a phone's screen, a 4×
// slower CPU and a slow 4G network, simulated) of every page of the built site in every locale, printed
// beside the same audit of a bare Docusaurus page (bare-site.mjs) in the same run, so that a slow machine
// shows as slow in both.
//
//   node scripts/perf/lighthouse.mjs [--locale ja ...] [--page pg-versions ...] [--runs 3] [--skip-baseline]
//
// Each audit runs --runs times (default 3), each in a Chromium of its own, and the median run is shown (the
// run of the median score, ties broken by Total Blocking Time): one run of a page on this 2-core machine
// varied by 100 ms of Total Blocking Time, and a long-lived browser made later pages slower.
// Budget, against the bare page audited just before each locale's pages: every page scores at least the
//         bare page's score − 3, with a Total Blocking Time of at most the bare page's + 100 ms, and a
//         Cumulative Layout Shift of at most 0.1. (A bare page misses an absolute ≥ 90 on this machine: what
//         Docusaurus itself costs is not ours to win back.) Run it on a quiet machine, after `npm run build`.
// Reads:  build/ (as npm run build left it). Writes: the bare site in .perf-site/ (removed after).
// Needs:  Chromium (bash scripts/setup-system.sh) and the devDependency lighthouse (pinned: 13 wants Node 22).
// Exit:   0 every page within the budget; 1 one is not (the table says which); 2 wrong usage.
import {spawnSync} from 'node:child_process';
import {existsSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {parseArgs} from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {NAV_PAGES} from '../../lib/load/site-translations.mjs';
import {localePath, locales} from '../../lib/locales.mjs';
import {chromiumExecutablePath} from '../site/chromium.mjs';
import {serveBuild} from '../site/serve-build.mjs';
import {writeBareSite} from './bare-site.mjs';

/** Beside the bare page: at most 3 points of score and 100 ms of Total Blocking Time below it; CLS absolute. */
export const BUDGET = {score: 3, tbtMs: 100, cls: 0.1};
const root = new URL('../../', import.meta.url).pathname;
const bareDir = path.join(root, '.perf-site');
const docusaurus = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');

const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** One Lighthouse run of `url` in a Chromium of its own. */
async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({chromePath: chromiumExecutablePath(), chromeFlags: CHROMIUM_FLAGS});
  try {
    const {lhr} = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    return lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * The figures of the median of `runs` audits: score (0–100), TBT and LCP (ms), CLS, and the longest
 * main-thread task (ms).
 */
async function audit(url, runs) {
  const lhrs = [];
  for (let i = 0; i < runs; i++) lhrs.push(await lighthouseRun(url));
  // The run of the median score (of the middle two, the one with less blocking time).
  const score = (l) => l.categories.performance.score ?? 0;
  const tbtOf = (l) => l.audits['total-blocking-time']?.numericValue ?? 0;
  const sorted = [...lhrs].sort((a, b) => score(a) - score(b) || tbtOf(b) - tbtOf(a));
  const lhr = sorted[Math.floor(sorted.length / 2)];
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    longest: tasks.length > 0 ? Math.max(...tasks.map((t) => t.duration)) : 0,
  };
}

/** Whether an audit is within the budget beside the bare page's (none: the absolute CLS only), and what is over. */
function over({score, tbt, cls}, bare) {
  return [
    bare && score < bare.score - BUDGET.score && `score ${score} < ${bare.score} − ${BUDGET.score}`,
    bare && tbt > bare.tbt + BUDGET.tbtMs && `TBT ${Math.round(tbt)} ms > ${Math.round(bare.tbt)} + ${BUDGET.tbtMs}`,
    cls > BUDGET.cls && `CLS ${cls.toFixed(3)} > ${BUDGET.cls}`,
  ].filter(Boolean);
}

function usage(message) {
  console.error(`${message}\nUsage: node scripts/perf/lighthouse.mjs [--locale CODE ...] [--page DOC ...]`);
  process.exit(2);
}

const {values} = parseArgs({
  options: {
    locale: {type: 'string', multiple: true, default: Object.keys(locales)},
    page: {type: 'string', multiple: true, default: NAV_PAGES.map((p) => p.docId)},
    'skip-baseline': {type: 'boolean', default: false},
    runs: {type: 'string', default: '3'},
  },
});
for (const l of values.locale) if (!locales[l]) usage(`No locale "${l}" (${Object.keys(locales).join(', ')}).`);
for (const p of values.page) if (!NAV_PAGES.some((n) => n.docId === p)) usage(`No page "${p}".`);
if (!existsSync(path.join(root, 'build', 'index.html'))) usage('No build/: run npm run build first.');
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) usage(`--runs ${values.runs}: a whole number of runs, at least 1.`);

const servers = [];
try {
  // The bare page, built now with this checkout's Docusaurus, and audited before each locale's pages.
  let bare = null;
  if (!values['skip-baseline']) {
    writeBareSite(bareDir);
    const built = spawnSync(process.execPath, [docusaurus, 'build', '--locale', 'en'], {
      cwd: bareDir,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`The bare site did not build:\n${built.stderr}`);
    bare = await serveBuild({dir: path.join(bareDir, 'build')});
    servers.push(bare);
  }
  const site = await serveBuild({dir: path.join(root, 'build')});
  servers.push(site);
  const rows = [];
  for (const locale of values.locale) {
    if (bare) rows.push({page: 'bare Docusaurus', locale: 'en', ...(await audit(bare.url, runs)), bare: true});
    for (const docId of values.page) {
      const slug = docId === 'index' ? '' : `${docId}/`;
      const url = new URL(`${localePath(locale)}${slug}`, site.url).href;
      rows.push({page: `/${slug}`, locale, ...(await audit(url, runs))});
      const last = rows.at(-1);
      console.error(`${locale} /${slug}: ${last.score} (TBT ${Math.round(last.tbt)} ms, CLS ${last.cls.toFixed(3)})`);
    }
  }
  const cells = (r) => [
    r.locale.padEnd(8),
    r.page.padEnd(20),
    String(r.score).padStart(5),
    `${Math.round(r.tbt)} ms`.padStart(9),
    `${(r.lcp / 1000).toFixed(1)} s`.padStart(7),
    r.cls.toFixed(3).padStart(6),
    `${Math.round(r.longest)} ms`.padStart(9),
  ];
  console.log(
    `\nLighthouse mobile (simulated), the median of ${runs} run(s) of each page; budget beside the bare page ` +
      `audited before it: score ≥ bare − ${BUDGET.score}, TBT ≤ bare + ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls}`,
  );
  console.log(['locale  ', 'page'.padEnd(20), 'score', '      TBT', '    LCP', '   CLS', ' longest'].join(' '));
  let failed = 0;
  let bareRow = null;
  for (const r of rows) {
    if (r.bare) bareRow = r;
    const problems = r.bare ? [] : over(r, bareRow);
    if (problems.length > 0) failed++;
    console.log([...cells(r), problems.length > 0 ? `  over: ${problems.join(', ')}` : ''].join(' '));
  }
  console.log(failed === 0 ? '\nEvery page is within the budget.' : `\n${failed} page(s) over the budget.`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  for (const s of servers) await s.close();
  rmSync(bareDir, {recursive: true, force: true});
}
