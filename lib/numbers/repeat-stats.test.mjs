import {test} from 'node:test';
import assert from 'node:assert/strict';
import {versusBaseline} from './repeat-stats.mjs';

test('a comparison says when its interval reaches past the margin: an A/A whose noise exceeds it', () => {
  const stat = (values) => ({values, median: [...values].sort((a, b) => a - b)[values.length >> 1], keys: null});
  const base = stat([100, 101, 99, 100, 102, 98]);
  const [near, wide] = versusBaseline(
    base,
    [stat([100, 100.5, 99.5, 101, 99, 100]), stat([80, 125, 95, 110, 70, 130])],
    {locale: 'en', margin: 0.12},
  );
  assert.equal(near.beyondMargin, false);
  assert.ok(wide.low < -0.12 || wide.high > 0.12, `${wide.lowText} to ${wide.highText}`);
  assert.equal(wide.beyondMargin, true);
});
