// Figures paired run by run: each run of the candidate has a twin run of the
// baseline that served the same work (an instructions cell's repeat runs the
// same rows on every target). What differs between repeats then moves both
// twins alike, and only the ratio within each pair says how the two differ.
// The change is the mean of the pairs' log ratios, with a paired t interval:
// a signed-rank test over six pairs cannot reach Holm's levels (its
// smallest two-sided p is 1/32), and the log ratios of instruction counts of the same
// rows vary little and symmetrically.
import {LEVEL} from './level.mjs';

/** ln Γ(x), Lanczos (g = 7, n = 9): to about 15 digits for x > 0. */
function logGamma(x) {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the regularized incomplete beta function (Lentz's method). */
function betaFraction(a, b, x) {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    for (const aa of [
      (m * (b - m) * x) / ((a + m2 - 1) * (a + m2)),
      (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)),
    ]) {
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-15) break;
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta function. */
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(|T| ≥ t) for Student's t with `df` degrees of freedom. */
export function tTwoSided(t, df) {
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The t with P(|T| ≥ t) = 1 − level: the half-width of a `level` interval, in standard errors. */
export function tQuantile(level, df) {
  let lo = 0;
  let hi = 1e6;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSided(mid, df) > 1 - level) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The change of `candidate` over `baseline`, run by run.
 * @param {number[]} baseline  positive figures
 * @param {number[]} candidate  positive figures, candidate[i] the twin of baseline[i]
 * @param {number} [level]
 * @returns {{change: number, low: number|null, high: number|null, p: number}}  fractions; low/high null
 *   for fewer than two pairs
 */
export function pairedLogChange(baseline, candidate, level = LEVEL) {
  if (baseline.length !== candidate.length) throw new Error('pairedLogChange: every run needs its twin');
  for (const v of [...baseline, ...candidate]) {
    if (!(v > 0)) throw new Error(`pairedLogChange: figures must be positive numbers, not ${v}`);
  }
  const d = candidate.map((c, i) => Math.log(c / baseline[i]));
  const n = d.length;
  const mean = d.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return {change: Math.expm1(mean), low: null, high: null, p: 1};
  const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const se = sd / Math.sqrt(n);
  // Identical ratios in every pair: the interval is that ratio.
  if (se === 0) return {change: Math.expm1(mean), low: Math.expm1(mean), high: Math.expm1(mean), p: mean === 0 ? 1 : 0};
  const half = tQuantile(level, n - 1) * se;
  return {
    change: Math.expm1(mean),
    low: Math.expm1(mean - half),
    high: Math.expm1(mean + half),
    p: tTwoSided(Math.abs(mean) / se, n - 1),
  };
}

/**
 * The pairs of two sets of runs, by their keys (runs with equal keys served the
 * same work), or null when they are not paired: a run without a key, a key
 * twice, or fewer than three twins. A run whose twin failed has no pair and is
 * left out.
 * @returns {{baseline: number[], candidate: number[]}|null}
 */
export function twins(baseline, baselineKeys, candidate, candidateKeys, minPairs = 3) {
  if (!baselineKeys || !candidateKeys) return null;
  const keys = [...baselineKeys, ...candidateKeys];
  if (keys.some((k) => k === null || k === undefined)) return null;
  const byKey = new Map(baselineKeys.map((k, i) => [k, baseline[i]]));
  if (byKey.size !== baselineKeys.length || new Set(candidateKeys).size !== candidateKeys.length) return null;
  const common = candidateKeys.flatMap((k, i) => (byKey.has(k) ? [[byKey.get(k), candidate[i]]] : []));
  if (common.length < minPairs) return null;
  return {baseline: common.map(([b]) => b), candidate: common.map(([, c]) => c)};
}
