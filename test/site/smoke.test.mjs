// Browser smoke test: real Chromium over the production build in build/.
// For each locale: <html lang>, the translated heading, a locale menu offering
// every locale, CJK text drawn with a CJK font (not boxes), and a console
// without errors. Screenshots go to test-results/screenshots/<locale>.png.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {readCatalog} from '../../lib/i18n/catalogs.mjs';
import {openPage, root, shots, serveSite} from './site.mjs';

const site = serveSite();

/** The heading a reader of `locale` must see, from the catalog the site uses. */
const expectedHeading = (locale) => readCatalog(root, locale).site.title;

/** Fonts Chromium actually used to draw the text of the first `selector` match. */
async function fontsUsedFor(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const {root: doc} = await cdp.send('DOM.getDocument');
  const {nodeId} = await cdp.send('DOM.querySelector', {nodeId: doc.nodeId, selector});
  const {fonts} = await cdp.send('CSS.getPlatformFontsForNode', {nodeId});
  await cdp.detach();
  return fonts;
}

for (const [locale, {htmlLang}] of Object.entries(locales)) {
  const path = localePath(locale);

  test(`${path} renders in ${locale}`, async () => {
    const {page, problems} = await openPage(site, path);

    assert.equal(await page.getAttribute('html', 'lang'), htmlLang);
    const heading = expectedHeading(locale);
    assert.equal((await page.textContent('article h1')).trim(), heading);

    const menu = await page.$$eval('.dropdown__menu a[lang]', (links) => links.map((a) => a.lang));
    assert.deepEqual(
      menu,
      Object.values(locales).map((l) => l.htmlLang),
    );

    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(heading)) {
      const fonts = await fontsUsedFor(page, 'article h1');
      const cjkGlyphs = fonts.filter((f) => /CJK/i.test(f.familyName)).reduce((n, f) => n + f.glyphCount, 0);
      const cjkChars = heading.match(
        /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu,
      ).length;
      assert.ok(
        cjkGlyphs >= cjkChars,
        `${locale}: the heading's ${cjkChars} CJK characters were drawn with ${JSON.stringify(fonts)}; ` +
          'install fonts-noto-cjk (bash scripts/setup-system.sh)',
      );
    }

    await page.screenshot({path: `${shots}/${locale}.png`, fullPage: true});
    assert.deepEqual(problems, []);
    await page.close();
  });
}
