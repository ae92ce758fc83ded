import {test} from 'node:test';
import assert from 'node:assert/strict';
import {percentDifference, ratio} from './ratio.mjs';

test('ratio and percent difference, from the numbers', () => {
  // Figures whose quotients are exact in binary, then one that is not, written out.
  assert.equal(ratio(6, 3), 2);
  assert.equal(ratio(1, 8), 0.125);
  assert.equal(ratio(0, 5), 0);
  assert.equal(ratio(84800, 9400).toFixed(9), '9.021276596');
  assert.equal(percentDifference(36500, 32500).toFixed(9), '0.123076923');
  assert.equal(percentDifference(25, 100), -0.75);
  for (const base of [0, -1, Number.NaN]) {
    assert.throws(() => ratio(1, base), /the base of a ratio must be positive/);
  }
});
