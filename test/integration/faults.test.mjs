// Faults injected into real runs (real PostgreSQL, pgbench, Valgrind, mounts):
// for each, nothing already measured is lost, the result validates, the
// message names the cause, and --resume finishes what is left. The last test
// prints the table: faults tried, faults survived with nothing lost.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {cellSeeds} from '../../scripts/runner/instruction-commands.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {mountTinyDisk, remountReadOnly} from '../helpers/tiny-disk.mjs';
import {ownTmp} from './own-tmp.mjs';

const BENCH = new URL('../../scripts/bench.mjs', import.meta.url).pathname;
const TMP = ownTmp('faults');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `bench run …` as a child of its own process group (a terminal's job); `done` resolves on exit. */
function startBench(args, env = {}) {
  const child = spawn(process.execPath, [BENCH, 'run', ...args], {
    env: {...process.env, ...env},
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise((resolve) => child.on('close', (status) => resolve({status, stdout, stderr})));
  started.add(child);
  done.then(() => started.delete(child));
  return {child, done};
}
// A test that fails while its run goes on ends that run (its servers' guard then stops them).
const started = new Set();
after(() => {
  for (const child of started) process.kill(-child.pid, 'SIGKILL');
});
const bench = (args, env) => startBench(args, env).done;

function tempSuite(yaml) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-test-'));
  writeFileSync(path.join(dir, 'suite.yaml'), yaml);
  return {dir, suite: path.join(dir, 'suite.yaml'), out: path.join(dir, 'results')};
}

/** The run's result file in `out` (the one JSON file there). */
function resultFile(out) {
  const files = existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.json')) : [];
  assert.ok(files.length <= 1, files.join(', '));
  return files[0] && path.join(out, files[0]);
}
const readResult = (out) => JSON.parse(readFileSync(resultFile(out), 'utf8'));
const okCells = (result) => result.cells.filter((c) => c.status === 'ok');

/** Polls `probe` until it returns something truthy; that value. */
async function until(probe, what, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await sleep(20);
  }
}
const pids = (pattern) =>
  spawnSync('pgrep', ['-f', pattern], {encoding: 'utf8'}).stdout.split('\n').filter(Boolean).map(Number);
/** A run's processes still running: postgres (or Valgrind, or its guard) on a data folder with this prefix. */
const leftovers = (prefix) =>
  spawnSync('ps', ['-eo', 'args'], {encoding: 'utf8'})
    .stdout.split('\n')
    .filter((l) => l.includes(path.join(TMP, prefix)) && !l.includes(external.baseDir));

/** A port on which nothing listens. */
async function closedPort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const {port} = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

// The table the last test prints: what was tried, and whether it survived with nothing lost.
const outcomes = [];
/** Runs a fault's checks; its row in the table says whether they all held. */
async function fault(name, check) {
  const row = {fault: name, survived: false};
  outcomes.push(row);
  await check();
  row.survived = true;
}

/**
 * Every ok cell of `before` is in `after`, unchanged; `after` is valid and has
 * every planned cell ok.
 */
function assertFinished(before, final, planned) {
  assert.deepEqual(resultProblems(final), []);
  const kept = new Map(final.cells.map((c) => [c.id, c]));
  for (const cell of okCells(before)) assert.deepEqual(kept.get(cell.id), cell, `${cell.id} changed or was lost`);
  assert.equal(final.cells.length, planned);
  assert.deepEqual(
    final.cells.filter((c) => c.status !== 'ok').map((c) => [c.id, c.error?.message]),
    [],
  );
  assert.notEqual(final.run.finishedAt, null);
}

// A real PostgreSQL reached by URL: the "external" server once it answers.
let external;
let externalUrl;
before(async () => {
  external = await startServer({major: 17});
  externalUrl = `postgres://${external.user}@127.0.0.1:${external.port}/${external.database}`;
});
after(() => external?.stop());

/**
 * A select-only suite at scale 1, one round per repeat.
 * @param {Record<string, string>} targets  id → its line (`embedded: 17`, `url: env:VAR`)
 */
// 18 as 15-17 run: without data checksums, synchronous I/O (the runner compares like for like).
const PG18_LIKE_17 = 'embedded: 18\n    checksums: false\n    settings: {io_method: sync}';

const selectOnly = (id, targets, {clients = 1, duration = '1s', repeat = 2} = {}) => `id: ${id}
targets:
${Object.entries(targets)
  .map(([target, line]) => `  - id: ${target}\n    ${line}`)
  .join('\n')}
workloads:
  - id: ro
    builtin: select-only
scenarios:
  - id: s
    scale: 1
    clients: ${clients}
    duration: ${duration}
repeat: ${repeat}
`;

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

    const resumed = await bench([suite, '--out', out, '--resume'], {FAULT_EXT_URL: externalUrl});
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
    const resumed = await bench([suite, '--out', out, '--resume'], {FAULT_EXT_URL: externalUrl});
    assert.equal(resumed.status, 0, resumed.stderr);
    assertFinished(result, readResult(out), 4);
  });
});

