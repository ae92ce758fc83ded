// Every configured locale is a real BCP-47 locale; every message id the
// templates name exists (keys and placeholders of the translations are
// checked by npm run i18n:check, tested in scripts/lib/i18n/); and the
// Docusaurus files generated from the catalogs translate the navbar, footer and sidebar.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, existsSync} from 'node:fs';
import {defaultLocale, locales} from '../../scripts/lib/locales.mjs';
import {listFiles} from '../../scripts/lib/list-files.mjs';
import {messagesOf} from '../../src/i18n/check-catalog.mjs';
import {NAV_PAGES, siteTranslations} from '../../src/i18n/site-translations.mjs';

const root = new URL('../../', import.meta.url).pathname;
const readJson = (rel) => JSON.parse(readFileSync(root + rel, 'utf8'));
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


test('every message id written literally in a template or component is in the English catalog', () => {
  const english = new Map(messagesOf(readJson('i18n/en/benchmarks.json')));
  const files = [...listFiles(root + 'docs', ['.mdx']), ...listFiles(root + 'src', ['.jsx', '.mjs'])].filter((f) => !f.endsWith('.test.mjs'));
  let seen = 0;
  for (const file of files) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      // <Msg id="x.y" />, t('x.y'), title="x.y" (CatalogTitle)
      for (const m of line.matchAll(/(?:\bid=|\bt\(|title=|description=)["'`]([a-z][\w-]*(?:\.[\w-]+)+)["'`]/g)) {
        seen++;
        assert.ok(english.has(m[1]), `${file.replace(root, '')}:${i + 1} uses "${m[1]}", which i18n/en/benchmarks.json lacks`);
      }
    });
  }
  assert.ok(seen > 50, `only ${seen} message ids found: the scan is broken`);
});

for (const code of translated) {
  test(`the navbar, footer and sidebar of ${code} are generated from its catalog`, () => {
    const catalog = readJson(`i18n/${code}/benchmarks.json`);
    const files = siteTranslations(readJson('i18n/en/benchmarks.json'), catalog, `i18n/${code}/benchmarks.json`);
    const sidebar = files['docusaurus-plugin-content-docs/current.json'];
    assert.equal(Object.keys(sidebar).length, NAV_PAGES.length);
    for (const entry of Object.values(sidebar)) assert.ok(Object.values(catalog.site.nav).includes(entry.message));
    assert.equal(files['docusaurus-theme-classic/navbar.json'].title.message, catalog.site.title);
    assert.equal(files['docusaurus-theme-classic/footer.json'].copyright.message, catalog.site.footer);
  });
}
