import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {versionsRun} from '../../test/helpers/fixtures.mjs';
import {compareRun, compareRuns, comparisonGroups} from './comparisons.mjs';
import {roundsApart} from './round-pairs.mjs';

/**
 * The fixture run with six repeats per target (copies with their own ids),
 * each run's TPS set to 1000 × the target's scale, ±0.5% from run to run.
 */
function sixRepeats(scaleOf = () => 1) {
  const result = versionsRun();
  const copies = result.cells.map((c) => ({
    ...structuredClone(c),
    id: c.id.replace(/r(\d+)$/, (_, r) => `r${+r + 3}`),
  }));
  result.cells.push(...copies.map((c) => ({...c, repeat: c.repeat + 3})));
  for (const c of result.cells) c.summary.tps = 1000 * scaleOf(c.target) * (1 + 0.002 * (c.repeat - 3.5));
  return result;
}

test('comparison groups are scenario × workload × clients, holding every target', () => {
  const groups = comparisonGroups(versionsRun());
  assert.deepEqual(
    groups.map((g) => [g.scenario, g.workload, g.clients, [...g.byTarget.keys()]]),
    [
      ['small', 'tpcb', 1, ['pg15', 'pg16', 'pg17', 'pg18']],
      ['large', 'tpcb', 24, ['pg15', 'pg16', 'pg17', 'pg18']],
    ],
  );
});

test('three runs a side can decide nothing, whatever the medians say', () => {
  const comparisons = compareRun(versionsRun(), {margin: 0.03}).list;
  assert.equal(comparisons.length, 2 * 3 * 3);
  assert.ok(comparisons.every((c) => c.verdict === 'inconclusive' && c.low === null && c.p >= 0.1));
});

test("one target at half the baseline's TPS comes out worse, its latencies untouched", () => {
  const result = sixRepeats((target) => (target === 'pg16' ? 0.5 : 1));
  const tps = compareRun(result, {margin: 0.03})
    .list.filter((c) => c.metric === 'tps')
    .filter((c) => c.candidate.target === 'pg16');
  assert.deepEqual(
    tps.map((c) => [c.scenario, c.verdict]),
    [
      ['small', 'worse'],
      ['large', 'worse'],
    ],
  );
  assert.ok(tps.every((c) => c.change < -0.45 && c.high < 0 && c.pAdjusted < 0.05));
});

test('two runs: the same cells of the older against the newer', () => {
  const older = sixRepeats();
  const newer = sixRepeats((target) => (target === 'pg18' ? 1.5 : 1));
  newer.run.id = 'newer';
  const comparisons = compareRuns(older, newer, {margin: 0.03}).list.filter((c) => c.metric === 'tps');
  assert.equal(comparisons.length, 8);
  const pg18 = comparisons.filter((c) => c.candidate.target === 'pg18@newer');
  assert.deepEqual(
    pg18.map((c) => c.verdict),
    ['better', 'better'],
  );
  assert.ok(pg18.every((c) => Math.abs(c.change - 0.5) < 0.01));
});

test('an unknown baseline names the targets there are', () => {
  assert.throws(
    () => compareRun(versionsRun(), {baseline: 'pg14', margin: 0.03}),
    /has no target "pg14": use --baseline with one of pg15, pg16, pg17, pg18\./,
  );
});

test('an A/A control meets its twin only, outside the Holm family', () => {
  const result = sixRepeats();
  result.run.design = {order: 'interleaved-rounds', seed: 1, checkpointBeforeEach: true, margin: 0.025};
  result.environment.targets.push({id: 'pg15-aa', kind: 'embedded', serverVersion: '15.14', controlOf: 'pg15'});
  const twins = result.cells.filter((c) => c.target === 'pg15' && c.scenario === 'small');
  result.cells.push(...twins.map((c) => ({...structuredClone(c), id: `aa-${c.id}`, target: 'pg15-aa'})));
  const tps = compareRun(result).list.filter((c) => c.metric === 'tps');
  const control = tps.filter((c) => c.control);
  assert.deepEqual(
    control.map((c) => [c.scenario, c.baseline.target, c.candidate.target, c.verdict]),
    [['small', 'pg15', 'pg15-aa', 'equivalent']],
  );
  assert.deepEqual(
    [control[0].corrected, control[0].pAdjusted],
    [false, control[0].p],
    'one comparison: nothing to correct',
  );
  const versions = tps.filter((c) => !c.control);
  assert.ok(versions.every((c) => c.candidate.target !== 'pg15-aa' && c.baseline.target === 'pg15'));
  assert.equal(versions.length, 6, 'pg16, pg17 and pg18 at two sizes: the control is not one of the candidates');
  assert.ok(
    versions.every((c) => c.verdict === 'equivalent'),
    'identical figures within ±2.5%',
  );
});

/** The six-repeat run as an instructions run: per transaction 100,000 × the target's scale, ±0.001%. */
function instructionsRun(scaleOf = () => 1) {
  const result = sixRepeats();
  result.run.design = {...result.run.design, measure: 'instructions', margin: 0.001};
  for (const c of result.cells) {
    c.instructions = {
      perTransaction: 100_000 * scaleOf(c.target) * (1 + 0.00001 * (c.repeat - 3.5)),
      randomSeed: c.repeat,
      valgrind: '3.19.0',
      runs: [],
    };
  }
  return result;
}

