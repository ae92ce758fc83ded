// What a reader tripped over, each checked in real Chromium over the build:
// the translating page names languages in the reader's language; an unknown
// page under a locale answers with that locale's 404; the site has a sitemap
// with every locale's pages; pages travel compressed from the local server.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {localePath, locales} from '../../lib/locales.mjs';
import {languageName} from '../../lib/pages/translating-page.mjs';
import {translator} from '../helpers/fixtures.mjs';
import {openPage, root, serveSite} from './site.mjs';

const site = serveSite();

test('the translating page names the languages of its example in the page’s language', async () => {
  for (const locale of Object.keys(locales)) {
    const {page} = await openPage(site, `${localePath(locale)}translating/`);
    const sample = await page.textContent('.sample-message');
    assert.ok(sample.startsWith(`${languageName('en', locale)}:`), `${locale}: ${sample.slice(0, 40)}`);
    if (locale !== 'en') assert.ok(!sample.includes('English'), `${locale}: "English" on the page`);
    await page.close();
  }
});

test('an unknown page of a locale is that locale’s 404 page', async () => {
  for (const [locale, {htmlLang}] of Object.entries(locales)) {
    const page = await site.browser.newPage();
    const response = await page.goto(new URL(`${localePath(locale)}no-such-page/`, site.url).href);
    assert.equal(response.status(), 404);
    assert.equal(await page.getAttribute('html', 'lang'), htmlLang, `${locale}: the 404 page is in another language`);
    assert.ok((await page.title()).endsWith(translator(locale)('site.title')), `${locale}: ${await page.title()}`);
    await page.close();
  }
});

test('each locale has a sitemap listing its pages', () => {
  for (const locale of Object.keys(locales)) {
    const xml = readFileSync(`${root}build${localePath(locale)}sitemap.xml`, 'utf8');
    for (const slug of ['pg-versions/', 'methodology/', 'translating/'])
      assert.ok(xml.includes(`${localePath(locale)}${slug}</loc>`), `${locale}: ${slug} is not in the sitemap`);
  }
});

test('the local server sends scripts compressed', async () => {
  const {page} = await openPage(site, '/pg-versions/');
  const scripts = await page.$$eval('script[src]', (s) => s.map((e) => e.src));
  const response = await fetch(scripts[0], {headers: {'accept-encoding': 'gzip, br'}});
  assert.ok(['gzip', 'br'].includes(response.headers.get('content-encoding')), `${scripts[0]} is sent whole`);
  await page.close();
});

