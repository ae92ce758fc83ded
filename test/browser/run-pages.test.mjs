// The pages made from measured runs, in every locale, in real Chromium: every
// median shown equals the newest run's, computed here from the result file
// with the site's own summary and formatter (the test keeps no numbers); every
// chart draws; the data files are served; narrow screens do not scroll sideways.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../scripts/lib/locales.mjs';
import {summarizeRepeats} from '../../scripts/lib/results/summarize-repeats.mjs';
import {formatFigure} from '../../src/figures/format.mjs';
import {latestRun, loadSiteData} from '../../src/plugins/benchmark-data/site-data.mjs';
import {openPage, root, shots, useSite} from './site.mjs';

const {results} = loadSiteData(root);
const site = useSite();

/** The first text of each matching cell (the median; the spread follows in a span). */
const medians = (page, selector) => page.$$eval(selector, (cells) => cells.map((c) => c.firstChild.textContent));

/** Charts whose canvas has fewer drawn pixels than a bare axis would. */
async function blankCharts(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('figure[data-chart]')].every((f) => f.querySelector('canvas')));
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

async function checkNarrow(page, locale) {
  await page.setViewportSize({width: 375, height: 800});
  // Charts follow the new width on their next frame (ResizeObserver): give them a moment.
  await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {timeout: 3000}).catch(() => {});
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${locale}: the page scrolls sideways at 375 px`);
}

for (const locale of Object.keys(locales)) {
  const base = localePath(locale);

  test(`${base}pg-versions/: medians of the newest pg-versions run, charts drawn (${locale})`, async () => {
    const run = latestRun(results, 'pg-versions');
    const {page, problems} = await openPage(site, `${base}pg-versions/`);
    for (const scenario of new Set(run.cells.map((c) => c.scenario))) {
      const cells = run.cells.filter((c) => c.scenario === scenario);
      const tps = summarizeRepeats(cells, (c) => c.summary.tps).map((g) => formatFigure(g.median, 'tps', locale));
      const p99 = summarizeRepeats(cells, (c) => c.log.latencyUs.p99 / 1000).map((g) => formatFigure(g.median, 'ms', locale));
      assert.deepEqual(await medians(page, `table[data-scenario="${scenario}"] td[data-figure="tps"]`), tps);
      assert.deepEqual(await medians(page, `table[data-scenario="${scenario}"] td[data-figure="p99"]`), p99);
    }
    assert.equal(await page.locator('figure[data-chart]').count(), 6);
    assert.deepEqual(await blankCharts(page), []);
    await page.screenshot({path: `${shots}/pg-versions.${locale}.png`, fullPage: true});
    await checkNarrow(page, locale);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`${base}pg17-planner/: medians, speedups and plans of the newest planner run (${locale})`, async () => {
    const run = latestRun(results, 'pg17-planner');
    const {page, problems} = await openPage(site, `${base}pg17-planner/`);
    for (const workload of new Set(run.cells.map((c) => c.workload))) {
      const groups = summarizeRepeats(run.cells.filter((c) => c.workload === workload), (c) => c.summary.tps);
      assert.deepEqual(await medians(page, `table[data-case="${workload}"] td[data-figure="tps"]`), groups.map((g) => formatFigure(g.median, 'tps', locale)));
      const ratios = await medians(page, `table[data-case="${workload}"] td[data-figure="ratio"]`);
      groups.slice(1).forEach((g, i) => assert.ok(ratios[i].includes(formatFigure(g.median / groups[0].median, 'ratio', locale)), `${workload}: ${ratios[i]}`));
      assert.equal(await page.locator(`[data-plan]`).filter({hasText: 'Execution Time'}).count() >= 3, true);
    }
    assert.deepEqual(await blankCharts(page), []);
    await page.screenshot({path: `${shots}/pg17-planner.${locale}.png`, fullPage: true});
    await checkNarrow(page, locale);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`${base}runs/ lists every result, and its JSON and CSV are served (${locale})`, async () => {
    const {page, problems} = await openPage(site, `${base}runs/`);
    const listed = await page.$$eval('tr[data-run]', (rows) => rows.map((r) => r.dataset.run));
    assert.deepEqual(listed.sort(), results.map((r) => r.run.id).sort());
    for (const href of await page.$$eval('a[data-run-file]', (links) => links.map((a) => a.href))) {
      const response = await page.request.get(href);
      assert.equal(response.status(), 200, href);
    }
    await page.screenshot({path: `${shots}/runs.${locale}.png`, fullPage: true});
    await checkNarrow(page, locale);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`${base}methodology/ and ${base} render cleanly (${locale})`, async () => {
    for (const [name, path] of [['methodology', `${base}methodology/`], ['home', base]]) {
      const {page, problems} = await openPage(site, path);
      await page.screenshot({path: `${shots}/${name}.${locale}.png`, fullPage: true});
      await checkNarrow(page, locale);
      assert.deepEqual(problems, []);
      await page.close();
    }
  });
}
