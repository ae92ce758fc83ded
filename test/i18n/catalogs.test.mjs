// Every configured locale is a real BCP-47 locale; every message id the
// templates name exists (keys and placeholders of the translations are
// checked by npm run i18n:check, tested in lib/i18n/); and the
// Docusaurus files generated from the catalogs translate the navbar, footer and sidebar.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {defaultLocale, locales} from '../../lib/locales.mjs';
import {listFiles} from '../../lib/list-files.mjs';
import {catalogPath, messagesOf, readCatalog} from '../../lib/i18n/catalogs.mjs';
import {checkCatalogs} from '../../lib/i18n/check-catalogs.mjs';
import {NAV_PAGES, siteTranslations} from '../../lib/load/site-translations.mjs';

const root = new URL('../../', import.meta.url).pathname;
const translated = Object.keys(locales).filter((l) => l !== defaultLocale);

test('the site has the four published locales, English first', () => {
  assert.equal(defaultLocale, 'en');
  assert.deepEqual(Object.keys(locales), ['en', 'ja', 'ko', 'zh-Hans']);
});

for (const [code, config] of Object.entries(locales)) {
  test(`${code} is a canonical BCP-47 tag that Intl formats natively`, () => {
    assert.equal(Intl.getCanonicalLocales(code)[0], code);
    assert.equal(config.htmlLang, code);
    // A tag Intl does not know (such as "jp") would silently format as English.
    assert.deepEqual(Intl.NumberFormat.supportedLocalesOf([code]), [code]);
    assert.ok(config.label, `i18n/locales.json: ${code} needs a "label" for the locale menu`);
  });
}

test('every catalog passes every check (each renders alike under i18next, among them)', () => {
  assert.deepEqual(checkCatalogs(root, Object.keys(locales), defaultLocale).problems, []);
});

test('every message id written literally in a template or component is in the English catalog', () => {
  const english = new Map(messagesOf(readCatalog(root, 'en')));
  const files = [...listFiles(`${root}docs`, ['.mdx']), ...listFiles(`${root}src`, ['.jsx', '.mjs'])].filter(
    (f) => !f.endsWith('.test.mjs'),
  );
  let seen = 0;
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        // <Msg id="x.y" />, t('x.y'), title="x.y" (CatalogTitle)
        for (const m of line.matchAll(/(?:\bid=|\bt\(|title=|description=)["'`]([a-z][\w-]*(?:\.[\w-]+)+)["'`]/g)) {
          seen++;
          assert.ok(
            english.has(m[1]),
            `${file.replace(root, '')}:${i + 1} uses "${m[1]}", which i18n/en/benchmarks.json lacks`,
          );
        }
      });
  }
  assert.ok(seen > 50, `only ${seen} message ids found: the scan is broken`);
});

for (const code of translated) {
  test(`the navbar, footer, sidebar and theme strings of ${code} are generated from its catalog`, () => {
    const catalog = readCatalog(root, code);
    const files = siteTranslations(readCatalog(root, 'en'), catalog, catalogPath(code));
    const sidebar = files['docusaurus-plugin-content-docs/current.json'];
    assert.equal(Object.keys(sidebar).length, NAV_PAGES.length);
    for (const entry of Object.values(sidebar)) assert.ok(Object.values(catalog.site.nav).includes(entry.message));
    assert.equal(files['docusaurus-theme-classic/navbar.json'].title.message, catalog.site.title);
    assert.equal(files['docusaurus-theme-classic/footer.json'].copyright.message, catalog.site.footer);
    // The theme toggle's title names the mode in the locale's words (its Docusaurus translation is English).
    assert.equal(files['code.json']['theme.colorToggle.ariaLabel.mode.system'].message, catalog.site.theme.system);
    assert.notEqual(catalog.site.theme.system, 'system mode');
  });
}
