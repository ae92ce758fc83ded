import {test} from 'node:test';
import assert from 'node:assert/strict';
import {resultPage, versionsRun} from '../../test/helpers/fixtures.mjs';

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

const pageOf = (result = decidedRun(), locale = 'en') => resultPage('pg-versions', result, {locale});
const pair = (answer, target, baseline) => answer.pairs.find((p) => p.target === target && p.baseline === baseline);

test('the first view is the newest version against the one before it; every ordered pair, every group', async () => {
  const {answer} = await pageOf();
  assert.deepEqual(answer.initial, {target: 'pg18', baseline: 'pg17'});
  assert.deepEqual(
    answer.targets.map((x) => x.id),
    ['pg15', 'pg16', 'pg17', 'pg18'],
  );
  assert.equal(answer.pairs.length, 12);
  assert.deepEqual(
    answer.scenarios.map((s) => [s.id, s.groups.map((g) => g.id)]),
    [
      ['small', ['small-tpcb']],
      ['large', ['large-tpcb']],
    ],
  );
  // The timed run alone: one measure, its words and its margin with it.
  assert.deepEqual(answer.measures, [{id: 'time', label: 'Throughput', margin: 0.03}]);
});

test('any version against any baseline: the change, its verdict, both ways round', async () => {
  const {answer} = await pageOf();
  assert.deepEqual(pair(answer, 'pg16', 'pg15').groups['small-tpcb'].time, {
    verdict: 'better',
    change: 0.5,
    // The 98.3% interval (Holm, three candidates) of the 36 pairs' log ratios, 1.5 × 1000…1050 / 1000…1050.
    low: 0.456,
    high: 0.545,
    text: '+50%',
    short: 'faster',
  });
  const down = pair(answer, 'pg15', 'pg16').groups['small-tpcb'].time;
  assert.deepEqual([down.text, down.verdict, down.short], ['-33.3%', 'worse', 'slower']);
  // The same figures run for run: no change at all.
  assert.equal(pair(answer, 'pg18', 'pg17').groups['small-tpcb'].time.change, 0);
  // Three repeats a side in the large group: no test can decide, whichever the baseline.
  const large = pair(answer, 'pg18', 'pg17').groups['large-tpcb'].time;
  assert.deepEqual([large.verdict, large.low], ['inconclusive', null]);
  // The caption names the chosen baseline.
  assert.match(answer.words.caption.pg16, /^Each cell is the change against PostgreSQL 16, coloured by its verdict/);
  assert.equal(answer.words.against.pg16, 'against PostgreSQL 16');
});

test('with the oldest version as the baseline, the matrix holds the tables’ own comparisons', async () => {
  const page = await pageOf();
  for (const g of page.groups) {
    for (const row of g.table.rows.slice(1)) {
      const cell = pair(page.answer, row.target, 'pg15').groups[g.id].time;
      assert.deepEqual([cell.text, cell.verdict], [row.versus.text, row.versus.verdict]);
    }
  }
});

test('the answer is one sentence from the verdicts, in every language', async () => {
  assert.equal(
    pair((await pageOf()).answer, 'pg16', 'pg15').sentence,
    'PostgreSQL 16 against PostgreSQL 15. Throughput: higher in 1 of 2 (+50%) ' +
      'and undecided in the other 1, with too few runs for any test.',
  );
  assert.equal(
    pair((await pageOf(decidedRun(), 'ja')).answer, 'pg16', 'pg15').sentence,
    'PostgreSQL 16 を PostgreSQL 15 と比べると、スループットは 2 件中 1 件で高い（+50%）、' +
      '残り 1 件は判定不能（実行回数が少なすぎて検定できない）。',
  );
  // Chinese joins the clauses with semicolons, never 和; the last of several parts is the rest of the whole.
  assert.equal(
    pair((await pageOf(decidedRun(), 'zh-Hans')).answer, 'pg16', 'pg15').sentence,
    '与 PostgreSQL 15 相比，PostgreSQL 16 的吞吐量 2 项中有 1 项更高（+50%）；其余 1 项无法判断（运行次数太少，无法做任何检验）。',
  );
  // Korean names the measure once, as the sentence's topic, and says "the rest" its own way.
  assert.equal(
    pair((await pageOf(decidedRun(), 'ko')).answer, 'pg16', 'pg15').sentence,
    'PostgreSQL 15 대비 PostgreSQL 16: 처리량은 2건 중 1건은 높음(+50%), ' +
      '나머지 1건은 판정할 수 없음(실행 횟수가 너무 적어 어떤 검정도 할 수 없음).',
  );
});

