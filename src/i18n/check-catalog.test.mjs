import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {locales} from '../../scripts/lib/locales.mjs';
import {catalogProblems} from './check-catalog.mjs';

for (const locale of Object.keys(locales)) {
  test(`every message of i18n/${locale}/benchmarks.json renders the same as under i18next`, () => {
    const messages = JSON.parse(readFileSync(new URL(`../../i18n/${locale}/benchmarks.json`, import.meta.url), 'utf8'));
    assert.deepEqual(catalogProblems(messages, locale), []);
  });
}

test('i18next features the pages do not implement are reported with the key', () => {
  const problems = catalogProblems({a: {nested: 'See $t(a.other)', other: 'x', formatted: '{{n, number}} TPS'}}, 'en');
  assert.equal(problems.length, 2);
  assert.match(problems[0], /i18n\/en\/benchmarks\.json: "a\.nested": i18next renders it as "See x"/);
  assert.match(problems[1], /"a\.formatted"/);
});
