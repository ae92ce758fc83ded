// The statistics against exact values: published critical values of the
// Mann–Whitney U test, p-values counted by brute force over every split of
// the pooled runs, and the coverage of the intervals by seeded simulation.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {compareToBaseline, holm, verdictOf} from './compare.mjs';
import {
  binomial,
  isExact,
  lowerTailCount,
  mannWhitney,
  midranks,
  normalQuantileUpper,
  normalUpperTail,
  uLowerTail,
} from './rank-sum.mjs';
import {kthDifference, logShift, medianInterval} from './shift.mjs';

/** The normal approximation's p of x against y, as mannWhitney gives it beyond the exact range. */
const normalMannWhitneyP = (x, y) => mannWhitney(x, y, {exact: false}).p;

/** A small seeded generator (mulberry32), so every simulation is repeatable. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const normal = (rand) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

test('C(n, k) exactly, on both sides of n/2', () => {
  assert.deepEqual(
    [binomial(7, 4), binomial(7, 3), binomial(10, 5), binomial(12, 6), binomial(40, 20)],
    [35, 35, 252, 924, 137846528820],
  );
});

test('5 runs against 5, fully apart: p = 2/252 exactly', () => {
  assert.equal(mannWhitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]).p, 2 / 252);
  assert.equal(mannWhitney([6, 7, 8, 9, 10], [1, 2, 3, 4, 5]).p, 2 / 252);
});

test('3 runs against 3: the smallest possible p is 0.1, so never better or worse', () => {
  assert.equal(mannWhitney([1, 2, 3], [4, 5, 6]).p, 0.1);
  const shift = logShift([100, 101, 102], [200, 201, 202]);
  assert.deepEqual([shift.low, shift.high], [null, null]);
  assert.equal(
    compareToBaseline([100, 101, 102], [[200, 201, 202]], {margin: 0.03, minMargin: 0.02}).comparisons[0].verdict,
    'inconclusive',
  );
});

test('critical values of U (two-sided, α = 0.05) equal the published table', () => {
  // The largest u with P(U ≤ u) ≤ 0.025: the table's entries, for m × n runs.
  const TABLE = {
    '4x4': 0,
    '5x5': 2,
    '5x6': 3,
    '5x7': 5,
    '5x8': 6,
    '5x9': 7,
    '5x10': 8,
    '6x6': 5,
    '6x7': 6,
    '6x8': 8,
    '6x9': 10,
    '6x10': 11,
    '7x7': 8,
    '7x8': 10,
    '7x9': 12,
    '7x10': 14,
    '8x8': 13,
    '8x9': 15,
    '8x10': 17,
    '10x10': 23,
  };
  for (const [size, critical] of Object.entries(TABLE)) {
    const [m, n] = size.split('x').map(Number);
    const tail = uLowerTail(m, n);
    assert.ok(
      tail[critical] <= 0.025 && tail[critical + 1] > 0.025,
      `${size}: ${tail[critical]}, ${tail[critical + 1]}`,
    );
  }
});

/** The two-sided p-value by brute force: every split of the pooled values into m and n. */
function bruteForceP(x, y) {
  const pooled = [...x, ...y];
  const ranks = midranks(pooled);
  const m = x.length;
  const mean = (m * (pooled.length + 1)) / 2;
  const observed = Math.abs(ranks.slice(0, m).reduce((a, b) => a + b, 0) - mean);
  let extreme = 0;
  let total = 0;
  const choose = (start, left, sum) => {
    if (left === 0) {
      total++;
      if (Math.abs(sum - mean) >= observed - 1e-9) extreme++;
      return;
    }
    for (let i = start; i <= pooled.length - left; i++) choose(i + 1, left - 1, sum + ranks[i]);
  };
  choose(0, m, 0);
  return extreme / total;
}

test('p-values, ties included, equal a brute-force count over every split', () => {
  const rand = random(7);
  for (let trial = 0; trial < 200; trial++) {
    const m = 2 + Math.floor(rand() * 6);
    const n = 2 + Math.floor(rand() * 6);
    // Few distinct values: many ties.
    const draw = () => Math.floor(rand() * 6);
    const x = Array.from({length: m}, draw);
    const y = Array.from({length: n}, draw);
    assert.ok(Math.abs(mannWhitney(x, y).p - bruteForceP(x, y)) < 1e-12, JSON.stringify({x, y}));
  }
});

test('the interval leaves out "no change" exactly when p < 0.05 (no ties)', () => {
  const rand = random(11);
  for (let trial = 0; trial < 300; trial++) {
    const n = 4 + Math.floor(rand() * 6);
    const shift = rand() * 0.2;
    const x = Array.from({length: n}, () => 100 * Math.exp(0.05 * normal(rand)));
    const y = Array.from({length: n}, () => 100 * Math.exp(shift + 0.05 * normal(rand)));
    const {low, high} = logShift(x, y);
    const excludesZero = low !== null && (low > 0 || high < 0);
    assert.equal(excludesZero, mannWhitney(x, y).p < 0.05, JSON.stringify({x, y}));
  }
});

