// Every configured locale is a real BCP-47 locale and carries every message
// the pages use. English is the default: its text is written in the pages.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, existsSync} from 'node:fs';
import {defaultLocale, locales} from '../../scripts/lib/locales.mjs';
import {listFiles} from '../../scripts/lib/list-files.mjs';
import {findTranslationIds} from '../../scripts/lib/translation-ids.mjs';

const root = new URL('../../', import.meta.url).pathname;
const readJson = (rel) => JSON.parse(readFileSync(root + rel, 'utf8'));
const translated = Object.keys(locales).filter((l) => l !== defaultLocale);
const pageIds = findTranslationIds([
  ...listFiles(root + 'docs', ['.md', '.mdx']),
  ...listFiles(root + 'src', ['.js', '.jsx']),
]);

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

  for (const file of ['navbar.json', 'footer.json']) {
    const rel = `i18n/${code}/docusaurus-theme-classic/${file}`;
    test(`${rel} has the same keys as English`, () => {
      assert.ok(existsSync(root + rel), `${rel} is missing: copy i18n/en/docusaurus-theme-classic/${file} and translate it`);
      const english = readJson(`i18n/en/docusaurus-theme-classic/${file}`);
      assert.deepEqual(Object.keys(readJson(rel)).sort(), Object.keys(english).sort());
    });
  }
}

test('pages use at least one translation id', () => {
  assert.ok(pageIds.size > 0);
});

for (const code of translated) {
  test(`i18n/${code}/code.json translates every message the pages use`, () => {
    const catalog = readJson(`i18n/${code}/code.json`);
    for (const [id, {message, file, line}] of pageIds) {
      const entry = catalog[id];
      assert.ok(entry, `i18n/${code}/code.json lacks "${id}" (used at ${file.replace(root, '')}:${line}); add its translation`);
      assert.notEqual(entry.message.trim(), '', `i18n/${code}/code.json: "${id}" is empty`);
      assert.notEqual(entry.message, message, `i18n/${code}/code.json: "${id}" is still the English text`);
    }
  });
}

/** Every message of an i18next catalog, as [dotted key, text]. */
function messagesOf(node, prefix = '') {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : messagesOf(value, `${prefix}${key}.`),
  );
}
const placeholders = (text) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

for (const code of translated) {
  test(`i18n/${code}/benchmarks.json has English's keys, with the same placeholders`, () => {
    const english = new Map(messagesOf(readJson('i18n/en/benchmarks.json')));
    const mine = new Map(messagesOf(readJson(`i18n/${code}/benchmarks.json`)));
    for (const key of english.keys()) assert.ok(mine.has(key), `i18n/${code}/benchmarks.json lacks "${key}": translate it`);
    for (const key of mine.keys()) assert.ok(english.has(key), `i18n/${code}/benchmarks.json has "${key}", which English does not: remove or rename it`);
    for (const [key, text] of mine) {
      assert.deepEqual(placeholders(text), placeholders(english.get(key)), `i18n/${code}/benchmarks.json "${key}": placeholders differ from English`);
    }
  });
}
