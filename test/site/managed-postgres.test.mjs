// The managed-Postgres page in every locale, in real Chromium: every TPS cell
// equals the dataset's figure formatted for that locale, computed by the same
// code the site uses (the test keeps no copy of the numbers).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {localePath, locales} from '../../lib/locales.mjs';
import {readDataset} from '../../lib/load/datasets.mjs';
import {managedPostgresPage} from '../../lib/pages/managed-postgres-page.mjs';
import {translator} from '../helpers/fixtures.mjs';
import {openPage, root, shots, serveSite} from './site.mjs';

const dataset = readDataset(`${root}datasets/managed-postgres.json`);
const site = serveSite();

for (const [locale, {htmlLang}] of Object.entries(locales)) {
  const path = `${localePath(locale)}managed-postgres/`;

  test(`${path}: every figure is the data's, formatted for ${locale}`, async () => {
    const expected = managedPostgresPage(dataset, locale);
    const {page, problems} = await openPage(site, path);
    assert.equal(await page.getAttribute('html', 'lang'), htmlLang);
    const shown = await page.$$eval('td[data-figure="tps"]', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(
      shown,
      expected.tests.flatMap((t) => t.figures.map((f) => f.tps)),
    );
    const text = await page.textContent('article');
    for (const testData of expected.tests) {
      for (const c of testData.comparisons)
        assert.ok(text.includes(c.percent), `${locale}: ${c.percent} is not on the page`);
    }
    // Who is faster than whom: the lead column names the fastest system, its row says
    // it is the fastest, and each other row holds the fastest's lead over it.
    const t = translator(locale);
    for (const [i, testData] of expected.tests.entries()) {
      const fastest = testData.figures.find((f) => f.system === testData.comparisons[0].system);
      const table = page.locator('article table:has(td[data-figure="lead"])').nth(i);
      assert.ok((await table.locator('thead').textContent()).includes(t('managed.table.lead', {best: fastest.name})));
      const lead = (system) => table.locator(`tr[data-system="${system}"] td[data-figure="lead"]`).textContent();
      assert.equal(await lead(fastest.system), t('managed.table.fastest'));
      for (const c of testData.comparisons) {
        const times = t('managed.table.times', {ratio: c.ratio});
        assert.equal(await lead(c.versus), t('managed.table.leadCell', {times, percent: c.percent}));
      }
    }
    await page.screenshot({path: `${shots}/managed-postgres.${locale}.png`, fullPage: true});
    // A phone-sized screen scrolls down, never sideways.
    await page.setViewportSize({width: 375, height: 800});
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${locale}: the page scrolls sideways at 375 px`,
    );
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the source can be followed: a link, its date or that it has none, and the figures to download', async () => {
  for (const locale of Object.keys(locales)) {
    const {source} = managedPostgresPage(dataset, locale).dataset;
    const {page, problems} = await openPage(site, `${localePath(locale)}managed-postgres/`);
    const link = page.locator('[data-source-link]');
    assert.equal(await link.getAttribute('href'), dataset.source.url);
    assert.equal(await link.textContent(), dataset.source.title);
    const note = await link.locator('xpath=..').textContent();
    const t = translator(locale);
    assert.ok(note.includes(t('managed.provenance.undated', {consulted: source.consulted})), `${locale}: ${note}`);
    for (const kind of ['json', 'csv']) {
      const href = await page.locator(`[data-run-file="${kind}"]`).getAttribute('href');
      // One data/ for every language, at the root: a language's folder has no copy of it.
      assert.equal(href, `/data/datasets/managed-postgres.${kind}`);
      if (locale !== 'en') assert.ok(!existsSync(path.join(root, 'build', locale, 'data')), `build/${locale}/data`);
      const response = await fetch(new URL(href, site.url));
      assert.equal(response.status, 200, href);
      if (kind === 'json') assert.deepEqual(await response.json(), dataset);
    }
    assert.deepEqual(problems, [], locale);
    await page.close();
  }
});
