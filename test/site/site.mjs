// What every browser test needs: the production build served on loopback and
// a real Chromium, both closed when the test file ends.
import assert from 'node:assert/strict';
import {after, before} from 'node:test';
import {execFileSync, spawnSync} from 'node:child_process';
import {copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {drawCharts} from '../../scripts/site/page-charts.mjs';
import {launchChromium} from '../../scripts/site/chromium.mjs';
import {serveBuild} from '../../scripts/site/serve-build.mjs';
import {PALETTE} from '../../lib/charts/chart-config.mjs';
import {buildLocalePages} from '../../lib/pages/site-data.mjs';
import {loadSiteData} from '../../lib/load/site.mjs';

export const root = new URL('../../', import.meta.url).pathname;
export const shots = `${root}test-results/screenshots`;

/**
 * A copy of the project as `git clone` would give it, with this checkout's node_modules; with `fixtures`, its
 * results/ holds the fixture runs (test/fixtures/results/) instead of the published ones: the smallest site
 * that builds every page.
 */
export function freshCopy({fixtures = false} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && !(fixtures && file.startsWith('results/')));
  for (const file of files) {
    if (!existsSync(path.join(root, file))) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    copyFileSync(path.join(root, file), path.join(dir, file));
  }
  if (fixtures) cpSync(path.join(root, 'test/fixtures/results'), path.join(dir, 'results'), {recursive: true});
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Serves build/ and starts Chromium before the tests; `site.url`, `site.browser` once started. */
export function serveSite() {
  const site = {};
  before(async () => {
    site.server = await serveBuild({dir: `${root}build`});
    site.url = site.server.url;
    site.browser = await launchChromium();
    mkdirSync(shots, {recursive: true});
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

/**
 * A copy of the project with the fixture runs (freshCopy), changed by `prepare(dir)`, built (`args`: the build's
 * arguments) and served, with Chromium, before the tests; removed after them. `site.dir`, `site.url`,
 * `site.browser` once ready.
 */
export function serveCopy(prepare, args = []) {
  const site = {};
  before(async () => {
    site.dir = freshCopy({fixtures: true});
    prepare(site.dir);
    const build = spawnSync(process.execPath, ['scripts/build.mjs', ...args], {
      cwd: site.dir,
      encoding: 'utf8',
      timeout: 600_000,
    });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    site.server = await serveBuild({dir: path.join(site.dir, 'build')});
    site.url = site.server.url;
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
    if (site.dir) rmSync(site.dir, {recursive: true, force: true});
  });
  return site;
}

/**
 * Opens a page, collecting console errors, page errors and failed requests (for as long as it stays open), and
 * returns once it has loaded and React has hydrated it: what loads later (charts, code colours, the search)
 * loads as a reader's actions ask for it, and each test waits for what it uses.
 */
export async function openPage(site, path, viewport = {width: 1280, height: 800}) {
  const page = await site.browser.newPage({viewport});
  const problems = [];
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (res) => res.status() >= 400 && problems.push(`HTTP ${res.status()} ${res.url()}`));
  // A request that got no answer at all; not one the page gave up as it was left or closed (ERR_ABORTED).
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText;
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${reason})`);
  });
  await page.goto(new URL(path, site.url).href);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  return {page, problems};
}

/**
 * Charts whose canvas shows no data: fewer than a few dozen pixels in the
 * series' colours (axes, grid and labels are drawn in the theme's text and
 * grid colours, so an axis without data counts as blank).
 */
export async function blankCharts(page) {
  await drawCharts(page);
  const palette = PALETTE.map((hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)));
  return page.$$eval(
    'figure[data-chart]',
    (figures, colours) =>
      figures
        .filter((f) => {
          const canvas = f.querySelector('canvas');
          const {data} = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
          let coloured = 0;
          for (let i = 0; i < data.length; i += 4) {
            if (data[i + 3] < 200) continue;
            const near = colours.some(
              ([r, g, b]) => Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30,
            );
            if (near) coloured++;
          }
          return coloured < 12;
        })
        .map((f) => f.dataset.chart),
    palette,
  );
}

export async function checkNarrow(page, label) {
  await page.setViewportSize({width: 375, height: 800});
  // Charts follow the new width on their next frame (ResizeObserver): give them a moment.
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {timeout: 3000})
    .catch(() => {});
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${label}: the page scrolls sideways at 375 px`,
  );
}

/**
 * What a reader misses in the page's tables at its current width: a table
 * wider than its box (its last columns hidden) at desktop width, scroll shadows
 * at an edge with nothing beyond it, a caption wider than the screen, a cell
 * whose text breaks into a column of a few characters per line.
 */
/**
 * The tables a reader opens (a group's tab not chosen, a chart's folded figures) that would be wider than their box,
 * at the page's width: each as "table <where> is N px wider than its box". The page is left as it was.
 */
export async function openedTablesWider(page) {
  const opened = await page.evaluate(() => {
    const hidden = [...document.querySelectorAll('[role="tabpanel"][hidden]')];
    const closed = [...document.querySelectorAll('article details:not([open])')];
    for (const panel of hidden) panel.hidden = false;
    for (const d of closed) d.open = true;
    // Marked, to be closed again: a fold's rows load as it opens (OnDemand).
    for (const [i, el] of [...hidden, ...closed].entries())
      el.dataset.openedByTest = i < hidden.length ? 'tab' : 'fold';
    return hidden.length + closed.length;
  });
  if (opened > 0) await page.waitForFunction(() => !document.querySelector('[data-on-demand="loading"]'));
  return page.evaluate(() => {
    const problems = [];
    for (const table of document.querySelectorAll('article table')) {
      const box = table.parentElement;
      const where = table.dataset.group ?? table.closest('[data-chart]')?.dataset.chart ?? table.closest('[id]')?.id;
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(`table ${where} is ${box.scrollWidth - box.clientWidth} px wider than its box`);
    }
    for (const el of document.querySelectorAll('[data-opened-by-test]')) {
      if (el.dataset.openedByTest === 'tab') el.hidden = true;
      else el.open = false;
      delete el.dataset.openedByTest;
    }
    return problems;
  });
}

export async function tableProblems(page, {desktop}) {
  return page.evaluate((desktop) => {
    const problems = [];
    const name = (el) => el.closest('table')?.dataset.group ?? el.closest('[data-chart]')?.dataset.chart ?? '';
    // The page's colour as seen: the first opaque background from body up, else the canvas's white.
    const seen = [document.body, document.documentElement]
      .map((el) => getComputedStyle(el).backgroundColor)
      .find((c) => c !== 'rgba(0, 0, 0, 0)');
    const pageColour = seen ?? 'rgb(255, 255, 255)';
    for (const table of document.querySelectorAll('article table')) {
      if (table.closest('figure') && !table.checkVisibility()) continue;
      const box = table.parentElement;
      if (desktop && box.scrollWidth > box.clientWidth + 1)
        problems.push(`table ${name(table)} is ${box.scrollWidth - box.clientWidth} px wider than its box`);
      // A scroll box's shadows are hidden, where nothing is left to scroll to, by covers in the page's colour.
      const cover = getComputedStyle(box).backgroundImage.match(/rgba?\([^)]*\)/)?.[0];
      if (cover && cover !== pageColour)
        problems.push(`table ${name(table)} shows scroll shadows where nothing is hidden (${cover} on ${pageColour})`);
      const next = box.nextElementSibling;
      const caption = table.caption ?? (next?.matches('[data-caption]') ? next : null);
      if (caption && caption.getBoundingClientRect().right > window.innerWidth + 1)
        problems.push(`the caption of table ${name(table)} runs off the screen`);
      for (const cell of table.querySelectorAll('td, th')) {
        // A stacked table's header row is for screen readers only (clipped): its cells name the lines instead.
        const head = cell.closest('thead');
        if (head && getComputedStyle(head).clipPath !== 'none') continue;
        const text = cell.textContent.trim();
        // The height of the cell's text, not of its row.
        const range = document.createRange();
        range.selectNodeContents(cell);
        const style = getComputedStyle(cell);
        const lineHeight = Number.parseFloat(style.lineHeight) || 1.65 * Number.parseFloat(style.fontSize);
        const box = range.getBoundingClientRect();
        const lines = box.height / lineHeight;
        // A column of a few characters per line: taller than three lines, narrower than five characters.
        if (text.length > 4 && lines > 3 && box.width < 5 * Number.parseFloat(style.fontSize))
          problems.push(`"${text.slice(0, 20)}" in table ${name(table)} breaks into ${Math.round(lines)} lines`);
      }
    }
    return problems;
  }, desktop);
}

