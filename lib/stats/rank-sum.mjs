// The distribution of the Mann–Whitney statistic. Exact for the small samples
// a benchmark has (a few to a few dozen runs per side): ties too, as the sum of
// the midranks a random subset of size m would get. Beyond the exact range
// (EXACT_PAIRS pairs, or counts past 2^53) the normal approximation with the
// tie correction and a continuity correction, whose cost is linear: 10,000
// runs a side are decided in milliseconds, not in hours and gigabytes.

/** Exact up to this many pairs m·n (28 runs a side): the counts stay exact and take well under a second. */
const EXACT_PAIRS = 800;

/** Is the exact distribution used for m runs against n? */
export const isExact = (m, n) => m * n <= EXACT_PAIRS && binomial(m + n, m) < 2 ** 53;

/** The standard normal's upper tail P(Z > z), to about 1e-7 relative (Numerical Recipes' erfc). */
export function normalUpperTail(z) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** z with P(Z > z) = q, 0 < q < 1 (bisection on normalUpperTail). */
export function normalQuantileUpper(q) {
  let [lo, hi] = [-40, 40];
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (normalUpperTail(mid) > q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Midranks of the pooled values (1-based; tied values share the mean of their ranks). */
export function midranks(values) {
  const order = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
  const ranks = new Array(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k][1]] = rank;
    i = j + 1;
  }
  return ranks;
}

/**
 * How many subsets of size `m` of the pooled midranks have each rank sum:
 * a Map from twice the sum (an integer: midranks are halves) to a count.
 * Counts are exact as long as C(N, m) < 2^53 (N up to about 50).
 */
function rankSumCounts(ranks, m) {
  // ways[k]: Map(2·sum → count) over subsets of size k of the ranks seen so far.
  let ways = Array.from({length: m + 1}, (_, k) => (k === 0 ? new Map([[0, 1]]) : new Map()));
  for (const rank of ranks) {
    const twice = Math.round(rank * 2);
    const next = ways.map((w) => new Map(w));
    for (let k = 1; k <= m; k++) {
      for (const [sum, count] of ways[k - 1]) next[k].set(sum + twice, (next[k].get(sum + twice) ?? 0) + count);
    }
    ways = next;
  }
  return ways[m];
}

/** C(n, k), exactly while it stays below 2^53. */
export function binomial(n, k) {
  const r = Math.min(k, n - k);
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return Math.round(c);
}

/**
 * The exact two-sided Mann–Whitney (Wilcoxon rank-sum) test of `x` against `y`.
 * Two-sided: the probability, under no difference, of a rank sum at least as
 * far from its mean as the one observed.
 * @param {number[]} x @param {number[]} y
 * @param {{exact?: boolean}} [options]  exact: the exact distribution (default: within its range)
 * @returns {{p: number, u: number, m: number, n: number}}  u: pairs (x, y) with x > y, ties counting one half
 */
export function mannWhitney(x, y, {exact = isExact(x.length, y.length)} = {}) {
  const m = x.length;
  const n = y.length;
  if (m === 0 || n === 0) throw new Error('mannWhitney: both samples need at least one value');
  const ranks = midranks([...x, ...y]);
  const twiceObserved = Math.round(2 * ranks.slice(0, m).reduce((a, b) => a + b, 0));
  const u = twiceObserved / 2 - (m * (m + 1)) / 2;
  if (!exact) return {p: normalP(ranks, m, n, u), u, m, n};
  const twiceMean = m * (m + n + 1);
  const distance = Math.abs(twiceObserved - twiceMean);
  let extreme = 0;
  for (const [sum, count] of rankSumCounts(ranks, m)) if (Math.abs(sum - twiceMean) >= distance) extreme += count;
  return {p: Math.min(1, extreme / binomial(m + n, m)), u, m, n};
}

/** Two-sided p of U by the normal approximation, its variance corrected for ties, with a continuity correction. */
function normalP(ranks, m, n, u) {
  const N = m + n;
  const sorted = [...ranks].sort((a, b) => a - b);
  let ties = 0;
  for (let i = 0; i < N; ) {
    let j = i;
    while (j + 1 < N && sorted[j + 1] === sorted[i]) j++;
    const t = j - i + 1;
    ties += t ** 3 - t;
    i = j + 1;
  }
  const variance = ((m * n) / 12) * (N + 1 - ties / (N * (N - 1)));
  if (!(variance > 0)) return 1; // every value tied: nothing tells the samples apart
  const z = Math.max(0, Math.abs(u - (m * n) / 2) - 0.5) / Math.sqrt(variance);
  return Math.min(1, 2 * normalUpperTail(z));
}

/**
 * The order statistic an interval of the shift starts at: the largest count c
 * of pairs with P(U ≤ c) < tail (exact, without ties, in the exact range; the
 * normal approximation beyond it), or -1 when no c is small enough.
 */
export function lowerTailCount(m, n, tail) {
  if (isExact(m, n)) {
    const cumulative = uLowerTail(m, n);
    let k = -1;
    while (k + 1 < cumulative.length && cumulative[k + 1] < tail - 1e-12) k++;
    return k;
  }
  // P(U ≤ c) ≈ P(Z ≤ (c + ½ − mn/2) / sd) < tail  ⇔  c < mn/2 − ½ − z·sd.
  const sd = Math.sqrt((m * n * (m + n + 1)) / 12);
  return Math.ceil((m * n) / 2 - 0.5 - normalQuantileUpper(tail) * sd) - 1;
}

/**
 * The exact lower tail of U without ties: P(U ≤ u) for every u, as an array
 * of cumulative probabilities (index u). Used to pick order statistics for
 * the confidence intervals.
 */
export function uLowerTail(m, n) {
  // counts[u]: arrangements of m x's among n y's with u (x > y) pairs; the
  // classic recursion f(m, n, u) = f(m-1, n, u-n) + f(m, n-1, u), by columns.
  const max = m * n;
  let prev = Array.from({length: n + 1}, () => [1]); // m = 0: one arrangement, U = 0
  for (let i = 1; i <= m; i++) {
    const cur = [];
    for (let j = 0; j <= n; j++) {
      const counts = new Array(i * j + 1).fill(0);
      for (let u = 0; u <= i * j; u++) {
        const withLastX = u - j >= 0 ? (prev[j][u - j] ?? 0) : 0; // the largest value is an x: it beats all j y's
        const withLastY = j > 0 ? (cur[j - 1][u] ?? 0) : 0; // the largest value is a y
        counts[u] = withLastX + withLastY;
      }
      cur.push(counts);
    }
    prev = cur;
  }
  const counts = prev[n];
  const total = binomial(m + n, m);
  const tail = [];
  let running = 0;
  for (let u = 0; u <= max; u++) {
    running += counts[u] ?? 0;
    tail.push(running / total);
  }
  return tail;
}
