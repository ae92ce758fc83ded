// What every browser test needs: the production build served on loopback and
// a real Chromium, both closed when the test file ends.
import assert from 'node:assert/strict';
import {after, before} from 'node:test';
import {mkdirSync} from 'node:fs';
import {launchChromium} from '../../scripts/site/chromium.mjs';
import {summarizeRepeats} from '../../lib/results/summarize-repeats.mjs';
import {formatFigure} from '../../lib/numbers/format.mjs';
import {serveBuild} from '../../scripts/site/serve-build.mjs';

export const root = new URL('../../', import.meta.url).pathname;
export const shots = `${root}test-results/screenshots`;

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

/** Opens a page, collecting console errors, page errors and failed requests. */
export async function openPage(site, path, viewport = {width: 1280, height: 800}) {
  const page = await site.browser.newPage({viewport});
  const problems = [];
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (res) => res.status() >= 400 && problems.push(`HTTP ${res.status()} ${res.url()}`));
  await page.goto(new URL(path, site.url).href, {waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  return {page, problems};
}

/** Charts whose canvas has fewer drawn pixels than a bare axis would. */
export async function blankCharts(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('figure[data-chart]')].every((f) => f.querySelector('canvas')),
  );
  await page.waitForTimeout(200);
  return page.$$eval('figure[data-chart]', (figures) =>
    figures
      .filter((f) => {
        const canvas = f.querySelector('canvas');
        const {data} = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let drawn = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) drawn++;
        return drawn < (canvas.width * canvas.height) / 50;
      })
      .map((f) => f.dataset.chart),
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
 * Every median TPS of a quick run's table equals the run's, summarized and
 * formatted for `locale` by the site's code.
 */
export async function assertQuickRunMedians(page, run, locale) {
  for (const g of summarizeRepeats(run.cells, (c) => c.summary.tps)) {
    const cell = page.locator(
      `tr[data-row="${g.workload}/${g.scenario}/${g.clients}"][data-target="${g.target}"] td[data-figure="tps"]`,
    );
    assert.equal(
      await cell.evaluate((td) => td.firstChild.textContent),
      formatFigure(g.median, 'tps', locale),
      `${locale} ${g.key}`,
    );
  }
}