/**
 * Every server's median TPS of a quick run, as its group tables show it: a plain median of each server's repeats
 * per group, computed here (not with the site's code), whole transactions (a quick run's are all above 100).
 */
export async function assertQuickRunMedians(page, run) {
  const repeats = new Map();
  for (const c of run.cells.filter((x) => x.status === 'ok')) {
    const key = `${c.target} ${c.scenario} ${c.workload} ${c.clients ?? c.parameters.clients}`;
    repeats.set(key, [...(repeats.get(key) ?? []), c.summary.tps]);
  }
  const median = (v) => {
    const s = [...v].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  // An A/A control's twin is not a row of the tables (its own note says how it came out).
  const controls = new Set(run.environment.targets.filter((t) => t.controlOf).map((t) => t.id));
  for (const target of new Set(run.cells.map((c) => c.target).filter((t) => !controls.has(t)))) {
    const expected = [...repeats]
      .filter(([key]) => key.startsWith(`${target} `))
      .map(([, v]) => median(v))
      .map((m) => {
        assert.ok(m >= 100, `${target}: ${m} TPS, written otherwise below 100`);
        return Math.round(m).toLocaleString('en-US');
      });
    const shown = await page.$$eval(`table[data-group] tr[data-target="${target}"] td[data-figure="tps"]`, (tds) =>
      tds.map((td) => td.firstChild.textContent),
    );
    assert.deepEqual(shown.sort(), expected.sort(), target);
  }
}

let content = null;
const built = new Map();
/** What the site is made from (datasets, results, suites, studies), read once per test file. */
export const siteContent = () => (content ??= loadSiteData(root));
/** Every page's data for `locale`, as the data plugin builds it from this checkout: once per test file. */
export function sitePages(locale) {
  if (!built.has(locale)) built.set(locale, buildLocalePages(siteContent(), locale).pages);
  return built.get(locale);
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// Every rule of WCAG 2.1 AA and axe-core's best practices; and those of them that read colours, which are all
// that the theme can change (the dark theme changes colours, not the document).
export const EVERY_RULE = {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']};
export const COLOUR_RULES = {type: 'rule', values: ['color-contrast', 'link-in-text-block']};

/** Serious or critical axe-core violations of the rules `runOnly` names, one line each. */
export async function axeViolations(page, path, runOnly = EVERY_RULE) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({path: AXE});
  const violations = await page.evaluate(async (only) => {
    const result = await window.axe.run(document, {runOnly: only});
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}));
  }, runOnly);
  return violations.map((v) => `${path}: ${v.id} (${v.impact}) at ${v.nodes.join(' | ')}`);
}
