// What a reader tripped over, each checked in real Chromium over the build: an
// unknown page under a locale answers with that locale's 404; the site has a
// sitemap with every locale's pages; pages travel compressed from the local
// server; without JavaScript, a dark system gets the dark page and a chart is
// its image. (What a reader meets on a page, in every locale, is checked as
// the page tour opens it: reader-checks.mjs.)
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {localePath, locales} from '../../lib/locales.mjs';
import {translator} from '../helpers/fixtures.mjs';
import {openPage, root, serveSite} from './site.mjs';

const site = serveSite();

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
      // The image of the page's theme (each is drawn light and dark; the other is not shown).
      const image = figures.nth(i).locator('img[data-chart-image]:visible');
      await image.scrollIntoViewIfNeeded();
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await image.elementHandle());
      const seen = await figures.nth(i).evaluate((figure) => {
        const img = [...figure.querySelectorAll('img')].find((e) => e.checkVisibility());
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
