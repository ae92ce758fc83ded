import {test} from 'node:test';
import assert from 'node:assert/strict';
import {compareRun} from '../model/comparisons.mjs';
import {translator} from '../../test/helpers/fixtures.mjs';
import {verdictSentence, verdictShort, versusCell, worded} from './verdict-words.mjs';

/** A run of three servers of one version, six repeats each, at a 12% margin: their TPS as given. */
function runOf(tps) {
  const targets = Object.keys(tps).map((id) => ({id, serverVersion: '17.4'}));
  const cells = Object.entries(tps).flatMap(([target, values]) =>
    values.map((v, i) => ({
      id: `${target}-r${i + 1}`,
      target,
      scenario: 's',
      workload: 'w',
      repeat: i + 1,
      status: 'ok',
      parameters: {clients: 1},
      summary: {tps: v},
    })),
  );
  return {run: {id: 'r', design: {margin: 0.12}}, environment: {targets}, cells};
}

test('a comparison in words: its interval, whether it reaches past the margin, and its sentence', () => {
  const decisions = compareRun(
    runOf({
      base: [100, 101, 99, 100, 102, 98],
      near: [100, 100.5, 99.5, 101, 99, 100],
      wide: [80, 125, 95, 110, 70, 130],
    }),
  );
  const [near, wide] = ['near', 'wide'].map((t) =>
    worded(decisions.of('s/w/c1', t, 'tps'), {locale: 'en', margin: 0.12}),
  );
  // Worked out by hand. Two comparisons, Holm: the first at 97.5%. Six runs a side: the exact rank-sum
  // distribution has 7 of its 924 orderings at U ≤ 3 (0.0076 a side), so the interval of the change runs from
  // the 4th smallest to the 4th largest of the 36 ratios of a candidate's run to a baseline run's.
  // Near: 100/102 to 100/98, inside ±12%. Wide: 70/100 to 130/100 (the baseline's 100 counts twice).
  assert.equal(near.level, '97.5%');
  assert.deepEqual(
    [near.low, near.high].map((x) => x.toFixed(6)),
    [(100 / 102 - 1).toFixed(6), (100 / 98 - 1).toFixed(6)],
  );
  assert.deepEqual([near.lowText, near.highText, near.beyondMargin, near.verdict], ['-2%', '+2%', false, 'equivalent']);
  assert.deepEqual(
    [wide.low, wide.high].map((x) => x.toFixed(6)),
    ['-0.300000', '0.300000'],
  );
  assert.deepEqual([wide.lowText, wide.highText, wide.beyondMargin], ['-30%', '+30%', true]);
  const t = translator('en');
  assert.equal(
    verdictSentence(t, near, {name: 'N', base: 'B', locale: 'en'}),
    // The farther end, 100/98 - 1 = +2.04%, rounded away from zero at the interval's precision: never less.
    'N and B differ by no more than 2.1% either way, inside the ±12% margin: the change lies between -2% and +2% ' +
      '(6 runs each).',
  );
  // Undecided: what the runs could have detected, and how many rounds a 5% change would take (by hand: half the
  // interval's width, 0.3, on the 12% margin, 42%; 6 × (0.3 / 0.05)² = 216 rounds).
  assert.equal(
    verdictSentence(t, wide, {name: 'W', base: 'B', locale: 'en'}),
    'With 6 runs each, the runs cannot tell W from B: the change lies somewhere between -30% and +30%. These runs ' +
      'could have detected only a change beyond about ±42%; telling a 5% change from none would take about 216 ' +
      'rounds on this machine.',
  );
  assert.deepEqual(versusCell(t, wide), {
    figure: 'percent',
    verdict: 'inconclusive',
    text: wide.changeText,
    lines: ['-30% to +30%', `medians ×${wide.mediansText}`, 'cannot tell'],
  });
  assert.deepEqual(versusCell(t, null), {note: 'baseline'});
});

