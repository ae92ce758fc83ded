import {test} from 'node:test';
import assert from 'node:assert/strict';
import {percentDifference, ratio, ratioRange, withinNoise} from './compare.mjs';

test('ratio and percent difference, from the numbers', () => {
  assert.equal(ratio(84800, 9400), 84800 / 9400);
  assert.ok(Math.abs(percentDifference(36500, 32500) - 0.12307692) < 1e-8);
  assert.throws(() => ratio(1, 0), /the base of a ratio must be positive/);
});

test("within noise when the repeats' ranges overlap", () => {
  assert.equal(withinNoise({min: 100, max: 120}, {min: 115, max: 130}), true);
  assert.equal(withinNoise({min: 100, max: 110}, {min: 111, max: 130}), false);
});

test('a ratio against a range spans from the least to the most', () => {
  const r = ratioRange({low: 19800, high: 19800}, {low: 4400, high: 4600});
  assert.equal(r.low, 19800 / 4600);
  assert.equal(r.high, 4.5);
});
