import {test} from 'node:test';
import assert from 'node:assert/strict';
import {translator, versionsRun} from '../../test/helpers/fixtures.mjs';
import {versionsPage} from './versions-page.mjs';

// The committed versions fixture, its small TPC-B group given six repeats per version with figures chosen
// so that the verdicts are plain: 16 runs half as fast again as 15, 17 and 18 as fast as 15, run for run.
const BASE = [1000, 1010, 1020, 1030, 1040, 1050];
const TPS = {pg15: BASE, pg16: BASE.map((v) => v * 1.5), pg17: BASE, pg18: BASE};

function decidedRun() {
  const result = versionsRun();
  const small = result.cells.filter((c) => c.scenario === 'small' && c.workload === 'tpcb');
  const others = result.cells.filter((c) => !small.includes(c));
  const cells = Object.entries(TPS).flatMap(([target, values]) => {
    const model = small.find((c) => c.target === target);
    return values.map((tps, i) => ({
      ...model,
      id: `${model.id}-r${i + 1}`,
      repeat: i + 1,
      summary: {...model.summary, tps},
    }));
  });
  return {...result, cells: [...cells, ...others]};
}

const answerOf = (locale = 'en') => versionsPage(decidedRun(), {locale, t: translator(locale)}).answer;
const pair = (answer, target, baseline) => answer.pairs.find((p) => p.target === target && p.baseline === baseline);

test('the first view is the newest version against the one before it', () => {
  const answer = answerOf();
  assert.deepEqual(answer.initial, {target: 'pg18', baseline: 'pg17'});
  assert.deepEqual(
    answer.targets.map((x) => x.id),
    ['pg15', 'pg16', 'pg17', 'pg18'],
  );
  // Every ordered pair, each with every group.
  assert.equal(answer.pairs.length, 12);
  assert.deepEqual(
    answer.scenarios.map((s) => [s.id, s.groups.map((g) => g.id)]),
    [
      ['small', ['small-tpcb']],
      ['large', ['large-tpcb']],
    ],
  );
});

test('any version against any baseline: the change, its verdict, both ways round', () => {
  const answer = answerOf();
  const up = pair(answer, 'pg16', 'pg15').groups['small-tpcb'].time;
  assert.equal(up.text, '+50%');
  assert.equal(up.verdict, 'better');
  const down = pair(answer, 'pg15', 'pg16').groups['small-tpcb'].time;
  assert.equal(down.text, '-33.3%');
  assert.equal(down.verdict, 'worse');
  // The same figures run for run: no change at all.
  assert.equal(pair(answer, 'pg18', 'pg17').groups['small-tpcb'].time.change, 0);
  // Three repeats a side in the large group: no test can decide, whichever the baseline.
  assert.equal(pair(answer, 'pg18', 'pg17').groups['large-tpcb'].time.verdict, 'inconclusive');
  assert.equal(pair(answer, 'pg18', 'pg17').groups['large-tpcb'].time.low, null);
});

test('with the oldest version as the baseline, the matrix holds the tables’ own comparisons', () => {
  const page = versionsPage(decidedRun(), {locale: 'en', t: translator('en')});
  for (const g of page.groups) {
    for (const row of g.rows.slice(1)) {
      const cell = pair(page.answer, row.target, 'pg15').groups[g.id].time;
      assert.equal(cell.text, row.comparison.changeText);
      assert.equal(cell.verdict, row.comparison.low === null ? 'inconclusive' : row.comparison.verdict);
    }
  }
});

test('the answer is one sentence from the verdicts, in every language', () => {
  assert.equal(
    pair(answerOf(), 'pg16', 'pg15').sentence,
    'PostgreSQL 16 against PostgreSQL 15: higher throughput in 1 of 2 (+50%) ' +
      'and throughput undecided in 1 of 2, with too few runs for any test.',
  );
  assert.equal(
    pair(answerOf('ja'), 'pg16', 'pg15').sentence,
    'PostgreSQL 15 に対する PostgreSQL 16：スループットは 2 件中 1 件で高い（+50%）、' +
      'スループットは 2 件中 1 件で、実行回数が少なすぎて検定できない。',
  );
  // Chinese joins the clauses with semicolons, never 和.
  assert.equal(
    pair(answerOf('zh-Hans'), 'pg16', 'pg15').sentence,
    'PostgreSQL 16 相对 PostgreSQL 15：吞吐量在 2 项中有 1 项更高（+50%）；吞吐量在 2 项中有 1 项因运行次数太少而无法检验。',
  );
});

test('a group whose A/A control cannot be told from its twin within the margin is named under the answer', () => {
  const withControl = (values) => {
    const result = decidedRun();
    const pg15 = result.environment.targets.find((x) => x.id === 'pg15');
    result.environment.targets.push({...pg15, id: 'pg15-aa', controlOf: 'pg15'});
    const model = result.cells.find((c) => c.target === 'pg15' && c.scenario === 'small');
    const aa = values.map((tps, i) => ({
      ...model,
      id: `pg15-aa/small/r${i + 1}`,
      target: 'pg15-aa',
      repeat: i + 1,
      summary: {...model.summary, tps},
    }));
    return versionsPage({...result, cells: [...result.cells, ...aa]}, {locale: 'en', t: translator('en')}).answer;
  };
  // Run for run as 15: the same within the margin, nothing said.
  assert.equal(withControl(BASE).noisyControls, null);
  // Half to twice as fast: the runs cannot tell it from 15.
  const noisy = withControl([500, 2000, 700, 1900, 600, 2100]).noisyControls;
  assert.deepEqual(noisy, {groups: "Small data set, one connection: TPC-B-like (pgbench's default)", margin: '3%'});
});

test('groups whose runs drifted are named under the answer; none when no run did', () => {
  assert.equal(answerOf().drifted, null);
  // Every small TPC-B-like run slows to 70% over its last 10 s of 60.
  const result = decidedRun();
  for (const c of result.cells.filter((x) => x.scenario === 'small')) {
    const progress = Array.from({length: 60}, (_, i) => ({timeS: i + 1, tps: i >= 50 ? 700 : 1000}));
    c.summary = {...c.summary, progress};
  }
  const {drifted} = versionsPage(result, {locale: 'en', t: translator('en')}).answer;
  assert.deepEqual(drifted, {groups: "Small data set, one connection: TPC-B-like (pgbench's default)"});
});
