// One case per check of the list: each finds its problem in a small catalog
// and stays silent on a clean one. A check added without a case fails here.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {messagesOf} from '../catalogs.mjs';
import {scanKeys} from '../json-lines.mjs';
import {CATALOG_CHECKS} from './index.mjs';
import {strayDigits} from './stray-digits.mjs';

/** A catalog as parseCatalog reads it, from JSON text. */
function catalog(text, file = 'i18n/ja/benchmarks.json') {
  const data = JSON.parse(text);
  return {file, data, messages: new Map(messagesOf(data)), ...scanKeys(text)};
}
const english = catalog('{"a": {"run": "{{count}} runs", "name": "Runs"}}', 'i18n/en/benchmarks.json');
const clean = catalog('{"a": {"run": "{{count}} 回", "name": "実行"}}');

const CASES = {
  'duplicate-key': ['{"a": {"run": "{{count}} 回", "name": "実行", "name": "別"}}', [{key: 'a.name', line: 1}]],
  'empty-message': ['{"a": {"run": "{{count}} 回", "name": " "}}', [{key: 'a.name'}]],
  'stray-digits': ['{"a": {"run": "{{count}} 回（12.3%）", "name": "実行"}}', [{key: 'a.run'}]],
  'attached-signs': ['{"a": {"run": "{{count}} 回", "name": "{{ratio}} 倍、{{share}}%"}}', [{key: 'a.name'}]],
  'i18next-renders-same': [
    '{"a": {"run": "{{count, number}} 回", "name": "$t(a.run)"}}',
    [{key: 'a.run'}, {key: 'a.name'}],
  ],
  'missing-key': ['{"a": {"run": "{{count}} 回"}}', [{key: 'a.name', line: null}]],
  'placeholder-names': ['{"a": {"run": "{{n}} 回", "name": "実行"}}', [{key: 'a.run'}]],
  'extra-key': ['{"a": {"run": "{{count}} 回", "name": "実行", "more": "他"}}', [{key: 'a.more'}]],
};

test('every check in the list has a name, a description and a case here', () => {
  for (const c of CATALOG_CHECKS) {
    assert.match(c.name, /^[a-z0-9-]+$/);
    assert.ok(c.description.length > 10, c.name);
    assert.ok(['every', 'translations'].includes(c.appliesTo), c.name);
  }
  assert.deepEqual(CATALOG_CHECKS.map((c) => c.name).sort(), Object.keys(CASES).sort());
});

for (const check of CATALOG_CHECKS) {
  test(`${check.name}: finds its problem, and nothing in a clean catalog`, () => {
    const [text, expected] = CASES[check.name];
    const found = check.check({catalog: catalog(text), english, locale: 'ja'});
    assert.deepEqual(
      found.map((p) => ({key: p.key, ...('line' in expected[found.indexOf(p)] ? {line: p.line} : {})})),
      expected,
    );
    for (const p of found) assert.ok(p.message.length > 10, `${check.name} says what to do`);
    assert.deepEqual(check.check({catalog: clean, english, locale: 'ja'}), []);
  });
}

test('digits inside placeholders and allowed names are not numbers', () => {
  assert.deepEqual(strayDigits('Network-attached, gp3 and {{p99}}'), []);
  assert.deepEqual(strayDigits('１２ 件'), ['１２']);
});
