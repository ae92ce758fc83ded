// The Managed services page in real Chromium: the default comparison in every
// locale equals the one the site's own code computes from the data (the test
// keeps no copy of the numbers); the controls change it and the URL; a copied
// link, a reload, back and forward restore it; unknown parameters fall back to
// the default; without JavaScript the default view and the full table are
// there; the managed-Postgres page links its published test to its runs.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {newestRun} from '../../lib/model/newest-run.mjs';
import {servicesPage} from '../../lib/pages/services-page.mjs';
import {comparisonView, parseState} from '../../lib/postgresbench/services-view.mjs';
import {checkNarrow, openPage, serveSite, shots, siteContent} from './site.mjs';

const content = siteContent();
const dataset = content.services.find((s) => s.id === 'postgresbench');
const pageData = (locale) =>
  servicesPage(dataset, {
    locale,
    run: newestRun(content.results, 'postgresbench'),
    suite: content.suites.find((s) => s.id === 'postgresbench'),
  });
const site = serveSite();

/** The rows on the page: id, shown figure and ratio, in order. */
const shownRows = (page) =>
  page.$$eval('ol li[data-row]', (items) =>
    items.map((li) => ({
      id: li.dataset.row,
      value: li.querySelector('[data-figure]').textContent,
      ratio: li.querySelector('[data-ratio]').textContent,
    })),
  );

/** What the site's code says those rows are, for a query string. */
function expectedRows(data, search) {
  const view = comparisonView(data.rows, parseState(search, data.rows), data.locale, data.pValues);
  return view.rows.map((r) => r.id);
}

const waitForView = (page, query) => page.waitForSelector(`[data-services-view="${query || '?'}"]`);

