import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {keyLines} from '../i18n/json-lines.mjs';
import {catalogFile} from '../i18n/catalogs.mjs';
import {defaultLocale, locales} from '../locales.mjs';
import {DIGIT_KEY, SAMPLE_KEY, translatingPage} from './translating-page.mjs';
import {SITE_PAGES} from './site-pages.mjs';
import {loadCatalogs} from '../load/site.mjs';

const siteDir = new URL('../../', import.meta.url).pathname;
const catalogText = (locale) => readFileSync(catalogFile(siteDir, locale), 'utf8');
const page = (locale) =>
  translatingPage(loadCatalogs(siteDir), {
    locale,
    defaultLocale,
    locales,
    english: JSON.parse(catalogText('en')),
    context: {messages: [], placeholders: {}},
    catalog: JSON.parse(catalogText(locale)),
    navigation: SITE_PAGES,
  });

test('the guide shows the output of the real check on a broken copy, with the lines of the real file', () => {
  const before = catalogText('ko');
  const data = page('ko');
  const lines = keyLines(before);
  assert.equal(data.checkOutput.length, 2, data.checkOutput.join('\n'));
  // In the catalog's language (Korean here): the check speaks to the translator.
  const [digit, placeholder] = [...data.checkOutput].sort((a, _b) => (a.includes('nameName') ? 1 : -1));
  assert.equal(digit.split(': ')[0], `i18n/ko/benchmarks.json:${lines.get(DIGIT_KEY)}`);
  assert.match(digit, new RegExp(`"${DIGIT_KEY}" 메시지에 "12" 숫자가 있습니다`));
  assert.equal(placeholder.split(': ')[0], `i18n/ko/benchmarks.json:${lines.get(SAMPLE_KEY)}`);
  assert.match(placeholder, /\{\{nameName\}\} .*\{\{name\}\} 자리표시자가 아닙니까/);
  assert.equal(catalogText('ko'), before, 'the real catalog is only read');
});

test("each language's guide names its own file and commands; English shows the first translation", () => {
  const ja = page('ja');
  assert.equal(ja.file, 'i18n/ja/benchmarks.json');
  assert.equal(ja.commands.preview, 'npm run preview -- --locale ja');
  assert.equal(ja.commands.reviewed, `npm run i18n:reviewed -- ja ${SAMPLE_KEY}`);
  assert.equal(ja.exampleLanguage, '日本語');
  assert.equal(ja.sourceLanguage, '英語', 'English named in Japanese on the Japanese page');
  assert.match(ja.sample.translation, /\{\{name\}\}/);
  const en = page('en');
  assert.equal(en.commands.preview, 'npm run preview -- --locale en');
  assert.equal(en.exampleLanguage, 'Japanese');
  assert.equal(en.sourceLanguage, 'English');
  assert.match(en.checkOutput[0], /^i18n\/ja\/benchmarks\.json:/);
  assert.equal(en.placeholder, '{{name}}');
  assert.equal(en.allowlist, 'gp3');
});

test('the number style the guide shows is one for all languages; only the ratio’s sign is the language’s', () => {
  const styles = Object.fromEntries(Object.keys(locales).map((l) => [l, page(l).numberStyle]));
  assert.deepEqual(new Set(Object.values(styles).map((s) => s.examples)), new Set(['84,849 · 0.799 · +12.3%']));
  assert.deepEqual(Object.fromEntries(Object.entries(styles).map(([l, s]) => [l, s.ratio])), {
    en: '4.3×',
    ja: '4.3倍',
    ko: '4.3배',
    'zh-Hans': '4.3倍',
  });
});
