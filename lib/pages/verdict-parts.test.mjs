import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createTranslator} from '../i18n/messages.mjs';
import {verdictParts} from './verdict-parts.mjs';
import {worded} from './verdict-words.mjs';
import {readFileSync} from 'node:fs';

const catalog = JSON.parse(readFileSync(new URL('../../i18n/en/benchmarks.json', import.meta.url), 'utf8'));
const t = createTranslator('en', catalog);

// Five rounds a side (a paired test), throughput: one interval wholly below none but crossing the margin, one
// across none.
const comparison = (change, low, high) => ({
  change,
  low,
  high,
  p: 0.03,
  level: 0.95,
  n: 5,
  verdict: 'inconclusive',
  candidate: {median: 1000 * (1 + change)},
  baseline: {median: 1000},
});

test('an undecided comparison wholly on one side of none is told apart: which way, not how much', () => {
  const cells = [comparison(-0.061, -0.104, -0.019), comparison(0.01, -0.05, 0.07)].map((c) =>
    worded(c, {locale: 'en', margin: 0.05}),
  );
  const text = verdictParts(cells, {t, locale: 'en', margin: 0.05, measure: 'time'});
  assert.equal(
    text,
    'lower in 1 of 2, by how much unclear (-6.1%) and undecided in the other 1 (with this ' +
      "machine's noise and the ±5% margin, only a change beyond about ±11% could have been decided)",
  );
});

test('"all N" and "the rest" are each language\'s own words, not "N of N"', () => {
  const decided = (change, verdict) =>
    worded({...comparison(change, change - 0.01, change + 0.01), verdict}, {locale: 'en', margin: 0.05});
  const all = [decided(0.2, 'better'), decided(0.3, 'better'), decided(0.25, 'better')];
  const three = [decided(0.2, 'better'), decided(0.01, 'equivalent'), decided(0.3, 'better')];
  const catalogOf = (locale) =>
    JSON.parse(readFileSync(new URL(`../../i18n/${locale}/benchmarks.json`, import.meta.url), 'utf8'));
  const text = (cells, locale) =>
    verdictParts(cells, {t: createTranslator(locale, catalogOf(locale)), locale, margin: 0.05, measure: 'time'});
  assert.equal(text(all, 'en'), 'higher in all 3 (each estimate between +20% and +30%)');
  assert.equal(text(all, 'ja'), '3 件すべてで高い（各比較の推定値は +20%〜+30%）');
  assert.equal(text(all, 'ko'), '3건 모두 높음(비교별 추정치 +20%~+30%)');
  assert.equal(text(all, 'zh-Hans'), '3 项均更高（各项估计值在 +20% 至 +30% 之间）');
  // Two parts: the second is the rest of the whole.
  assert.equal(
    text(three, 'ja'),
    '3 件中 2 件で高い（各比較の推定値は +20%〜+30%）、残り 1 件は同等（差は ±5% 以内、+1%）',
  );
});