test('an instructions run is compared on instructions per transaction: fewer is better, at a margin below 2%', () => {
  const result = instructionsRun((target) => ({pg16: 0.994, pg17: 1.02, pg18: 1})[target] ?? 1);
  const comparisons = compareRun(result).list;
  assert.deepEqual([...new Set(comparisons.map((c) => c.metric))], ['instructions']);
  assert.deepEqual(
    comparisons.filter((c) => c.scenario === 'small').map((c) => [c.candidate.target, c.verdict]),
    [
      ['pg16', 'better'],
      ['pg17', 'worse'],
      ['pg18', 'equivalent'],
    ],
  );
  assert.throws(() => compareRun(result, {margin: 0.00001}), /at least 0\.01%/);
});

test('runs of two measures are not compared with each other', () => {
  assert.throws(
    () => compareRuns(sixRepeats(), instructionsRun()),
    /measured time, .* instructions: compare runs of one measure/,
  );
});

test('instructions counted two ways (Cachegrind whole process, Callgrind backend work) are not compared', () => {
  const older = instructionsRun();
  const newer = instructionsRun();
  for (const c of newer.cells) c.instructions.counted = 'PostgresMain-without-client-reads';
  assert.throws(
    () => compareRuns(older, newer),
    /counted instructions as whole-process, .* as PostgresMain-without-client-reads: .*counted the same way/,
  );
  // Counted alike, they compare: each target's six runs against the same six (spread ±0.0025% about 100,000)
  // come out the same at the 0.1% margin, their change exactly 0, its interval within ±0.01%.
  const same = compareRuns(newer, structuredClone(newer), {margin: 0.001}).list;
  assert.deepEqual(
    same.map((c) => [c.scenario, c.candidate.target.split('@')[0], c.verdict, c.change]),
    ['small', 'large'].flatMap((scenario) =>
      ['pg15', 'pg16', 'pg17', 'pg18'].map((target) => [scenario, target, 'equivalent', 0]),
    ),
  );
  assert.ok(same.every((c) => c.low > -0.0001 && c.high < 0.0001));
});

test('runs with pgbench -r compare their TPS, and say why their latencies are not compared', () => {
  const result = sixRepeats();
  for (const c of result.cells) c.command = `${c.command} -r`;
  const {list: compared, skipped} = compareRun(result, {margin: 0.03});
  assert.deepEqual([...new Set(compared.map((c) => c.metric))], ['tps']);
  // Each of 3 candidates in each of 2 groups, at p95 and p99, each with the reason.
  assert.equal(skipped.length, 2 * 3 * 2);
  assert.ok(skipped.every((s) => /the baseline pg15: its runs had pgbench -r.*stale clock: no latencies/.test(s.why)));
});

test('an A/A control whose twin did not run (--only target=<control>) is said so, never a TypeError', () => {
  const run = JSON.parse(
    readFileSync(new URL('../../test/fixtures/results/pg-versions-20261123T130951Z.json', import.meta.url), 'utf8'),
  );
  const only = {...run, cells: run.cells.filter((c) => c.target === 'pg15-aa')};
  const {list, skipped} = compareRun(only);
  assert.deepEqual(list, []);
  assert.deepEqual(
    [...new Set(skipped.map((s) => `${s.target}: ${s.why}`))],
    ['pg15-aa: its twin pg15 did not run this group: an A/A control has no other base'],
  );
  // Its twin gone but the other versions there: they are said to lack their baseline, the control its twin.
  const noTwin = {...run, cells: run.cells.filter((c) => c.target !== 'pg15')};
  const {list: none, skipped: without} = compareRun(noTwin);
  assert.deepEqual(none, []);
  assert.deepEqual(
    [...new Set(without.filter((s) => s.metric === 'tps').map((s) => `${s.target}: ${s.why}`))],
    [
      'pg16: the baseline pg15 did not run this group',
      'pg17: the baseline pg15 did not run this group',
      'pg18: the baseline pg15 did not run this group',
      'pg15-aa: its twin pg15 did not run this group: an A/A control has no other base',
    ],
  );
});

test('a run is decided once per baseline and margin: every page and locale reads the same record', () => {
  const result = sixRepeats((target) => (target === 'pg16' ? 0.5 : 1));
  const first = compareRun(result);
  assert.equal(compareRun(result), first);
  assert.equal(compareRun(result, {baseline: 'pg15', margin: first.margin}), first);
  const against17 = compareRun(result, {baseline: 'pg17'});
  assert.notEqual(against17, first);
  assert.equal(first.of('small/tpcb/c1', 'pg16', 'tps').verdict, 'worse');
  assert.equal(against17.of('small/tpcb/c1', 'pg16', 'tps').verdict, 'worse');
  assert.equal(against17.of('small/tpcb/c1', 'pg15', 'tps').verdict, 'equivalent');
  assert.equal(first.of('small/tpcb/c1', 'pg15', 'tps'), undefined);
});

