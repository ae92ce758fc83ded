// The exact distribution of the Mann–Whitney statistic, for the small samples
// a benchmark has (a few to a few dozen runs per side): no normal
// approximation. Ties are handled exactly too: the null distribution is that
// of the sum of the midranks a random subset of size m would get.

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
export function rankSumCounts(ranks, m) {
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
 * @returns {{p: number, u: number, m: number, n: number}}  u: pairs (x, y) with x > y, ties counting one half
 */
export function mannWhitney(x, y) {
  const m = x.length;
  const n = y.length;
  if (m === 0 || n === 0) throw new Error('mannWhitney: both samples need at least one value');
  const ranks = midranks([...x, ...y]);
  const twiceObserved = Math.round(2 * ranks.slice(0, m).reduce((a, b) => a + b, 0));
  const twiceMean = m * (m + n + 1);
  const distance = Math.abs(twiceObserved - twiceMean);
  let extreme = 0;
  for (const [sum, count] of rankSumCounts(ranks, m)) if (Math.abs(sum - twiceMean) >= distance) extreme += count;
  return {p: Math.min(1, extreme / binomial(m + n, m)), u: twiceObserved / 2 - (m * (m + 1)) / 2, m, n};
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
