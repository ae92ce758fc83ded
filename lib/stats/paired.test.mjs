import {test} from 'node:test';
import assert from 'node:assert/strict';
import {pairedLogChange, tQuantile, tTwoSided, twins} from './paired.mjs';

const close = (actual, expected, digits = 4) =>
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} is not ${expected}`);

test("Student's t against published tables", () => {
  close(tQuantile(0.95, 5), 2.5706);
  close(tQuantile(0.99, 5), 4.0321);
  close(tQuantile(0.95, 10), 2.2281);
  close(tQuantile(0.95, 1), 12.7062, 3);
  // ν = 3 has a closed form: 1 − 2/π·(t/√3/(1 + t²/3) + atan(t/√3)) = 0.139326 at t = 2.
  close(tTwoSided(2, 3), 0.139326, 5);
  close(tTwoSided(0, 7), 1);
});

test('twins run by run: a shift common to both moves no ratio', () => {
  // Each repeat moves both servers alike (other rows), by up to 2%; the candidate runs 0.5% fewer in each.
  const base = [743135, 730293, 731000, 745500, 739200, 728800];
  const cand = base.map((b) => b * 0.995);
  const r = pairedLogChange(base, cand);
  close(r.change, -0.005, 9);
  close(r.low, -0.005, 9);
  close(r.high, -0.005, 9);
  assert.ok(r.p < 1e-9);
  // With some scatter in the ratios: the interval around the mean ratio, as a t table gives it.
  const scattered = base.map((b, i) => b * [0.9949, 0.9952, 0.995, 0.9948, 0.9951, 0.995][i]);
  const s = pairedLogChange(base, scattered, 0.95);
  assert.ok(s.low < -0.005 && s.high > -0.005 && s.high < -0.0048 && s.low > -0.0052, JSON.stringify(s));
  assert.ok(s.p < 1e-6);
});

test('runs are paired by their keys, or not at all', () => {
  assert.deepEqual(twins([1, 2, 3], ['a', 'b', 'c'], [30, 10, 20], ['c', 'a', 'b']), {
    baseline: [3, 1, 2],
    candidate: [30, 10, 20],
  });
  // A run whose twin failed is left out; fewer than three twins pair nothing.
  assert.deepEqual(twins([1, 2, 3, 4], ['a', 'b', 'c', 'd'], [10, 20, 40], ['a', 'b', 'd']), {
    baseline: [1, 2, 4],
    candidate: [10, 20, 40],
  });
  assert.equal(twins([1, 2, 3], ['a', 'b', 'c'], [1, 2, 9], ['a', 'b', 'x']), null, 'two twins');
  assert.equal(twins([1, 2, 3], ['a', null, 'c'], [1, 2, 3], ['a', 'b', 'c']), null, 'a run without a key');
  assert.equal(twins([1, 2, 3], ['a', 'a', 'c'], [1, 2, 3], ['a', 'b', 'c']), null, 'a key twice');
  assert.equal(twins([1, 2, 3], null, [1, 2, 3], ['a', 'b', 'c']), null);
});