/** The postmaster of a run's embedded server whose data folder has this prefix (not the external one); its pid. */
const postmaster = (prefix) =>
  pids(`bin/postgres -D ${path.join(TMP, prefix)}`).find(
    (pid) => !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(external.baseDir),
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

test('pgbench killed mid-cell fails its cell; --resume without pgbench on PATH says so, changes nothing', async () => {
  const {dir, suite, out} = tempSuite(selectOnly('pgbench-killed', {pg17: 'embedded: 17'}, {duration: '3s'}));
  let result;
  await fault('pgbench killed (SIGKILL) mid-cell', async () => {
    const {done} = startBench([suite, '--out', out]);
    const [victim] = await until(() => {
      const found = pids('pgbench .*-T 3 ');
      return found.length > 0 && found;
    }, 'a measured pgbench run');
    process.kill(victim, 'SIGKILL');
    const run = await done;
    assert.equal(run.status, 3, run.stderr);
    result = readResult(out);
    assert.deepEqual(resultProblems(result), []);
    assert.deepEqual(
      result.cells.map((c) => [c.status, c.error?.message ?? null]),
      [
        ['failed', 'pgbench was killed by SIGKILL before it finished: nothing was measured.'],
        ['ok', null],
      ],
    );
  });
  await fault('pgbench missing from PATH', async () => {
    // A PATH with psql and no pgbench.
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(spawnSync('which', ['psql'], {encoding: 'utf8'}).stdout.trim(), path.join(bin, 'psql'));
    const before = readFileSync(resultFile(out));
    const missing = await bench([suite, '--out', out, '--resume'], {PATH: bin});
    assert.equal(missing.status, 1, missing.stderr);
    assert.match(missing.stderr, /pgbench is not on PATH.*apt-get install postgresql/s);
    assert.deepEqual(readFileSync(resultFile(out)), before, 'the result file changed');
    assert.deepEqual(readdirSync(out), [path.basename(resultFile(out))], 'a lock or temporary file was left');
    const fresh = path.join(dir, 'fresh');
    assert.equal((await bench([suite, '--out', fresh], {PATH: bin})).status, 1);
    assert.ok(!existsSync(fresh), 'a run without pgbench made its folder');

    const resumed = await bench([suite, '--out', out, '--resume']);
    assert.equal(resumed.status, 0, resumed.stderr);
    assertFinished(result, readResult(out), 2);
  });
});

/** Fills the file system that holds `dir`: a file as large as it can take. */
function fill(dir) {
  const file = path.join(dir, 'filler');
  const {bavail, bsize} = statfsSync(dir);
  try {
    writeFileSync(file, Buffer.alloc(bavail * bsize));
  } catch (error) {
    if (error.code !== 'ENOSPC') throw error;
  }
  return file;
}

for (const [name, code, breakDisk, mendDisk] of [
  ['results folder full', 'ENOSPC', fill, (_out, filler) => rmSync(filler)],
  ['results folder read-only', 'EROFS', (out) => remountReadOnly(out), (out) => remountReadOnly(out, false)],
]) {
  test(`${name} when the result is written: a clear error, the file as it was, no partial file, resumed`, async (t) => {
    const {suite, out} = tempSuite(selectOnly('disk', {pg17: 'embedded: 17'}));
    mkdirSync(out);
    const unmount = mountTinyDisk(out, '2m');
    if (!unmount) return t.skip('mounting a tmpfs needs root');
    t.after(unmount);
    await fault(name, async () => {
      const {done} = startBench([suite, '--out', out]);
      await until(() => resultFile(out) && readResult(out).cells.length >= 1, 'the first cell');
      const before = readFileSync(resultFile(out), 'utf8');
      const broken = breakDisk(out);
      const run = await done;
      assert.equal(run.status, 1, run.stderr);
      const message = new RegExp(
        `could not be written \\(${code}\\): .*The run stopped\\. Everything measured so far \\((\\d+) cells\\) ` +
          'is in (\\S+): once \\S+ can be written, move it to (\\S+) and finish the run with --resume\\.',
      );
      const [, rescuedCells, rescue, file] = message.exec(run.stderr) ?? assert.fail(run.stderr);
      assert.equal(file, resultFile(out));
      assert.equal(readFileSync(file, 'utf8'), before, 'the file as it was before the fault changed');
      assert.deepEqual(
        readdirSync(out).filter((f) => f.endsWith('.new')),
        [],
        'a partial file was left',
      );
      const rescued = JSON.parse(readFileSync(rescue, 'utf8'));
      assert.deepEqual(resultProblems(rescued), []);
      assert.equal(rescued.cells.length, Number(rescuedCells));
      assert.ok(rescued.cells.length > JSON.parse(before).cells.length, 'the cell measured at the fault was lost');

      mendDisk(out, broken);
      // As the error says: move it (to another file system: copy, then remove).
      copyFileSync(rescue, file);
      rmSync(rescue);
      const resumed = await bench([suite, '--out', out, '--resume']);
      assert.equal(resumed.status, 0, resumed.stderr);
      assertFinished(rescued, readResult(out), 2);
    });
  });
}

test('Ctrl-C during an instructions cell under Valgrind: interrupted, nothing left running, resumed', async () => {
  await fault('SIGINT during an instructions cell (Valgrind)', async () => {
    const {suite, out} = tempSuite(`id: instructions-interrupted
measures: [instructions]
instructions:
  transactions: 40
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: tpcb
    builtin: tpcb-like
scenarios:
  - id: s
    scale: 1
    clients: 1
repeat: 2
`);
    const {child, done} = startBench([suite, '--measure', 'instructions', '--out', out]);
    // The second cell's shorter run: the first cell is then in the file.
    await until(() => resultFile(out) && readResult(out).cells.length === 1, 'the first cell', 240_000);
    const shorter = `pgbench -n .*-t 20 .*--random-seed=${cellSeeds(2).short} `;
    await until(() => pids(shorter).length > 0, "the second cell's shorter run", 240_000);
    process.kill(-child.pid, 'SIGINT');
    const run = await done;
    assert.equal(run.status, 130, run.stderr);
    assert.match(run.stderr, /interrupted \(SIGINT\) with 1 of 2 cells done; .*Finish it with --resume\./);
    const result = readResult(out);
    assert.deepEqual(resultProblems(result), []);
    assert.equal(result.run.finishedAt, null);
    await until(() => leftovers('bench-pg17-').length === 0, 'no server or Valgrind left', 30_000);

    const resumed = await bench([suite, '--measure', 'instructions', '--out', out, '--resume']);
    assert.equal(resumed.status, 0, resumed.stderr);
    const final = readResult(out);
    assertFinished(result, final, 2);
    assert.deepEqual(final.profiles[0].cells, ['pg17/tpcb/s/c1/r1', 'pg17/tpcb/s/c1/r2']);
  });
});

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
      [1, 2].map(() => bench([suite, '--out', other, '--resume'], {FAULT_EXT_URL: externalUrl})),
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

test('fault table: every fault tried was survived with nothing lost', () => {
  const width = Math.max(...outcomes.map((o) => o.fault.length));
  const lines = outcomes.map((o) => `${o.fault.padEnd(width)}  ${o.survived ? 'survived, nothing lost' : 'FAILED'}`);
  const survived = outcomes.filter((o) => o.survived).length;
  console.log(`${lines.join('\n')}\nfaults tried: ${outcomes.length}; survived with nothing lost: ${survived}`);
  // Without root no tmpfs can be mounted: the full and read-only folder are not tried.
  assert.equal(outcomes.length, process.getuid() === 0 ? 9 : 7);
  assert.equal(survived, outcomes.length);
});
