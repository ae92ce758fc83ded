// Every page in every locale announces its translations (hreflang), and the
// language menu keeps the reader on the same page: a real click on it lands on
// the same page in the other language.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {NAV_PAGES} from '../../lib/i18n/site-translations.mjs';
import {openPage, useSite} from './site.mjs';

const site = useSite();
const slugOf = (docId) => (docId === 'index' ? '' : `${docId}/`);
const codes = Object.keys(locales);

for (const [i, locale] of codes.entries()) {
  const other = codes[(i + 1) % codes.length];
  test(`${locale}: every page lists its translations and the menu switches to ${other} on the same page`, async () => {
    for (const {docId} of NAV_PAGES) {
      const path = `${localePath(locale)}${slugOf(docId)}`;
      const {page, problems} = await openPage(site, path);
      const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) => links.map((l) => [l.hreflang, new URL(l.href).pathname]));
      for (const [code, {htmlLang}] of Object.entries(locales)) {
        assert.ok(alternates.some(([lang, p]) => lang === htmlLang && p === `${localePath(code)}${slugOf(docId)}`), `${path}: no hreflang="${htmlLang}" link to its ${code} page (${JSON.stringify(alternates)})`);
      }
      assert.ok(alternates.some(([lang]) => lang === 'x-default'), `${path}: no x-default alternate`);
      const target = await page.$eval(`.dropdown__menu a[lang="${locales[other].htmlLang}"]`, (a) => new URL(a.href).pathname);
      assert.equal(target, `${localePath(other)}${slugOf(docId)}`, `${path}: the language menu leads elsewhere`);
      assert.deepEqual(problems, []);

      // Open the menu as a reader does (hover), click the other language, land on the same page.
      await page.hover('.navbar__items--right .dropdown');
      await Promise.all([
        page.waitForURL((url) => url.pathname === target),
        page.click(`.dropdown__menu a[lang="${locales[other].htmlLang}"]`),
      ]);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      assert.equal(await page.getAttribute('html', 'lang'), locales[other].htmlLang, `${path}: the click did not switch the language`);
      assert.equal(new URL(page.url()).pathname, target);
      assert.ok((await page.textContent('article h1')).trim().length > 0);
      await page.close();
    }
  });
}
