// Faults of the servers a run measures, injected into real runs (real
// PostgreSQL and pgbench): an external target that refuses connections or
// closes them, an embedded server killed mid-cell, two runs at once on one
// folder. For each, nothing already measured is lost, the result validates,
// the message names the cause, and --resume finishes what is left. The last
// test prints the table: faults tried, faults survived with nothing lost.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {
  assertFinished,
  closedPort,
  faultFile,
  okCells,
  PG18_LIKE_17,
  pids,
  readResult,
  selectOnly,
  tempSuite,
  until,
} from './fault-kit.mjs';

const {tmp, external, startBench, bench, leftovers, fault, faultTable} = faultFile('faults-servers', {
  withExternal: true,
});

test('an external target that refuses connections: the 4 embedded cells measured, its 2 failed, resumed', async () => {
  await fault('external target refuses connections', async () => {
    const {suite, out} = tempSuite(
      selectOnly('three', {a15: 'embedded: 15', b17: 'embedded: 17', ext: 'url: env:FAULT_EXT_URL'}),
    );
    const refused = `postgres://bench@127.0.0.1:${await closedPort()}/postgres`;
    const run = await bench([suite, '--out', out, '--seed', '3'], {FAULT_EXT_URL: refused});
    assert.equal(run.status, 3, run.stderr);
    assert.match(run.stderr, /target ext could not be used: .*Connection refused/);
    assert.match(run.stderr, /--resume measures the failed cells again/);
    const result = readResult(out);
    assert.deepEqual(resultProblems(result), []);
    assert.equal(result.cells.length, 6);
    assert.deepEqual(
      okCells(result)
        .map((c) => c.target)
        .sort(),
      ['a15', 'a15', 'b17', 'b17'],
    );
    const failed = result.cells.filter((c) => c.status === 'failed');
    assert.ok(failed.every((c) => c.target === 'ext' && /Connection refused/.test(c.error.message)));
    const ext = result.environment.targets.find((t) => t.id === 'ext');
    assert.deepEqual(
      result.environment.targets.map((t) => t.id),
      ['a15', 'b17', 'ext'],
    );
    assert.equal(ext.serverVersion, null);
    assert.match(ext.error.message, /Connection refused/);

    const resumed = await bench([suite, '--out', out, '--resume'], {FAULT_EXT_URL: external.url});
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stderr, /6 cells, 4 already done \(resuming\)/);
    const final = readResult(out);
    assertFinished(result, final, 6);
    assert.deepEqual(final.failedAttempts, failed, 'the failed attempts stay on record');
    const answered = final.environment.targets.find((t) => t.id === 'ext');
    assert.match(answered.serverVersion, /^17\./);
    assert.equal(answered.error, undefined);
  });
});

test('an external target that accepts and then closes: the embedded cells measured, resumed', async () => {
  await fault('external target accepts, then closes', async () => {
    const closer = net.createServer((socket) => socket.destroy());
    await new Promise((r) => closer.listen(0, '127.0.0.1', r));
    const {suite, out} = tempSuite(selectOnly('closer', {pg17: 'embedded: 17', ext: 'url: env:FAULT_EXT_URL'}));
    const url = `postgres://bench@127.0.0.1:${closer.address().port}/postgres`;
    const run = await bench([suite, '--out', out], {FAULT_EXT_URL: url});
    closer.close();
    assert.equal(run.status, 3, run.stderr);
    assert.match(run.stderr, /target ext could not be used: .*closed the connection unexpectedly/);
    const result = readResult(out);
    assert.deepEqual(resultProblems(result), []);
    assert.deepEqual(
      okCells(result).map((c) => c.target),
      ['pg17', 'pg17'],
    );
    const resumed = await bench([suite, '--out', out, '--resume'], {FAULT_EXT_URL: external.url});
    assert.equal(resumed.status, 0, resumed.stderr);
    assertFinished(result, readResult(out), 4);
  });
});

/** The postmaster of a run's embedded server whose data folder has this prefix (not the external one); its pid. */
const postmaster = (prefix) =>
  pids(`bin/postgres -D ${path.join(tmp, prefix)}`).find(
    (pid) => !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(external.server.baseDir),
  );

