// The runner end to end, on real PostgreSQL servers and the real pgbench: runs
// stopped before their end. Killed with kill -9, its guard stops the server and
// --resume finishes it in the order it started; Ctrl-C during initdb, pg_ctl
// start or a cell on an external server stops it as interrupted, leaving
// nothing behind, and it resumes. (Other faults: faults-*.test.mjs.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {ownTmp} from './own-tmp.mjs';
import {BENCH, leftoverServers, oneClientSuite, PG18_LIKE_17, tempSuite} from './run-kit.mjs';

const TMP = ownTmp('run-interrupted');

test('a run killed with kill -9 leaves no server behind; --resume keeps order and --only, redoes no cell', async () => {
  const {suite, out} = tempSuite(
    oneClientSuite('resumable', 3).replace(
      '    embedded: 17\n',
      `    embedded: 17\n  - id: pg18\n    ${PG18_LIKE_17}\n`,
    ),
  );
  // Started on part of the matrix: --resume finishes that part, not the whole suite.
  const only = ['--only', 'repeat=1,repeat=2'];
  const runner = spawn(process.execPath, [BENCH, 'run', suite, '--out', out, ...only], {stdio: 'ignore'});
  const runnerTemp = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`bench-run-${runner.pid}-`));
  const resultFile = () =>
    existsSync(out)
      ? readdirSync(out)
          .filter((f) => f.endsWith('.json'))
          .map((f) => path.join(out, f))[0]
      : undefined;
  const cellsSoFar = () => (resultFile() ? JSON.parse(readFileSync(resultFile(), 'utf8')).cells.length : 0);
  const deadline = Date.now() + 60_000;
  while (cellsSoFar() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  runner.kill('SIGKILL');
  await new Promise((r) => runner.once('exit', r));
  assert.equal(runnerTemp().length, 1, 'the killed runner left its temporary folder');
  const interrupted = JSON.parse(readFileSync(resultFile(), 'utf8'));
  assert.ok(
    interrupted.cells.length >= 2 && interrupted.cells.length < 4,
    `${interrupted.cells.length} cells before the kill`,
  );
  assert.equal(interrupted.run.finishedAt, null);

  // The guard notices within a second that the runner is gone and stops the server.
  const stopBy = Date.now() + 15_000;
  while (leftoverServers(TMP, 'bench-pg1').length > 0 && Date.now() < stopBy)
    await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(leftoverServers(TMP, 'bench-pg1'), []);

  const resumed = spawnSync(process.execPath, [BENCH, 'run', suite, '--out', out, '--resume'], {encoding: 'utf8'});
  assert.equal(resumed.status, 0, resumed.stderr);
  assert.match(resumed.stderr, new RegExp(`4 cells, ${interrupted.cells.length} already done \\(resuming\\)`));
  assert.deepEqual(runnerTemp(), [], 'the next run removes the temporary folder of the killed one');
  const final = JSON.parse(readFileSync(resultFile(), 'utf8'));
  assert.deepEqual(resultProblems(final), []);
  // The resumed run kept the order of the seed it started with: the order --dry-run prints for that seed.
  const {seed} = interrupted.run.design;
  assert.equal(final.run.design.seed, seed);
  const dry = spawnSync(process.execPath, [BENCH, 'run', suite, ...only, '--seed', String(seed), '--dry-run'], {
    encoding: 'utf8',
  });
  assert.deepEqual(
    final.cells.map((c) => `# ${c.id}: round ${c.round}, position ${c.position}`),
    dry.stdout.split('\n').filter((l) => / round \d, position \d$/.test(l)),
  );
  // The cells finished before the kill were kept as they were.
  assert.deepEqual(final.cells.slice(0, interrupted.cells.length), interrupted.cells);
  assert.notEqual(final.run.finishedAt, null);
  assert.deepEqual(leftoverServers(TMP, 'bench-pg1'), []);
});

test('--resume with nothing to resume says so', () => {
  const {suite, out} = tempSuite(
    'id: none\ntargets: [{id: a, embedded: 17}]\nworkloads: [{id: w, builtin: select-only}]\nscenarios: [{id: s, ' +
      'scale: 1, clients: 1, duration: 1s}]\n',
  );
  const run = spawnSync(process.execPath, [BENCH, 'run', suite, '--out', out, '--resume'], {encoding: 'utf8'});
  assert.equal(run.status, 1);
  assert.match(run.stderr, /Nothing to resume: no run of suite none in \S+ is unfinished or has failed cells/);
});

