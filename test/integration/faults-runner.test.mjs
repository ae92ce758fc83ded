// Faults of the runner's own world, injected into real runs (real PostgreSQL,
// pgbench, Valgrind, mounts): pgbench killed mid-cell or missing from PATH,
// the results folder full or read-only when the result is written, Ctrl-C
// during a cell under Valgrind. For each, nothing already measured is lost,
// the result validates, the message names the cause, and --resume finishes
// what is left. The last test prints the table: faults tried, faults survived
// with nothing lost (without root no tmpfs can be mounted: the full and
// read-only folder are not tried).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {cellSeeds} from '../../scripts/runner/instruction-commands.mjs';
import {COUNTED} from '../../lib/cachegrind/read-callgrind.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {mountTinyDisk, remountReadOnly} from '../helpers/tiny-disk.mjs';
import {assertFinished, faultFile, pids, readResult, resultFile, selectOnly, tempSuite, until} from './fault-kit.mjs';

const {startBench, bench, leftovers, fault, faultTable} = faultFile('faults-runner');

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
    const {suite, out} = tempSuite(selectOnly('disk', {pg17: 'embedded: 17'}, {repeat: 3}));
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
      assertFinished(rescued, readResult(out), 3);
    });
  });
}

// On PostgreSQL 18 (the instructions A/A test runs 17), as 15-17 run: its I/O workers would each start under
// Valgrind too, and add a third to the test's time.
test('Ctrl-C during an instructions cell under Valgrind: interrupted, nothing left running, resumed', async () => {
  await fault('SIGINT during an instructions cell (Valgrind)', async () => {
    const {suite, out} = tempSuite(`id: instructions-interrupted
measures: [instructions]
instructions:
  transactions: 40
targets:
  - id: pg18
    embedded: 18
    checksums: false
    settings: {io_method: sync}
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
    await until(() => leftovers('bench-pg18-').length === 0, 'no server or Valgrind left', 30_000);

    const resumed = await bench([suite, '--measure', 'instructions', '--out', out, '--resume']);
    assert.equal(resumed.status, 0, resumed.stderr);
    const final = readResult(out);
    assertFinished(result, final, 2);
    assert.deepEqual(final.profiles[0].cells, ['pg18/tpcb/s/c1/r1', 'pg18/tpcb/s/c1/r2']);
    // What every cell of 18 counted, as the A/A test checks it of 17's: the backends of pgbench's first
    // connection and its client, inside PostgresMain, a TPC-B-like transaction's few hundred thousand
    // instructions, and the other processes on their own line.
    for (const cell of final.cells) {
      const {perTransaction, runs, counted} = cell.instructions;
      assert.equal(counted, COUNTED);
      assert.deepEqual(
        runs.map((r) => [r.transactionsPerClient, r.backends]),
        [
          [20, 2],
          [40, 2],
        ],
      );
      assert.ok(perTransaction > 100_000 && perTransaction < 5_000_000, String(perTransaction));
      for (const r of runs) {
        assert.deepEqual(Object.keys(r.otherProcesses.byType).sort(), [
          'background writer',
          'checkpointer',
          'walwriter',
        ]);
      }
    }
  });
});

faultTable(process.getuid() === 0 ? 5 : 3);