test('the 95% interval of the change covers the true change about 95% of the time', () => {
  const rand = random(2026);
  const trueChange = 0.1;
  let covered = 0;
  const trials = 2000;
  for (let trial = 0; trial < trials; trial++) {
    const x = Array.from({length: 6}, () => 1000 * Math.exp(0.04 * normal(rand)));
    const y = Array.from({length: 6}, () => 1000 * (1 + trueChange) * Math.exp(0.04 * normal(rand)));
    const {low, high} = logShift(x, y);
    if (low <= trueChange && trueChange <= high) covered++;
  }
  // Exact intervals are conservative: at 6 × 6 the achieved level is 1 − 2·P(U ≤ 5) = 95.9%.
  const rate = covered / trials;
  assert.ok(rate >= 0.94 && rate <= 0.98, `coverage ${rate}`);
});

test('the change is the median of the pairwise ratios, as a fraction', () => {
  assert.ok(Math.abs(logShift([100], [150]).change - 0.5) < 1e-12);
  assert.ok(Math.abs(logShift([100, 100], [110, 121]).change - 0.1538) < 1e-3); // √(1.1 · 1.21) − 1
});

test('the median and its interval from order statistics (as benchstat)', () => {
  assert.deepEqual(medianInterval([6, 1, 5, 2, 4, 3]), {median: 3.5, low: 1, high: 6, n: 6});
  assert.deepEqual(medianInterval([1, 2, 3, 4, 5]), {median: 3, low: null, high: null, n: 5});
  assert.deepEqual(medianInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), {median: 5.5, low: 2, high: 9, n: 10});
});

test('verdicts: beyond the margin, inside it, short of it, or undecided', () => {
  const M = 0.03;
  assert.equal(verdictOf({low: 0.12, high: 0.24}, M), 'better');
  assert.equal(verdictOf({low: -0.24, high: -0.12}, M), 'worse');
  assert.equal(verdictOf({low: -0.018, high: 0.024}, M), 'equivalent');
  // A difference, smaller than the margin: the interval leaves out 0 and stays inside ±M.
  assert.equal(verdictOf({low: 0.01, high: 0.025}, M), 'below-margin');
  assert.equal(verdictOf({low: -0.029, high: -0.002}, M), 'below-margin');
  // A difference that may or may not reach the margin: the runs cannot tell its size.
  assert.equal(verdictOf({low: 0.01, high: 0.05}, M), 'inconclusive');
  assert.equal(verdictOf({low: -0.03, high: 0.09}, M), 'inconclusive');
  assert.equal(verdictOf({low: null, high: null}, M), 'inconclusive');
  // For a latency, lower is better.
  assert.equal(verdictOf({low: -0.24, high: -0.12}, M, 'lower'), 'better');
});

test("Holm's adjustment, and the level each interval then needs", () => {
  const {adjusted, levels} = holm([0.01, 0.04, 0.03]);
  assert.deepEqual(
    adjusted.map((p) => Number(p.toFixed(10))),
    [0.03, 0.06, 0.06],
  );
  // 0.03 is not below 0.05 / 2: Holm stops there, and 0.04 keeps that step's level (at 95% its interval would
  // leave out 0 while its adjusted p is 0.06).
  assert.deepEqual(
    levels.map((l) => Number(l.toFixed(10))),
    [1 - 0.05 / 3, 1 - 0.05 / 2, 1 - 0.05 / 2].map((l) => Number(l.toFixed(10))),
  );
  // Where every step rejects, each keeps its own level.
  assert.deepEqual(
    holm([0.001, 0.004, 0.03]).levels.map((l) => Number(l.toFixed(10))),
    [1 - 0.05 / 3, 1 - 0.05 / 2, 0.95].map((l) => Number(l.toFixed(10))),
  );
});

test('an A/A pair (the same server twice) comes out equivalent; a 20% change, better', () => {
  const rand = random(5);
  const runs = (scale) => Array.from({length: 6}, () => 1000 * scale * Math.exp(0.005 * normal(rand)));
  const {comparisons} = compareToBaseline(runs(1), [runs(1), runs(1.2)], {margin: 0.03, minMargin: 0.02});
  assert.deepEqual(
    comparisons.map((c) => c.verdict),
    ['equivalent', 'better'],
  );
});

test("a margin under the measure's least is refused, saying why", () => {
  assert.throws(
    () => compareToBaseline([1, 2], [[3, 4]], {margin: 0.01, minMargin: 0.02}),
    /at least 2%, not 1%: below it, noise decides/,
  );
});