/**
 * Waits until a process whose command line matches `pattern` runs; its pid. Read from /proc in this process,
 * not by starting pgrep: pg_ctl start lasts a few hundred milliseconds, and beside the tier's other files a
 * pgrep each 10 ms took long enough to miss it. Stops at once, with what it said, if `runner` ended first.
 */
async function waitForProcess(pattern, runner, stderr, deadlineMs = 60_000) {
  const matches = new RegExp(pattern);
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (runner.exitCode !== null || runner.signalCode !== null) {
      throw new Error(`the run ended (${runner.exitCode ?? runner.signalCode}) before ${pattern}:\n${stderr()}`);
    }
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let line = '';
      try {
        line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        continue; // ended meanwhile
      }
      if (matches.test(line)) return Number(pid);
    }
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`no process matching ${pattern} started`);
}

for (const [step, pattern] of [
  ['initdb', `bin/initdb -D ${TMP}/bench-pg17-`],
  ['pg_ctl start', `bin/pg_ctl -D ${TMP}/bench-pg17-.* start`],
]) {
  test(`Ctrl-C during ${step}: the run stops as interrupted, leaves nothing behind, and resumes`, async () => {
    const {suite, out} = tempSuite(oneClientSuite('interrupted', 2));
    // Its own process group, as a terminal's foreground job: Ctrl-C signals the whole group.
    const runner = spawn(process.execPath, [BENCH, 'run', suite, '--out', out], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    runner.stderr.on('data', (d) => (stderr += d));
    await waitForProcess(pattern, runner, () => stderr);
    process.kill(-runner.pid, 'SIGINT');
    const code = await new Promise((r) => runner.once('exit', (c) => r(c)));
    assert.equal(code, 130, stderr);
    assert.match(
      stderr,
      /interrupted \(SIGINT\) with 0 of 2 cells done; the result is saved unfinished: .*Finish it with --resume\./,
    );
    const [file, ...others] = readdirSync(out);
    assert.deepEqual(others, [], 'no lock file is left');
    const saved = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
    assert.deepEqual(saved.cells, [], 'no cell is recorded as failed');
    assert.equal(saved.run.finishedAt, null);
    assert.deepEqual(leftoverServers(TMP, 'bench-pg17-'), []);
    assert.deepEqual(
      readdirSync(tmpdir()).filter((f) => f.startsWith(`bench-run-${runner.pid}-`)),
      [],
    );

    const resumed = spawnSync(process.execPath, [BENCH, 'run', suite, '--out', out, '--resume'], {encoding: 'utf8'});
    assert.equal(resumed.status, 0, resumed.stderr);
    const final = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
    assert.deepEqual(
      final.cells.map((c) => c.status),
      ['ok', 'ok'],
    );
    assert.notEqual(final.run.finishedAt, null);
  });
}

test('Ctrl-C during a cell on an external server: interrupted, no temporary folder left', async (t) => {
  const server = await startServer({major: 17});
  t.after(() => server.stop());
  const {suite, out} = tempSuite(
    oneClientSuite('external-interrupted', 1)
      .replace('embedded: 17', 'url: env:BENCH_EXTERNAL_URL')
      .replace('duration: 1s', 'duration: 60s'),
  );
  const env = {...process.env, BENCH_EXTERNAL_URL: server.url()};
  const runner = spawn(process.execPath, [BENCH, 'run', suite, '--out', out], {detached: true, stdio: 'ignore', env});
  await waitForProcess(`pgbench .*-T 60 .*${server.port}`, runner, () => '(its output is not kept)');
  process.kill(-runner.pid, 'SIGINT');
  assert.equal(await new Promise((r) => runner.once('exit', (c) => r(c))), 130);
  assert.deepEqual(
    readdirSync(tmpdir()).filter((f) => f.startsWith(`bench-run-${runner.pid}-`)),
    [],
  );
  const [file] = readdirSync(out);
  const saved = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  assert.deepEqual([saved.cells, saved.run.finishedAt], [[], null]);
});
