import {test} from 'node:test';
import assert from 'node:assert/strict';
import {samplerHeldSnapshot, steadyRuns, throughputDrift} from './throughput-drift.mjs';

// A 60 s run at `first` TPS for its first 10 s, `last` for its last 10 s, 1000 between.
const run = (first, last, status = 'ok') => ({
  status,
  summary: {
    progress: Array.from({length: 60}, (_, i) => ({timeS: i + 1, tps: i < 10 ? first : i >= 50 ? last : 1000})),
  },
});

test("each run's last 10 s against its first, the median over the group's ok runs", () => {
  // 800/1000, 900/1000, 700/1000: the median is 0.8; the failed run is no run.
  const drift = throughputDrift([run(1000, 800), run(1000, 900), run(1000, 700), run(100, 9000, 'failed')]);
  assert.deepEqual(drift, {ratio: 0.8, runs: 3, low: 0.7, high: 0.9, steady: 0});
  // 1.04 and 0.96 are steady, 1.1 is not.
  assert.deepEqual(throughputDrift([run(1000, 1040), run(1000, 960), run(1000, 1100)]), {
    ratio: 1.04,
    runs: 3,
    low: 0.96,
    high: 1.1,
    steady: 2,
  });
  assert.equal(throughputDrift([run(1200, 1200)]).ratio, 1);
});

test('a run is steady when its last 10 s are within 5% of its first; failed and short runs are not counted', () => {
  // 0.96 and 1.04 are within 5%; 0.94 and 1.06 are not.
  const cells = [run(1000, 960), run(1000, 1040), run(1000, 940), run(1000, 1060), run(1000, 1000, 'failed')];
  assert.deepEqual(steadyRuns(cells), {steady: 2, runs: 4});
  assert.deepEqual(steadyRuns([{status: 'ok', summary: {progress: [{tps: 5}]}}]), {steady: 0, runs: 0});
});

test('runs too short for two windows, or without progress, give none', () => {
  assert.equal(throughputDrift([{status: 'ok', summary: {progress: [{tps: 5}]}}]), null);
  assert.equal(throughputDrift([{status: 'ok', summary: {}}]), null);
});

test('the runner of 2026-11-27 sampled waits in one DO block; later runs with psql \\watch', () => {
  const commands = (line) => ({run: {commands: ['pgbench -i -s 1', line]}});
  const doBlock = "psql -X -h 127.0.0.1 -c 'DO $$\nDECLARE n int;\nBEGIN\n  PERFORM 1 FROM pg_stat_activity;\nEND $$'";
  assert.equal(samplerHeldSnapshot(commands(doBlock)), true);
  assert.equal(samplerHeldSnapshot(commands("psql -X -q -A -t -F '|' -h 127.0.0.1 -f /tmp/w/waits.sql")), false);
});
