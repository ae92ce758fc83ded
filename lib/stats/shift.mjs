// How much one sample differs from another, as a ratio: the Hodges–Lehmann
// estimate of the shift of log values (the median of all pairwise log ratios)
// and its distribution-free confidence interval, from the order statistics of
// those ratios. The interval uses the same U distribution as the test, so
// (without ties) it excludes no change exactly when p < 1 − level. The m·n
// ratios are never listed: each order statistic is selected from the two
// sorted samples (linear counting, then bisection), so 10,000 runs a side
// cost milliseconds and no memory beyond the samples.
import {lowerTailCount} from './rank-sum.mjs';
import {median} from './median.mjs';
import {LEVEL} from './level.mjs';

/** Pairs (i, j) with y[j] − x[i] ≤ t, of ascending x and y: one pass, as x[i] + t only grows. */
function countAtMost(x, y, t) {
  let count = 0;
  let j = 0;
  for (let i = 0; i < x.length; i++) {
    while (j < y.length && y[j] - x[i] <= t) j++;
    count += j;
  }
  return count;
}

/** The smallest difference y[j] − x[i] above t, or Infinity. */
function nextAbove(x, y, t) {
  let best = Infinity;
  let j = y.length;
  // As x[i] grows, the first j with y[j] − x[i] > t only moves up: walk i downwards so it only moves down.
  for (let i = x.length - 1; i >= 0; i--) {
    while (j > 0 && y[j - 1] - x[i] > t) j--;
    if (j < y.length) best = Math.min(best, y[j] - x[i]);
  }
  return best;
}

/**
 * The k-th smallest (from 1) of the m·n differences y[j] − x[i], x and y
 * sorted ascending: exactly the value sorting all of them would give.
 */
export function kthDifference(x, y, k) {
  let lo = y[0] - x[x.length - 1] - 1; // fewer than k at or below
  let hi = y[y.length - 1] - x[0]; // at least k at or below
  for (let i = 0; i < 200; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (countAtMost(x, y, mid) >= k) hi = mid;
    else lo = mid;
  }
  // (lo, hi] is now narrow: step through its few distinct values.
  for (;;) {
    const next = nextAbove(x, y, lo);
    if (countAtMost(x, y, next) >= k) return next;
    lo = next;
  }
}

/**
 * The change of `candidate` over `baseline`, as a fraction (0.18 = 18% higher).
 * @param {number[]} baseline  positive figures, one per run
 * @param {number[]} candidate
 * @param {number} [level]  confidence of the interval (default LEVEL, 95%)
 * @returns {{change: number, low: number|null, high: number|null}}  low/high null when the
 *   samples are too small for an interval at this level (the change could be anything)
 */
export function logShift(baseline, candidate, level = LEVEL) {
  for (const v of [...baseline, ...candidate]) {
    if (!(v > 0)) throw new Error(`logShift: figures must be positive numbers, not ${v}`);
  }
  const x = baseline.map(Math.log).sort((a, b) => a - b);
  const y = candidate.map(Math.log).sort((a, b) => a - b);
  const pairs = x.length * y.length;
  const at = (k) => kthDifference(x, y, k);
  const change = Math.expm1(pairs % 2 === 1 ? at((pairs + 1) / 2) : (at(pairs / 2) + at(pairs / 2 + 1)) / 2);
  // k: the largest count c of pairs below the interval with P(U ≤ c) < (1 − level) / 2.
  const k = lowerTailCount(x.length, y.length, (1 - level) / 2);
  if (k < 0) return {change, low: null, high: null};
  return {change, low: Math.expm1(at(k + 1)), high: Math.expm1(at(pairs - k))};
}

/** The fewest values whose median gets an interval at `level` from medianInterval. */
export function fewestForInterval(level = LEVEL) {
  let n = 1;
  while (
    medianInterval(
      Array.from({length: n}, (_, i) => i),
      level,
    ).low === null
  )
    n++;
  return n;
}

/**
 * A sample's median and its confidence interval from order statistics (as
 * benchstat does): the narrowest symmetric pair X(j), X(n+1−j) that covers the
 * median with at least `level` probability. Null bounds when n is too small.
 * @returns {{median: number, low: number|null, high: number|null, n: number}}
 */
export function medianInterval(values, level = LEVEL) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) throw new Error('medianInterval: no values');
  // P(X(j) ≤ median ≤ X(n+1−j)) = 1 − 2·P(Binomial(n, ½) ≤ j − 1), summed in logs (2^n overflows past n = 1023).
  const below = [];
  let logC = 0;
  let sum = 0;
  for (let i = 0; i <= Math.floor(n / 2); i++) {
    sum += Math.exp(logC - n * Math.LN2);
    below.push(sum);
    logC += Math.log(n - i) - Math.log(i + 1);
  }
  let j = 0;
  while (j + 1 <= Math.floor(n / 2) && 1 - 2 * below[j] >= level) j++;
  if (j === 0) return {median: median(sorted), low: null, high: null, n};
  return {median: median(sorted), low: sorted[j - 1], high: sorted[n - j], n};
}
