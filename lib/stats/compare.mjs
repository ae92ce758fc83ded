// The one place a comparison of two sets of runs is decided. A sample is one
// run's figure (TPS, or a latency percentile): never per-second values. The
// decision combines a Mann–Whitney test (exact up to 28 runs a side, else the
// normal approximation), the Hodges–Lehmann change with its 95% interval (which,
// without ties, leaves out "no change" exactly when the exact test's p < 0.05),
// and a practical margin M below which a change does not count:
//
//   better / worse   the interval lies entirely beyond +M (or −M), in the
//                    metric's good (or bad) direction
//   equivalent       the interval lies entirely inside ±M, 0 among its values
//   below-margin     the interval lies entirely inside ±M and leaves out 0: a
//                    difference, smaller than the margin
//   inconclusive     anything else, an interval across ±M included: the runs
//                    cannot tell whether the change is beyond the margin (the
//                    interval may still leave out 0); never "no difference"
//
// Several candidates against one baseline (one group, one metric): Holm's
// correction of the p-values, and each interval widened to the level its step
// of the correction uses, so that an interval never leaves out "no change"
// where the adjusted p says it cannot. This is no simultaneous coverage, and
// there is no correction across groups or metrics.
//
// Runs that come in twins (keys: an instructions repeat runs the same rows on
// every target) are compared twin by twin instead: the mean log ratio with a
// paired t interval (paired.mjs says why).
import {LEVEL} from './level.mjs';
import {pairedLogChange, twins} from './paired.mjs';
import {mannWhitney} from './rank-sum.mjs';
import {logShift, medianInterval} from './shift.mjs';

export const VERDICTS = ['better', 'worse', 'equivalent', 'below-margin', 'inconclusive'];

/**
 * @param {{change: number, low: number|null, high: number|null}} shift  fractions
 * @param {number} margin  M, a fraction (0.03 = 3%)
 * @param {'higher'|'lower'} better  which direction of the metric is good (TPS: higher)
 */
export function verdictOf({low, high}, margin, better = 'higher') {
  if (low === null || high === null) return 'inconclusive';
  const good = better === 'higher' ? 1 : -1;
  const [lo, hi] = good === 1 ? [low, high] : [-high, -low];
  if (lo > margin) return 'better';
  if (hi < -margin) return 'worse';
  // Inside ±M: a difference smaller than the margin when the interval leaves out 0, else alike.
  if (lo >= -margin && hi <= margin) return lo > 0 || hi < 0 ? 'below-margin' : 'equivalent';
  return 'inconclusive';
}

/**
 * Holm's step-down adjustment: adjusted p-values, and the level each
 * comparison's interval needs to agree with them, in the input order. Once a
 * step rejects nothing, Holm stops: every later comparison keeps that step's
 * level, so that no interval leaves out "no change" where its adjusted p says
 * it cannot.
 * @param {number[]} pValues
 * @param {number} [alpha]
 */
export function holm(pValues, alpha = 1 - LEVEL) {
  const k = pValues.length;
  const order = pValues.map((p, i) => [p, i]).sort((a, b) => a[0] - b[0]);
  const adjusted = new Array(k);
  const levels = new Array(k);
  let running = 0;
  let stopped = null;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (k - rank) * p));
    adjusted[i] = running;
    if (stopped === null && p > alpha / (k - rank)) stopped = 1 - alpha / (k - rank);
    levels[i] = stopped ?? 1 - alpha / (k - rank);
  });
  return {adjusted, levels};
}

/**
 * Decides each candidate against one baseline.
 * @param {number[]} baseline  one figure per run
 * @param {number[][]} candidates
 * @param {object} options
 * @param {number} options.margin  M, a fraction, at least minMargin
 * @param {number} options.minMargin  the smallest margin the measure may decide at (lib/model/measures.mjs)
 * @param {'higher'|'lower'} [options.better]
 * @param {{baseline: (string|null)[], candidates: (string|null)[][], minPairs?: number}} [options.keys]  each run's
 *   twin key, where runs come in twins: a candidate with at least minPairs (default 3) twins in the baseline is
 *   compared twin by twin
 * @returns {{baseline: object, comparisons: {n: number, median: object, change: number, low: number|null,
 *   high: number|null, p: number, pAdjusted: number, level: number, verdict: string, paired: boolean}[],
 *   corrected: boolean}}
 */
export function compareToBaseline(baseline, candidates, {margin, better = 'higher', minMargin, keys}) {
  if (!(margin >= minMargin)) {
    throw new Error(`The margin must be at least ${minMargin * 100}%, not ${margin * 100}%: below it, noise decides.`);
  }
  const pairs = candidates.map((c, i) => twins(baseline, keys?.baseline, c, keys?.candidates?.[i], keys?.minPairs));
  const tests = candidates.map((c, i) =>
    pairs[i] ? pairedLogChange(pairs[i].baseline, pairs[i].candidate) : mannWhitney(baseline, c),
  );
  const {adjusted, levels} = holm(tests.map((t) => t.p));
  const comparisons = candidates.map((c, i) => {
    const shift = pairs[i]
      ? pairedLogChange(pairs[i].baseline, pairs[i].candidate, levels[i])
      : logShift(baseline, c, levels[i]);
    return {
      n: c.length,
      median: medianInterval(c),
      change: shift.change,
      low: shift.low,
      high: shift.high,
      p: tests[i].p,
      pAdjusted: adjusted[i],
      level: levels[i],
      verdict: verdictOf(shift, margin, better),
      paired: Boolean(pairs[i]),
      // The twins compared, where they were: a run without a twin is left out of them.
      ...(pairs[i] && {pairs: pairs[i].candidate.length}),
    };
  });
  return {
    baseline: {n: baseline.length, median: medianInterval(baseline)},
    comparisons,
    corrected: candidates.length > 1,
  };
}
