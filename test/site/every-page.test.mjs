// Every page of the sidebar in every locale, in real Chromium over the
// production build: no console or page errors and no failed request, every
// chart draws (its canvas is not blank), no table wider than its box at 1280 px
// and no caption off the screen or cell broken into a column at 375 px, no
// sideways scrolling at 375 px, a
// full-page screenshot in test-results/screenshots/<page>.<locale>.png; and
// the page announces its translations (hreflang) and its language menu keeps
// the reader on the same page (a real click, on one page per language, lands
// on it in the next language).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {NAV_PAGES} from '../../lib/i18n/site-translations.mjs';
import {blankCharts, checkNarrow, openPage, serveSite, shots, tableProblems} from './site.mjs';

const site = serveSite();
const slugOf = (docId) => (docId === 'index' ? '' : `${docId}/`);
const codes = Object.keys(locales);

/** Every translation of the page is announced, with an x-default. */
async function checkAlternates(page, path, docId) {
  const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
    links.map((l) => [l.hreflang, new URL(l.href).pathname]),
  );
  for (const [code, {htmlLang}] of Object.entries(locales)) {
    assert.ok(
      alternates.some(([lang, p]) => lang === htmlLang && p === `${localePath(code)}${slugOf(docId)}`),
      `${path}: no hreflang="${htmlLang}" link to its ${code} page (${JSON.stringify(alternates)})`,
    );
  }
  assert.ok(
    alternates.some(([lang]) => lang === 'x-default'),
    `${path}: no x-default alternate`,
  );
}

/** The language menu's link to `other` leads to the same page in that language. */
async function checkMenuLink(page, path, docId, other) {
  const target = `${localePath(other)}${slugOf(docId)}`;
  const link = `.dropdown__menu a[lang="${locales[other].htmlLang}"]`;
  assert.equal(await page.$eval(link, (a) => new URL(a.href).pathname), target, `${path}: the menu leads elsewhere`);
  return {target, link};
}

/** Opens the language menu as a reader does (hover), clicks `other`, and lands on the same page. */
async function switchLanguage(page, path, docId, other) {
  const {target, link} = await checkMenuLink(page, path, docId, other);
  await page.hover('.navbar__items--right .dropdown');
  await Promise.all([page.waitForURL((url) => url.pathname === target), page.click(link)]);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const lang = await page.getAttribute('html', 'lang');
  assert.equal(lang, locales[other].htmlLang, `${path}: the click did not switch the language`);
  assert.ok((await page.textContent('article h1')).trim().length > 0);
}

for (const [i, locale] of codes.entries()) {
  const other = codes[(i + 1) % codes.length];
  test(`every page renders cleanly in ${locale}, and its language menu leads to ${other}`, async () => {
    for (const {docId} of NAV_PAGES) {
      const path = `${localePath(locale)}${slugOf(docId)}`;
      const {page, problems} = await openPage(site, path);
      assert.ok((await page.textContent('article h1')).trim().length > 0, `${path}: no heading`);
      assert.deepEqual(await blankCharts(page), [], `${path}: blank charts`);
      await checkAlternates(page, path, docId);
      assert.deepEqual(await tableProblems(page, {desktop: true}), [], `${path} at 1280 px`);
      await page.screenshot({path: `${shots}/${docId}.${locale}.png`, fullPage: true});
      await checkNarrow(page, path);
      assert.deepEqual(await tableProblems(page, {desktop: false}), [], `${path} at 375 px`);
      await page.screenshot({path: `${shots}/${docId}.${locale}.375.png`, fullPage: true});
      assert.deepEqual(problems, [], path);
      await page.setViewportSize({width: 1280, height: 800});
      // Every page's menu link is checked; a real click (a whole page load) on
      // one page per language, a different page in each.
      if (docId === NAV_PAGES[(2 * i) % NAV_PAGES.length].docId) {
        await switchLanguage(page, path, docId, other);
        assert.deepEqual(problems, [], `${path}, after switching to ${other}`);
      } else await checkMenuLink(page, path, docId, other);
      await page.close();
    }
  });
}