for (const [locale, {htmlLang}] of Object.entries(locales)) {
  const path = `${localePath(locale)}services/`;

  test(`${path}: the default comparison is the data's, in ${locale}, and fits 375 px`, async () => {
    const data = pageData(locale);
    const {page, problems} = await openPage(site, path);
    assert.equal(await page.getAttribute('html', 'lang'), htmlLang);
    const rows = await shownRows(page);
    assert.deepEqual(
      rows.map((r) => r.id),
      data.defaultView.rows.map((r) => r.id),
    );
    assert.ok(rows.length >= 4, 'the default view compares several services');
    for (const [i, r] of data.defaultView.rows.entries()) {
      assert.ok(rows[i].value.includes(r.value), `${r.id}: ${r.value}`);
    }
    // Every control has a name a screen reader says, in the page's language.
    for (const id of ['services-machine', 'services-size', 'services-metric']) {
      const label = await page.$eval(`label[for="${id}"] span`, (s) => s.textContent);
      assert.ok(label.trim().length > 0, `${id} has no label`);
    }
    const attribution = await page.textContent('[data-attribution]');
    assert.ok(attribution.includes(dataset.source.commit.slice(0, 7)) && attribution.includes('Apache-2.0'));
    const links = await page.$$eval('ol li[data-row] a', (as) => as.map((a) => a.href));
    assert.ok(
      links.every((l) => l.startsWith(`https://github.com/ClickHouse/PostgresBench/blob/${dataset.source.commit}/`)),
    );
    await page.screenshot({path: `${shots}/services.${locale}.png`, fullPage: true});
    await checkNarrow(page, locale);
    await page.locator('[data-services-view]').screenshot({path: `${shots}/services.${locale}.375.png`});
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('/services/: the controls change the view and the URL; reload, back and forward restore it', async () => {
  const data = pageData('en');
  const {page, problems} = await openPage(site, '/services/');
  await page.getByLabel('Machine').selectOption('4');
  await waitForView(page, '?machine=4');
  assert.match(page.url(), /\?machine=4$/);
  await page.getByLabel('Metric').selectOption('p99');
  await page.getByLabel('Worst run').check();
  const query = '?machine=4&metric=p99&figure=worst';
  await waitForView(page, query);
  assert.ok(page.url().endsWith(query), page.url());
  const worstP99 = await shownRows(page);
  assert.deepEqual(
    worstP99.map((r) => r.id),
    expectedRows(data, query),
  );
  // Lower is better: the best p99 first, ratios from 1.0× up.
  assert.match(worstP99[0].ratio, /best/);
  await page.reload({waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await waitForView(page, query);
  assert.deepEqual(await shownRows(page), worstP99);
  assert.equal(await page.getByLabel('Metric').inputValue(), 'p99');
  await page.goBack();
  await waitForView(page, '?machine=4&metric=p99');
  await page.goBack();
  await waitForView(page, '?machine=4');
  await page.goForward();
  await page.goForward();
  await waitForView(page, query);
  assert.deepEqual(await shownRows(page), worstP99);
  // A service left out is written to the URL, and its rows go.
  await page.locator('input[data-service="neon"]').uncheck();
  await page.waitForFunction(() => /services=/.test(window.location.search));
  const ids = (await shownRows(page)).map((r) => r.id);
  assert.ok(ids.length > 0 && ids.every((id) => !id.startsWith('neon/')), ids.join());
  assert.deepEqual(ids, expectedRows(data, new URL(page.url()).search));
  await page.screenshot({path: `${shots}/services.controls.png`, fullPage: true});
  assert.deepEqual(problems, []);
  await page.close();
});

test('/ko/services/: a copied link opens the same comparison; keyboard changes the metric', async () => {
  const data = pageData('ko');
  const query = '?size=500&metric=latency&figure=best';
  const {page, problems} = await openPage(site, `/ko/services/${query}`);
  await waitForView(page, query);
  assert.deepEqual(
    (await shownRows(page)).map((r) => r.id),
    expectedRows(data, query),
  );
  await page.focus('#services-metric');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => /metric=p95/.test(window.location.search));
  assert.deepEqual(problems, []);
  await page.close();
});

test('/services/: unknown parameters fall back to the default view, without an error', async () => {
  const data = pageData('en');
  const {page, problems} = await openPage(site, '/services/?machine=999&size=7&metric=bogus&figure=x&services=zzz');
  await waitForView(page, '');
  assert.deepEqual(
    (await shownRows(page)).map((r) => r.id),
    data.defaultView.rows.map((r) => r.id),
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('/services/: our own run of the suite is there, labelled as measured here, with its machine', async () => {
  const data = pageData('en');
  const own = data.rows.filter((r) => r.measuredHere);
  assert.ok(own.length > 0, 'results/ holds a postgresbench run');
  const query = `?machine=${own[0].vcpus}&size=${own[0].sizeGb}`;
  const {page, problems} = await openPage(site, `/services/${query}`);
  await waitForView(page, query);
  const item = page.locator(`li[data-row="${own[0].id}"]`);
  assert.match(await item.textContent(), /measured here/);
  assert.match(await item.textContent(), new RegExp(`run ${own[0].measuredHere.runId}`));
  // Its name says whose it is and which server, not the suite's id of its target ("mine · PostgreSQL 18.4").
  const name = (await item.locator('a').first().textContent()).trim();
  assert.match(name, /^Our run \(measured here\) · PostgreSQL \d+\.\d+$/, name);
  const row = page.locator(`[data-services-table] tr:has(a[href$="${own[0].measuredHere.runId}.json"]) th`).first();
  assert.match(await row.textContent(), /^Our run \(measured here\) · PostgreSQL/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('/ja/services/ without JavaScript: the default comparison and every run in the table', async () => {
  const data = pageData('ja');
  const context = await site.browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(new URL('/ja/services/', site.url).href);
  assert.deepEqual(
    (await shownRows(page)).map((r) => r.id),
    data.defaultView.rows.map((r) => r.id),
  );
  const runs = data.rows.reduce((n, r) => n + r.runCount, 0);
  assert.equal(await page.locator('[data-services-table] tbody tr').count(), runs);
  await context.close();
});

test('/managed-postgres/: the published read-write test links to its per-run data', async () => {
  const {page, problems} = await openPage(site, '/managed-postgres/');
  const link = page.locator('p[data-per-run^="?"] a');
  assert.equal(await link.count(), 1);
  assert.equal(await page.locator('p[data-per-run="none"]').count(), 2);
  await link.click();
  await page.waitForURL(/\/services\/?\?size=500$/);
  await waitForView(page, '?size=500');
  assert.ok((await shownRows(page)).length >= 3);
  assert.deepEqual(problems, []);
  await page.close();
});