test('the embedded server killed with SIGKILL mid-cell: its target fails, the other is measured, resumed', async () => {
  await fault('embedded server killed (SIGKILL) mid-cell', async () => {
    const {suite, out} = tempSuite(selectOnly('crash', {pg17: 'embedded: 17', pg18: PG18_LIKE_17}, {duration: '3s'}));
    const {done} = startBench([suite, '--out', out, '--seed', '5']);
    // A measured run on PostgreSQL 17: pgbench is connected to the port its postmaster listens on.
    const victim = await until(() => {
      const pid = postmaster('bench-pg17-');
      if (!pid) return null;
      const port = portOf(pid);
      return port && pids(`pgbench .*-T 3 .*-p ${port} `).length > 0 ? pid : null;
    }, 'a measured run on PostgreSQL 17');
    const children = spawnSync('pgrep', ['-P', String(victim)], {encoding: 'utf8'}).stdout.split('\n');
    for (const pid of [victim, ...children.filter(Boolean).map(Number)]) process.kill(pid, 'SIGKILL');
    const run = await done;
    assert.equal(run.status, 3, run.stderr);
    assert.match(run.stderr, /target pg17 could not be used: the server stopped during the run: .*postmaster is gone/);
    const result = readResult(out);
    assert.deepEqual(resultProblems(result), []);
    assert.equal(result.cells.length, 4);
    assert.deepEqual(
      okCells(result)
        .filter((c) => c.target === 'pg18')
        .map((c) => c.id),
      ['pg18/ro/s/c1/r1', 'pg18/ro/s/c1/r2'],
    );
    assert.ok(result.cells.some((c) => c.target === 'pg17' && c.status === 'failed'));
    assert.match(result.environment.targets.find((t) => t.id === 'pg17').error.message, /postmaster is gone/);
    await until(() => leftovers('bench-pg17-').length === 0, 'no PostgreSQL 17 left', 20_000);

    const resumed = await bench([suite, '--out', out, '--resume']);
    assert.equal(resumed.status, 0, resumed.stderr);
    assertFinished(result, readResult(out), 4);
  });
});

/** The port a postmaster listens on (its pid file's fourth line). */
function portOf(pid) {
  const dataDir = /-D\0([^\0]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1];
  try {
    return readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3];
  } catch {
    return null;
  }
}

test('two runs at once on one folder write a file each; two --resume at once: one finishes, one says why', async () => {
  await fault('two runs at once on one output folder', async () => {
    // Each run starts servers of its own (two runs on one external database would load its tables together).
    const {suite: own, out} = tempSuite(
      selectOnly('together', {pg17: 'embedded: 17', pg18: PG18_LIKE_17}, {repeat: 1}),
    );
    const both = await Promise.all([1, 2].map(() => bench([own, '--out', out])));
    for (const run of both) assert.equal(run.status, 0, run.stderr);
    const files = readdirSync(out).filter((f) => f.endsWith('.json'));
    assert.equal(files.length, 2, readdirSync(out).join(', '));
    for (const f of files) {
      const result = JSON.parse(readFileSync(path.join(out, f), 'utf8'));
      assert.deepEqual(resultProblems(result), []);
      assert.equal(okCells(result).length, 2);
    }

    // A run left with a failed target (its URL unset), then resumed twice at once.
    const {suite} = tempSuite(
      selectOnly('resumed', {pg17: 'embedded: 17', ext: 'url: env:FAULT_EXT_URL'}, {repeat: 1}),
    );
    const other = path.join(out, 'again');
    const first = await bench([suite, '--out', other], {FAULT_EXT_URL: ''});
    assert.equal(first.status, 3, first.stderr);
    assert.match(first.stderr, /target ext could not be used: .*FAULT_EXT_URL, which is not set/);
    const before = readResult(other);
    const resumes = await Promise.all(
      [1, 2].map(() => bench([suite, '--out', other, '--resume'], {FAULT_EXT_URL: external.url})),
    );
    const statuses = resumes.map((r) => r.status).sort();
    assert.deepEqual(statuses, [0, 1], resumes.map((r) => r.stderr).join('\n'));
    assert.match(
      resumes.find((r) => r.status === 1).stderr,
      /is being written by another runner \(process (\d+|starting now)\)/,
    );
    assertFinished(before, readResult(other), 2);
  });
});

faultTable(4);
