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
    'lower throughput in 1 of 2, by how much unclear (-6.1%) and throughput undecided in 1 of 2: with this ' +
      "machine's noise and the ±5% margin, only a change beyond about ±11% could have been decided",
  );
});