test('the methodology names scenarios and workloads in the page’s language, each id kept beside', async () => {
  for (const locale of Object.keys(locales)) {
    const {page} = await openPage(site, `${localePath(locale)}methodology/`);
    const cells = await page.$$eval('tr[data-scenario] td:first-child', (tds) =>
      tds.map((td) => ({
        id: td.dataset.scenario ?? td.parentElement.dataset.scenario,
        text: td.textContent,
        code: td.querySelector('code')?.textContent,
      })),
    );
    assert.ok(cells.length >= 4, `${locale}: ${cells.length} scenarios`);
    for (const {id, text, code} of cells) {
      assert.equal(code, id, `${locale}: the id ${id} is kept`);
      const name = text.replace(code, '').trim();
      assert.ok(name.length > 0, `${locale}: scenario ${id} has no name`);
      if (locale !== 'en') assert.doesNotMatch(name, /[A-Za-z]/, `${locale}: "${name}" is not translated`);
    }
    const floor = await page.$$eval('li[data-noise-floor]', (lis) => lis.map((li) => li.textContent));
    assert.ok(floor.length > 0, `${locale}: a noise floor`);
    for (const item of floor) assert.doesNotMatch(item, /, (small|large|load) \//, `${locale}: ${item.slice(0, 80)}`);
    await page.close();
  }
});

test('without JavaScript, a dark system gets the dark page', async () => {
  for (const colorScheme of ['dark', 'light']) {
    const context = await site.browser.newContext({javaScriptEnabled: false, colorScheme});
    const page = await context.newPage();
    await page.goto(new URL('/ja/pg-versions/', site.url).href);
    const [text, background] = await page.evaluate(() => [
      getComputedStyle(document.body).color,
      getComputedStyle(document.documentElement).getPropertyValue('--ifm-background-color').trim(),
    ]);
    assert.deepEqual(
      [text, background],
      colorScheme === 'dark' ? ['rgb(227, 227, 227)', '#1b1b1d'] : ['rgb(28, 30, 33)', '#fff'],
      colorScheme,
    );
    await context.close();
  }
});

test('at 1280 px every navbar link is one line, in every locale', async () => {
  for (const locale of Object.keys(locales)) {
    const {page} = await openPage(site, localePath(locale));
    const items = await page.$$eval('.navbar__inner .navbar__item', (els) =>
      els
        .filter((e) => e.offsetParent !== null)
        .map((e) => ({text: e.textContent.trim(), height: e.getBoundingClientRect().height})),
    );
    assert.ok(items.length >= 5, `${locale}: ${items.length} navbar items`);
    const lineHeight = Math.min(...items.map((i) => i.height));
    for (const item of items) assert.ok(item.height < lineHeight * 1.5, `${locale}: "${item.text}" wraps`);
    await page.close();
  }
});

test('at 375 px the site’s name stops before the search field, in every locale', async () => {
  for (const locale of Object.keys(locales)) {
    const {page} = await openPage(site, localePath(locale), {width: 375, height: 700});
    const [title, field] = await page.evaluate(() =>
      ['.navbar__title', '.navbar input[type=search]'].map((s) => {
        const el = document.querySelector(s);
        const box = el.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          cut: el.scrollWidth > el.clientWidth,
          end: getComputedStyle(el).textOverflow,
        };
      }),
    );
    assert.ok(
      title.right <= field.left,
      `${locale}: the name ends at ${title.right} px, the field starts at ${field.left} px`,
    );
    if (title.cut) assert.equal(title.end, 'ellipsis', `${locale}: the name is cut without an ellipsis`);
    await page.close();
  }
});

test('at 375 px a row of the Runs table is a few lines tall, not a column of one word per line', async () => {
  for (const locale of Object.keys(locales)) {
    const {page} = await openPage(site, `${localePath(locale)}runs/`, {width: 375, height: 800});
    const heights = await page.$$eval('tr[data-run]', (rows) => rows.map((r) => r.getBoundingClientRect().height));
    assert.ok(heights.length > 0);
    // About four lines of text with the cell's padding: the machine wrapped in 10em used to take six or more.
    for (const h of heights) assert.ok(h <= 110, `${locale}: a row ${Math.round(h)} px tall`);
    await page.close();
  }
});

test('without JavaScript a chart is its image: narrow on a phone, no blank box, title and legend once', async () => {
  for (const [width, narrow] of [
    [375, true],
    [1280, false],
  ]) {
    const context = await site.browser.newContext({javaScriptEnabled: false, viewport: {width, height: 800}});
    const page = await context.newPage();
    await page.goto(new URL('/ko/pg-versions/', site.url).href);
    const figures = page.locator('figure[data-chart]');
    for (let i = 0; i < Math.min(3, await figures.count()); i++) {
      const image = figures.nth(i).locator('img[data-chart-image]');
      await image.scrollIntoViewIfNeeded();
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await image.elementHandle());
      const seen = await figures.nth(i).evaluate((figure) => {
        const img = figure.querySelector('img');
        const visible = (e) => e !== null && e.getBoundingClientRect().height > 1;
        return {
          src: img.currentSrc,
          gap: img.parentElement.parentElement.getBoundingClientRect().height - img.getBoundingClientRect().height,
          fits: img.getBoundingClientRect().right <= document.documentElement.clientWidth,
          title: visible(figure.querySelector('figcaption')),
          legend: visible(figure.querySelector('ul')),
        };
      });
      assert.equal(seen.src.endsWith('-narrow.png'), narrow, `${width}: ${seen.src}`);
      assert.ok(seen.gap < 8, `${width}: ${Math.round(seen.gap)} px of blank under the image`);
      assert.ok(seen.fits, `${width}: the image is wider than the page`);
      assert.deepEqual([seen.title, seen.legend], [false, false], `${width}: the image draws its own title and legend`);
    }
    await context.close();
  }
});
