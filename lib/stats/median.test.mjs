import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isSample, median} from './median.mjs';

test('the median: the middle value, or the mean of the middle two', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([]), null);
});

test('a figure of 0 or none is no sample; a finite figure, even below 0, is', () => {
  assert.deepEqual([812.5, -30, 0, Number.NaN, Infinity, null, undefined, '5'].map(isSample), [
    true,
    true,
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
});
