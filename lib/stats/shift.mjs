// How much one sample differs from another, as a ratio: the Hodges–Lehmann
// estimate of the shift of log values (the median of all pairwise log ratios)
// and its distribution-free confidence interval, from the order statistics of
// those ratios. The interval uses the same exact U distribution as the test,
// so (without ties) it excludes no change exactly when p < 1 − level.
import {uLowerTail} from './rank-sum.mjs';

const median = (sorted) => {
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
};

/** log(y / x) for every pair, sorted. */
function pairwiseLogRatios(x, y) {
  const out = [];
  for (const a of x) for (const b of y) out.push(Math.log(b) - Math.log(a));
  return out.sort((p, q) => p - q);
}

/**
 * The change of `candidate` over `baseline`, as a fraction (0.18 = 18% higher).
 * @param {number[]} baseline  positive figures, one per run
 * @param {number[]} candidate
 * @param {number} [level]  confidence of the interval (default 0.95)
 * @returns {{change: number, low: number|null, high: number|null}}  low/high null when the
 *   samples are too small for an interval at this level (the change could be anything)
 */
export function logShift(baseline, candidate, level = 0.95) {
  for (const v of [...baseline, ...candidate]) {
    if (!(v > 0)) throw new Error(`logShift: figures must be positive numbers, not ${v}`);
  }
  const ratios = pairwiseLogRatios(baseline, candidate);
  const change = Math.expm1(median(ratios));
  // k: the largest count c of pairs below the interval with P(U ≤ c) < (1 − level) / 2.
  const tail = uLowerTail(baseline.length, candidate.length);
  const alphaHalf = (1 - level) / 2;
  let k = -1;
  while (k + 1 < tail.length && tail[k + 1] < alphaHalf - 1e-12) k++;
  if (k < 0) return {change, low: null, high: null};
  return {change, low: Math.expm1(ratios[k]), high: Math.expm1(ratios[ratios.length - 1 - k])};
}

/**
 * A sample's median and its confidence interval from order statistics (as
 * benchstat does): the narrowest symmetric pair X(j), X(n+1−j) that covers the
 * median with at least `level` probability. Null bounds when n is too small.
 * @returns {{median: number, low: number|null, high: number|null, n: number}}
 */
export function medianInterval(values, level = 0.95) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) throw new Error('medianInterval: no values');
  // P(X(j) ≤ median ≤ X(n+1−j)) = 1 − 2·P(Binomial(n, ½) ≤ j − 1)
  const below = [];
  let c = 1;
  let sum = 0;
  for (let i = 0; i <= n; i++) {
    sum += c / 2 ** n;
    below.push(sum);
    c = (c * (n - i)) / (i + 1);
  }
  let j = 0;
  while (j + 1 <= Math.floor(n / 2) && 1 - 2 * below[j] >= level) j++;
  if (j === 0) return {median: median(sorted), low: null, high: null, n};
  return {median: median(sorted), low: sorted[j - 1], high: sorted[n - j], n};
}