test('an undecided interval on one side of zero says there is a difference of open size', () => {
  const t = translator('en');
  const w = (verdict, low, high) => ({
    verdict,
    low,
    high,
    changeText: '+0.24%',
    lowText: '+0.17%',
    highText: '+0.31%',
    leastText: '0.17%',
    mostText: '0.31%',
    runs: '6',
    margin: '0.2%',
    level: '95%',
    detectableText: null,
  });
  const say = (v, measure) => verdictSentence(t, v, {name: 'A', base: 'B', measure, locale: 'en'});
  // pg18 at its defaults, select-only instructions: +0.167% to +0.308% against a ±0.2% margin: more, by at least
  // 0.17% and at most 0.31%.
  assert.equal(
    say(w('inconclusive', 0.00167, 0.00308), 'instructions'),
    'A executes 0.17% to 0.31% more instructions per transaction than B (95% CI; estimate +0.24%, 6 runs each), ' +
      'but whether by more than the ±0.2% this guide counts as a difference, the counts cannot tell.',
  );
  // 18 against 15, large simple-update throughput: -18.0% to -0.6% against ±12%: slower, by 0.6% to 18%.
  const slower = {
    ...w('inconclusive', -0.18, -0.006),
    ...{changeText: '-9.7%', lowText: '-18%', highText: '-1%', leastText: '0.6%', mostText: '18%'},
  };
  assert.equal(
    say({...slower, margin: '12%'}, 'time'),
    'A is slower than B by 0.6% to 18% (95% CI; estimate -9.7%, 6 runs each), but whether by more than the ±12% ' +
      'this guide counts as a difference, the runs cannot tell.',
  );
  // Fewer instructions is better, more throughput is better: the words follow each measure's direction.
  const fewer = {...w('inconclusive', -0.00308, -0.00167), changeText: '-0.24%', lowText: '-0.31%', highText: '-0.17%'};
  // (its least and most as the rising interval's: the words come from the sign of the interval)
  assert.match(say(fewer, 'instructions'), /^A executes 0\.17% to 0\.31% fewer instructions per transaction than B/);
  const faster = {
    ...w('inconclusive', 0.006, 0.18),
    ...{changeText: '+9.7%', lowText: '+1%', highText: '+18%', leastText: '0.6%', mostText: '18%'},
  };
  assert.match(say(faster, 'time'), /^A is faster than B by 0\.6% to 18% /);
  // Across zero, the runs cannot tell the servers apart at all.
  assert.equal(
    say(w('inconclusive', -0.0011, 0.0031), 'instructions'),
    'With 6 runs each, the counts cannot tell A from B: the change lies between +0.17% and +0.31%.',
  );
  assert.throws(() => say(w('unheard-of', 0, 0), 'time'), /No message for verdict sentence "unheard-of"/);
});

test("a table's word for an undecided interval on one side of zero says which way, not 'cannot tell'", () => {
  const t = translator('en');
  const w = (low, high) => ({verdict: 'inconclusive', low, high});
  // 17 -Os against 17 -O2, select-only throughput: -10.0% to -2.8%, against ±5%.
  assert.equal(verdictShort(t, w(-0.1, -0.028), 'time'), 'slower, by how much unclear');
  assert.equal(verdictShort(t, w(0.01, 0.118), 'time'), 'faster, by how much unclear');
  // More instructions is worse, fewer better.
  assert.equal(verdictShort(t, w(0.0017, 0.0031), 'instructions'), 'more, by how many unclear');
  assert.equal(verdictShort(t, w(-0.0031, -0.0017), 'instructions'), 'fewer, by how many unclear');
  // Across zero, or without an interval: the verdict's own word.
  assert.equal(verdictShort(t, w(-0.05, 0.07), 'time'), 'cannot tell');
  assert.equal(verdictShort(t, w(null, null), 'time'), 'cannot tell');
  assert.equal(verdictShort(t, {verdict: 'better', low: 0.2, high: 0.3}, 'time'), 'faster');
});