test('a group whose A/A control cannot be told from its twin within the margin is named under the answer', async () => {
  const withControl = async (values) => {
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
    return (await pageOf({...result, cells: [...result.cells, ...aa]})).answer.notes;
  };
  // Run for run as 15: the same within the margin, nothing said.
  assert.deepEqual(await withControl(BASE), []);
  // Half to twice as fast: the runs cannot tell it from 15.
  assert.deepEqual(await withControl([500, 2000, 700, 1900, 600, 2100]), [
    {
      kind: 'noisy-controls',
      text:
        "In Small data set, one connection: TPC-B-like (pgbench's default), the runs could not show the A/A " +
        "control (the same version on a second server) within ±3% of its twin: there this machine's noise alone " +
        'may reach past the margin, so a throughput verdict in that group is less firm than the margin suggests.',
    },
  ]);
});

test('groups whose runs drifted are named under the answer; none when no run did', async () => {
  assert.deepEqual((await pageOf()).answer.notes, []);
  // Every small TPC-B-like run slows to 70% over its last 10 s of 60.
  const result = decidedRun();
  for (const c of result.cells.filter((x) => x.scenario === 'small')) {
    const progress = Array.from({length: 60}, (_, i) => ({timeS: i + 1, tps: i >= 50 ? 700 : 1000}));
    c.summary = {...c.summary, progress};
  }
  const [note] = (await pageOf(result)).answer.notes;
  assert.equal(note.kind, 'drifted');
  assert.match(
    note.text,
    /^In Small data set, one connection: TPC-B-like \(pgbench's default\), throughput fell or rose/,
  );
});

test('two versions built -O2 are the first view, with the same versions built as the first beside', async () => {
  const result = decidedRun();
  const build = (cflags) => ({cc: 'gcc', cflags, configure: '', jit: false});
  const embedded = result.environment.targets.map((x) => ({...x, build: build('-Os')}));
  const o2 = embedded
    .filter((x) => x.id === 'pg15' || x.id === 'pg18')
    .map((x) => ({...x, id: `${x.id}-o2`, build: build('-O2')}));
  // The -O2 builds a tenth faster than their -Os twins, run for run.
  const copies = result.cells
    .filter((c) => o2.some((x) => x.id === `${c.target}-o2`))
    .map((c) => ({
      ...c,
      id: `${c.id}-o2`,
      target: `${c.target}-o2`,
      summary: {...c.summary, tps: c.summary.tps * 1.1},
    }));
  const built = {
    ...result,
    environment: {...result.environment, targets: [...embedded, ...o2]},
    cells: [...result.cells, ...copies],
  };
  const {answer} = await pageOf(built);
  assert.deepEqual(answer.initial, {target: 'pg18-o2', baseline: 'pg15-o2'});
  const shown = pair(answer, 'pg18-o2', 'pg15-o2');
  const asEmbedded = pair(answer, 'pg18', 'pg15');
  assert.equal(shown.build, `The same major versions, built as the embedded servers are: ${asEmbedded.sentence}`);
  // A pair of the first build has no other build to be set beside.
  assert.equal(asEmbedded.build, undefined);
  // Each build with the versions built so: 16 and 17 only as the embedded servers are.
  assert.match(
    answer.conditions.time,
    /servers: (\S+ )+-Os \(PostgreSQL 15, 16, 17, and 18\) and (\S+ )+-O2 \(PostgreSQL 15 and 18\), as each server's/,
  );
});
