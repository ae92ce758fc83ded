import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readLogs} from './read-logs.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;

test('per-transaction logs of several threads are read as one run', async () => {
  const r = await readLogs([`${FIXTURES}17/run_log/pgbench_log.10848`, `${FIXTURES}17/run_log/pgbench_log.10848.1`]);
  assert.equal(r.files, 2);
  assert.equal(r.kind, 'transactions');
  assert.equal(r.transactions, 40);
});

test('an aggregate log is recognized by its columns', async () => {
  // The file name carries the PID of the captured run: find it rather than spell it.
  const [log] = readdirSync(`${FIXTURES}18/run_agg`).filter((f) => f.startsWith('pgbench_log'));
  const r = await readLogs([`${FIXTURES}18/run_agg/${log}`]);
  assert.equal(r.kind, 'aggregate');
  // The captured run: pgbench -T 4 --aggregate-interval=1, one line a second.
  assert.equal(r.intervals.length, 4);
});

test('per-transaction and aggregate logs together are refused, naming each', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'logs-'));
  writeFileSync(path.join(dir, 'a.1'), '0 1 100 0 1700000000 0\n');
  writeFileSync(path.join(dir, 'b.1'), '1700000000 1 100 10000 100 100 0 0 0 0 0 0 0 0 0\n');
  await assert.rejects(readLogs([path.join(dir, 'a.1'), path.join(dir, 'b.1')]), {
    message:
      "Per-transaction and aggregate logs are mixed: a.1 (transactions), b.1 (aggregate). Pass one run's logs of " +
      'one kind.',
  });
});