test('each order statistic of the pairwise differences is the one sorting all of them gives, ties too', () => {
  const rand = random(29);
  for (let trial = 0; trial < 200; trial++) {
    const m = 1 + Math.floor(rand() * 12);
    const n = 1 + Math.floor(rand() * 12);
    // Few distinct values in half the trials: many equal differences.
    const draw = () => (trial % 2 ? Math.round(rand() * 4) : rand() * 10 - 5);
    const x = Array.from({length: m}, draw).sort((a, b) => a - b);
    const y = Array.from({length: n}, draw).sort((a, b) => a - b);
    const all = x.flatMap((a) => y.map((b) => b - a)).sort((a, b) => a - b);
    for (let k = 1; k <= all.length; k++) assert.equal(kthDifference(x, y, k), all[k - 1], `trial ${trial}, k ${k}`);
  }
});

test('beyond the exact range, the normal approximation (ties corrected) is close to the exact p', () => {
  // Where both apply (the exact counts are still exact here): within 0.03 of the exact p, and within 0.005
  // where decisions are made (p below 0.1).
  const rand = random(30);
  for (let trial = 0; trial < 400; trial++) {
    const m = 8 + Math.floor(rand() * 8);
    const n = 8 + Math.floor(rand() * 8);
    const shift = rand() * 1.5;
    const tie = trial % 3 === 0; // rounded figures: ties
    const draw = (d) => (tie ? Math.round(normal(rand) * 2 + d * 2) : normal(rand) + d);
    const x = Array.from({length: m}, () => draw(0));
    const y = Array.from({length: n}, () => draw(shift));
    const exact = mannWhitney(x, y).p;
    const approx = normalMannWhitneyP(x, y);
    const within = exact < 0.1 ? 0.005 : 0.03;
    assert.ok(Math.abs(exact - approx) < within, `m ${m}, n ${n}: exact ${exact}, normal ${approx}`);
  }
  assert.equal(isExact(28, 28), true);
  assert.equal(isExact(29, 29), false);
  assert.equal(isExact(3, 1000), false);
});

test('the interval beyond the exact range starts where the exact one does, within one pair', () => {
  for (const [m, n] of [
    [20, 20],
    [12, 30],
    [25, 25],
  ]) {
    const exact = uLowerTail(m, n);
    let k = -1;
    while (exact[k + 1] < 0.025 - 1e-12) k++;
    const sd = Math.sqrt((m * n * (m + n + 1)) / 12);
    const normalK = Math.ceil((m * n) / 2 - 0.5 - normalQuantileUpper(0.025) * sd) - 1;
    assert.ok(Math.abs(k - normalK) <= 1, `${m}×${n}: exact ${k}, normal ${normalK}`);
    assert.equal(lowerTailCount(m, n, 0.025), k);
  }
  assert.ok(Math.abs(normalQuantileUpper(0.025) - 1.959963985) < 1e-6);
  assert.ok(Math.abs(normalUpperTail(1.959963985) - 0.025) < 1e-7);
});

test('10,000 runs a side are compared in linear-ish time and memory (once 2.6 GB and minutes)', {
  timeout: 30_000,
}, () => {
  const rand = random(31);
  const base = Array.from({length: 10_000}, () => 1000 * Math.exp(0.02 * normal(rand)));
  const cand = Array.from({length: 10_000}, () => 900 * Math.exp(0.02 * normal(rand)));
  const {comparisons} = compareToBaseline(base, [cand], {margin: 0.03, minMargin: 0.02});
  assert.equal(comparisons[0].verdict, 'worse');
  assert.ok(Math.abs(comparisons[0].change - -0.1) < 0.002, String(comparisons[0].change));
  assert.ok(comparisons[0].low < comparisons[0].change && comparisons[0].change < comparisons[0].high);
  assert.ok(comparisons[0].p < 1e-12);
  assert.equal(medianInterval(base).n, 10_000);
  assert.ok(medianInterval(base).low < medianInterval(base).median);
});

test('runs in twins are compared twin by twin: a shift both twins share decides nothing', () => {
  // Six repeats, each on rows of its own: the rows move both servers by up to 2%, the candidate 0.5% lower.
  const base = [743135, 730293, 731000, 745500, 739200, 728800];
  const cand = base.map((b, i) => b * [0.9949, 0.9952, 0.995, 0.9948, 0.9951, 0.995][i]);
  const keys = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
  const options = {margin: 0.003, better: 'lower', minMargin: 0.0001};
  const [unpaired] = compareToBaseline(base, [cand], options).comparisons;
  assert.equal(unpaired.paired, false);
  assert.equal(unpaired.verdict, 'inconclusive');
  // Shuffled keys: each run still meets its twin.
  const order = [3, 0, 5, 1, 4, 2];
  const [paired] = compareToBaseline(base, [order.map((i) => cand[i])], {
    ...options,
    keys: {baseline: keys, candidates: [order.map((i) => keys[i])]},
  }).comparisons;
  assert.equal(paired.paired, true);
  assert.equal(paired.verdict, 'better');
  assert.ok(paired.low > -0.0052 && paired.high < -0.0048, JSON.stringify(paired));
});
