import assert from 'node:assert/strict';
import {test} from 'node:test';
import {FIGURES} from './measures.mjs';

// Latencies as a transaction log gives them (µs); the summary as pgbench printed it.
const cell = (min) => ({
  summary: {tps: 12699.1, processed: 761946, latencyAvgMs: 0.077},
  log: {kind: 'transactions', latencyUs: {min, p50: 74, p90: 90, p95: 98, p99: 122, max: 7919}},
});

test('a log whose every transaction was timed gives its latencies in ms', () => {
  const c = cell(52);
  assert.deepEqual(
    ['latencyAvg', 'min', 'p50', 'p95', 'p99', 'max'].map((k) => FIGURES[k].read(c)),
    [0.077, 0.052, 0.074, 0.098, 0.122, 7.919],
  );
});

test('a log with a transaction at 0 µs (pgbench -r) gives no latency, and no average, but its throughput', () => {
  const c = cell(0);
  for (const k of ['latencyAvg', 'min', 'p50', 'p90', 'p95', 'p99', 'max']) assert.equal(FIGURES[k].read(c), null, k);
  assert.equal(FIGURES.tps.read(c), 12699.1);
  assert.equal(FIGURES.count.read(c), 761946);
});

test('a run with -r gives no latency though no transaction logged 0 µs; without -r, its latencies', () => {
  const run = (command) => ({...cell(4), command});
  for (const command of ['pgbench -c 1 -T 60 -P 1 -r -l bench', 'pgbench --report-per-command -l bench']) {
    for (const k of ['latencyAvg', 'min', 'p99']) assert.equal(FIGURES[k].read(run(command)), null, `${command}: ${k}`);
    assert.equal(FIGURES.tps.read(run(command)), 12699.1);
  }
  // -M prepared, a host under /var/run: no -r.
  assert.equal(FIGURES.min.read(run('pgbench -M prepared -h /var/run/postgresql -l bench')), 0.004);
});

test("a cell without a log (an import) keeps pgbench's average and has no percentiles", () => {
  const c = {summary: {tps: 900, processed: 54000, latencyAvgMs: 1.1}, log: null};
  assert.equal(FIGURES.latencyAvg.read(c), 1.1);
  assert.equal(FIGURES.p95.read(c), null);
});
