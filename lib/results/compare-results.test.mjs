import {test} from 'node:test';
import assert from 'node:assert/strict';
import {versionsRun} from '../../test/helpers/fixtures.mjs';
import {compareRuns, compareWithinRun, comparisonGroups, runDifferences} from './compare-results.mjs';

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
  const comparisons = compareWithinRun(versionsRun(), {margin: 0.03});
  assert.equal(comparisons.length, 2 * 3 * 3);
  assert.ok(comparisons.every((c) => c.verdict === 'inconclusive' && c.low === null && c.p >= 0.1));
});

test("one target at half the baseline's TPS comes out worse, its latencies untouched", () => {
  const result = sixRepeats((target) => (target === 'pg16' ? 0.5 : 1));
  const tps = compareWithinRun(result, {margin: 0.03, metrics: ['tps']}).filter((c) => c.candidate.target === 'pg16');
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
  const comparisons = compareRuns(older, newer, {margin: 0.03, metrics: ['tps']});
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
    () => compareWithinRun(versionsRun(), {baseline: 'pg14', margin: 0.03}),
    /has no target "pg14": use --baseline with one of pg15, pg16, pg17, pg18\./,
  );
});

test('an A/A control meets its twin only, outside the Holm family', () => {
  const result = sixRepeats();
  result.run.design = {order: 'interleaved-rounds', seed: 1, checkpointBeforeEach: true, margin: 0.025};
  result.environment.targets.push({id: 'pg15-aa', kind: 'embedded', serverVersion: '15.14', controlOf: 'pg15'});
  const twins = result.cells.filter((c) => c.target === 'pg15' && c.scenario === 'small');
  result.cells.push(...twins.map((c) => ({...structuredClone(c), id: `aa-${c.id}`, target: 'pg15-aa'})));
  const tps = compareWithinRun(result, {metrics: ['tps']});
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
  const comparisons = compareWithinRun(result);
  assert.deepEqual([...new Set(comparisons.map((c) => c.metric))], ['instructions']);
  assert.deepEqual(
    comparisons.filter((c) => c.scenario === 'small').map((c) => [c.candidate.target, c.verdict]),
    [
      ['pg16', 'better'],
      ['pg17', 'worse'],
      ['pg18', 'equivalent'],
    ],
  );
  assert.throws(() => compareWithinRun(result, {margin: 0.00001}), /at least 0\.01%/);
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
  const same = compareRuns(newer, structuredClone(newer), {margin: 0.001});
  assert.deepEqual(
    same.map((c) => [c.scenario, c.candidate.target.split('@')[0], c.verdict, c.change]),
    ['small', 'large'].flatMap((scenario) =>
      ['pg15', 'pg16', 'pg17', 'pg18'].map((target) => [scenario, target, 'equivalent', 0]),
    ),
  );
  assert.ok(same.every((c) => c.low > -0.0001 && c.high < 0.0001));
});

/** The fixture run again, as a later run of the same suite on the same servers (another port each). */
function again() {
  const newer = versionsRun();
  newer.run.id = 'again';
  for (const t of newer.environment.targets) t.settings.port = String(Number(t.settings.port) + 1);
  return newer;
}

test('a run and its repeat on the same servers and settings differ in nothing (a port is not a setting)', () => {
  assert.deepEqual(runDifferences(versionsRun(), again()), []);
});

test("two runs' differences, each named with its value in either run: suite, parameters, versions, settings", () => {
  const newer = again();
  newer.run.suite = 'pg-versions-tuned';
  const pg16 = newer.environment.targets.find((t) => t.id === 'pg16');
  pg16.settings.shared_buffers = '4GB';
  pg16.settings.effective_io_concurrency = '200';
  pg16.serverVersionFull = pg16.serverVersionFull.replace('16.14', '16.15');
  newer.environment.targets.find((t) => t.id === 'pg18').settings.shared_buffers = '4GB';
  for (const c of newer.cells.filter((c) => c.scenario === 'small')) c.parameters.durationS = 60;
  // A target only the newer run has is compared with nothing: its settings are no difference.
  newer.environment.targets.push({...structuredClone(pg16), id: 'pg16-other', settings: {fsync: 'off'}});
  const differences = runDifferences(versionsRun(), newer);
  assert.deepEqual(
    differences.map((d) => d.text),
    [
      'Runs of different suites (pg-versions, pg-versions-tuned): only cells with the same scenario, workload and ' +
        'client count are compared, and one name may not mean the same work in both.',
      'Parameter durationS of small/tpcb/c1: 20 → 60.',
      'Server version of pg16: PostgreSQL 16.14 on x86_64-pc-linux-gnu, compiled by gcc (Ubuntu 7.5.0-3ubuntu1~18.04) ' +
        '7.5.0, 64-bit → PostgreSQL 16.15 on x86_64-pc-linux-gnu, compiled by gcc (Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0, ' +
        '64-bit.',
      'Setting effective_io_concurrency of pg16: (not recorded) → 200.',
      'Setting shared_buffers of pg16, pg18: 1GB → 4GB.',
    ],
  );
  assert.deepEqual(
    differences.map(({text, ...d}) => d),
    [
      {kind: 'suite', older: 'pg-versions', newer: 'pg-versions-tuned'},
      {kind: 'parameter', name: 'durationS', older: 20, newer: 60, groups: ['small/tpcb/c1']},
      {
        kind: 'version',
        older: 'PostgreSQL 16.14 on x86_64-pc-linux-gnu, compiled by gcc (Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0, 64-bit',
        newer: 'PostgreSQL 16.15 on x86_64-pc-linux-gnu, compiled by gcc (Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0, 64-bit',
        targets: ['pg16'],
      },
      {kind: 'setting', name: 'effective_io_concurrency', older: null, newer: '200', targets: ['pg16']},
      {kind: 'setting', name: 'shared_buffers', older: '1GB', newer: '4GB', targets: ['pg16', 'pg18']},
    ],
  );
  // Runs of different suites still compare only the cells with the same key: here, all of them.
  assert.equal(compareRuns(versionsRun(), newer, {margin: 0.03, metrics: ['tps']}).length, 8);
});

test("the suite's file differing is said, once suites agree on their id", () => {
  const newer = again();
  newer.run.suiteHash = 'f'.repeat(64);
  assert.deepEqual(runDifferences(versionsRun(), newer), [
    {
      kind: 'suite-file',
      older: '05f164080bfcde0982b1062a299e30b7b66be8f60114f07d165a9e14a97be4ab',
      newer: 'f'.repeat(64),
      text: "The suite's file differs (suiteHash 05f164080bfc…, ffffffffffff…).",
    },
  ]);
});