test('a server built otherwise than the baseline, of another version, is not compared with it: said why', () => {
  const result = sixRepeats();
  result.environment.targets = result.environment.targets.map((t) => ({
    ...t,
    build: {cc: 'gcc', cflags: t.id === 'pg17' ? '-O2 -g' : '-Os'},
  }));
  const {list, skipped} = compareRun(result);
  assert.deepEqual([...new Set(list.map((c) => c.candidate.target))], ['pg16', 'pg18']);
  assert.deepEqual(
    [...new Set(skipped.map((s) => `${s.target}: ${s.why}`))],
    [
      'pg17: built otherwise than the baseline pg15 (-O2 against -Os) and not of its version: the difference ' +
        "would be the compiler's",
    ],
  );
  // Against itself as the baseline, the others are the ones built otherwise.
  assert.deepEqual(compareRun(result, {baseline: 'pg17'}).list, []);
});

test('compares nothing bench compare would not: an ok repeat without the figure leaves no comparison', () => {
  const cells = (target, values) =>
    values.map((tps, i) => ({
      target,
      workload: 'w',
      scenario: 's',
      repeat: i + 1,
      status: 'ok',
      parameters: {clients: 1},
      summary: {tps},
    }));
  const run = {
    run: {id: 'r', design: {margin: 0.03}},
    environment: {targets: ['a', 'b'].map((id) => ({id, serverVersion: '17.4'}))},
    cells: [...cells('a', [100, 101, 99, 100, 102]), ...cells('b', [120, 0, 121, 119, 122])],
  };
  const {list, skipped} = compareRun(run);
  assert.deepEqual(list, []);
  assert.deepEqual(
    skipped.map((s) => [s.target, s.why]),
    [['b', '1 of its 5 ok cells have no tps above 0']],
  );
});

/**
 * Six rounds of the small group, every target once per round, one round after another (ten minutes apart): the
 * machine's speed drifts by up to 12% from round to round, and pg16 runs 1.0–1.2% faster than pg15 within each.
 */
function drifting() {
  const result = sixRepeats();
  const drift = [1, 0.9, 1.05, 0.94, 1.12, 0.97];
  const ahead = [1.01, 1.012, 1.008, 1.011, 1.009, 1.01];
  result.cells = result.cells.filter((c) => c.scenario === 'small');
  for (const c of result.cells) {
    c.round = c.repeat;
    const at = Date.UTC(2026, 10, 28, 12, 10 * c.repeat + ['pg15', 'pg16', 'pg17', 'pg18'].indexOf(c.target));
    c.startedAt = new Date(at).toISOString();
    c.finishedAt = new Date(at + 50_000).toISOString();
    c.summary.tps = 1000 * drift[c.repeat - 1] * (c.target === 'pg16' ? ahead[c.repeat - 1] : 1);
  }
  return result;
}

test('a timed group whose rounds ran one after another is compared round by round', () => {
  const pg16 = (result) =>
    compareRun(result, {margin: 0.03}).list.find((c) => c.metric === 'tps' && c.candidate.target === 'pg16');
  const paired = pg16(drifting());
  assert.equal(paired.paired, true);
  // The geometric mean of the six rounds' ratios, +0.99992%: the drift cancels out, and the interval leaves out
  // no change yet stays inside ±3%.
  assert.ok(Math.abs(paired.change - 0.009999175) < 1e-8, `${paired.change}`);
  assert.equal(paired.verdict, 'below-margin');
  // The same runs with round 2 begun before round 1 ended (another part of a merged run): not paired, and the
  // drift between runs hides the change.
  const overlapping = drifting();
  for (const c of overlapping.cells.filter((c) => c.round === 2)) c.startedAt = '2026-11-28T12:00:30.000Z';
  assert.equal(roundsApart(comparisonGroups(overlapping)[0]), false);
  const unpaired = pg16(overlapping);
  assert.equal(unpaired.paired, undefined);
  assert.equal(unpaired.verdict, 'inconclusive');
});

test('fewer than five rounds, or cells of no round, are not paired', () => {
  const group = (result) => comparisonGroups(result)[0];
  assert.equal(roundsApart(group(drifting())), true);
  const four = drifting();
  four.cells = four.cells.filter((c) => c.round <= 4);
  assert.equal(roundsApart(group(four)), false);
  const imported = drifting();
  for (const c of imported.cells) delete c.round;
  assert.equal(roundsApart(group(imported)), false);
});

test('a server with fewer than five rounds beside the baseline is compared unpaired; the others round by round', () => {
  const result = drifting();
  // pg16 failed two of its six rounds: four pairs left.
  for (const c of result.cells.filter((x) => x.target === 'pg16' && x.round <= 2)) c.status = 'failed';
  const tps = compareRun(result, {margin: 0.03}).list.filter((c) => c.metric === 'tps');
  const of = (target) => tps.find((c) => c.candidate.target === target);
  assert.equal(of('pg16').paired, undefined);
  assert.equal(of('pg16').n, 4);
  assert.deepEqual([of('pg17').paired, of('pg17').n], [true, 6]);
});
