// One number, one form (README "Number style"): on a page, the prose, the
// tables and the labels drawn on the charts write figures the same way, in
// every locale — grouped thousands, a decimal point, no short forms.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {localePath, locales} from '../../lib/locales.mjs';
import {drawCharts} from '../../scripts/site/page-charts.mjs';
import {openPage, serveSite} from './site.mjs';

const site = serveSite();

/** A figure as every locale writes it: 4,400 · 0.799 · +12.3% · 4.3 (a sign or unit may follow). */
const FIGURE = /^[+-]?\d{1,3}(,\d{3})*(\.\d+)?%?$/;
/** A short form: 19.8K, 1.98万, 4.4천, 1.98만. */
const SHORT = /\d\s?(K|M|万|億|천|만)(?![A-Za-z])/u;
/** Units and signs that follow a figure in prose. */
const UNIT = String.raw`(?:\s?(?:TPS|ms|×|倍|배|times|%))`;

/** Figures of a text: each number (or range) written before a unit, split at the range dash. */
const proseFigures = (text) =>
  [...text.matchAll(new RegExp(String.raw`([+-]?[\d.,]*\d(?:–[+-]?[\d.,]*\d)?)%?${UNIT}`, 'gu'))].flatMap((m) =>
    m[1].split('–'),
  );

async function pageFigures(page) {
  return page.evaluate(() => {
    const article = document.querySelector('article');
    const copy = article.cloneNode(true);
    // Commands, run ids and code are not figures; tables are read cell by cell below.
    for (const e of copy.querySelectorAll('pre, code, table, figure, nav')) e.remove();
    // Numeric cells (DataTable's Num, a CSS-module class), their spreads included, each text node apart.
    const texts = (node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const parts = [];
      while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
      return parts.join(' ').trim();
    };
    const cells = [...article.querySelectorAll('td[class^="number"], td[data-figure]')].map(texts);
    return {prose: copy.textContent, cells};
  });
}

/** The labels Chart.js drew on every chart's axes, once each chart is drawn (its tab opened, if it has one). */
async function chartLabels(page) {
  await drawCharts(page);
  const all = await page.$$eval('figure[data-chart] canvas[data-axis-labels]', (canvases) =>
    canvases.map((c) => c.dataset.axisLabels),
  );
  assert.equal(all.length, await page.locator('figure[data-chart]').count(), 'every chart drew its labels');
  return all.flatMap((text) => JSON.parse(text));
}

for (const [locale, {htmlLang}] of Object.entries(locales)) {
  test(`${locale}: prose, tables and chart labels write every figure in one style`, async () => {
    for (const slug of ['managed-postgres/', 'pg-versions/', 'pg17-planner/']) {
      const {page, problems} = await openPage(site, `${localePath(locale)}${slug}`);
      assert.equal(await page.getAttribute('html', 'lang'), htmlLang);
      const {prose, cells} = await pageFigures(page);
      const where = `${locale} ${slug}`;
      const inProse = proseFigures(prose);
      assert.ok(inProse.length >= 3, `${where}: figures found in the prose (${inProse.length})`);
      for (const f of inProse) assert.match(f, FIGURE, `${where}: "${f}" in the prose`);
      assert.doesNotMatch(prose, SHORT, `${where}: a short form in the prose`);

      assert.ok(cells.length >= 3, `${where}: figures in the tables (${cells.length})`);
      for (const cell of cells) {
        for (const f of cell.match(/[+-]?[\d.,]*\d/g) ?? []) assert.match(f, FIGURE, `${where}: "${cell}" in a table`);
        assert.doesNotMatch(cell, SHORT, `${where}: "${cell}" in a table`);
      }

      const labels = await chartLabels(page);
      const figures = labels.filter((l) => /^[+\-\d.,%×倍배]+$/u.test(l));
      if (slug !== 'managed-postgres/') assert.ok(figures.length >= 3, `${where}: chart labels (${labels.length})`);
      for (const l of figures) assert.match(l.replace(/[×倍배]$/u, ''), FIGURE, `${where}: "${l}" on a chart`);
      assert.deepEqual(problems, [], where);
      await page.close();
    }
  });
}
