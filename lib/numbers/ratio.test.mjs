import {test} from 'node:test';
import assert from 'node:assert/strict';
import {percentDifference, ratio} from './ratio.mjs';

test('ratio and percent difference, from the numbers', () => {
  assert.equal(ratio(84800, 9400), 84800 / 9400);
  assert.ok(Math.abs(percentDifference(36500, 32500) - 0.12307692) < 1e-8);
  assert.throws(() => ratio(1, 0), /the base of a ratio must be positive/);
});
