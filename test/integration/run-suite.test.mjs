// The runner end to end, on real PostgreSQL servers and the real pgbench:
// a tiny suite against two servers, and a run killed with kill -9 then resumed.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {ownTmp} from './own-tmp.mjs';

const BENCH = new URL('../../scripts/bench.mjs', import.meta.url).pathname;
const TMP = ownTmp('run-suite');
const PASSWORD = 'Pw-7f3a9c-never-printed';

/** The bench command line, awaited (the test's own timers keep running meanwhile). */
function runBench(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BENCH, 'run', ...args], {env: {...process.env, ...env}});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({status, stdout, stderr}));
  });
}

// 18 as 15-17 run, without data checksums and with synchronous I/O: the runner compares like for like.
const PG18_LIKE_17 = 'embedded: 18\n    checksums: false\n    settings: {io_method: sync}';

/** A suite of one cell on an embedded 17 (select-only, 1 client, 1 s), `repeat` times. */
const oneClientSuite = (id, repeat) => `id: ${id}
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: ro
    builtin: select-only
scenarios:
  - id: s
    scale: 1
    clients: 1
    duration: 1s
repeat: ${repeat}
`;

function tempSuite(yaml) {
  const dir = mkdtempSync(path.join(tmpdir(), 'runner-test-'));
  writeFileSync(path.join(dir, 'suite.yaml'), yaml);
  return {dir, suite: path.join(dir, 'suite.yaml'), out: path.join(dir, 'results')};
}

/** PostgreSQL servers (processes named postgres) running on a data directory of ours. */
const leftoverServers = (prefix) =>
  spawnSync('pgrep', ['-a', '-x', 'postgres'], {encoding: 'utf8'})
    .stdout.split('\n')
    .filter((l) => l.includes(path.join(TMP, prefix)));

/** A PostgreSQL 18 that asks for a password over TCP: an "external" server. */
async function passwordServer() {
  const server = await startServer({major: 18});
  const psql = (sql, env = {}) =>
    execFileSync(
      'psql',
      ['-X', '-h', server.host, '-p', String(server.port), '-U', server.user, '-d', server.database, '-c', sql],
      {
        env: {...process.env, ...env},
        stdio: 'pipe',
      },
    );
  psql(`ALTER ROLE ${server.user} PASSWORD '${PASSWORD}'`);
  // A password that is also a number of pgbench's output: it must change no figure.
  psql("CREATE ROLE short LOGIN SUPERUSER PASSWORD '1'");
  const hba = path.join(server.baseDir, 'data', 'pg_hba.conf');
  const {uid, gid} = statSync(hba);
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n');
  chownSync(hba, uid, gid);
  psql('SELECT pg_reload_conf()');
  // From now on, TCP needs the password.
  assert.throws(() => psql('SELECT 1'));
  const base = `127.0.0.1:${server.port}/${server.database}`;
  return {
    server,
    url: `postgres://${server.user}@${base}?password=${PASSWORD}`,
    shortUrl: `postgres://short:1@${base}`,
  };
}

/** Every command line on the machine that shows `text`, watched until stop() (what ps shows anyone). */
function watchCommandLines(text) {
  const seen = [];
  const timer = setInterval(() => {
    const ps = spawnSync('ps', ['-eo', 'args'], {encoding: 'utf8'}).stdout;
    seen.push(...ps.split('\n').filter((l) => l.includes(text)));
  }, 50);
  return () => {
    clearInterval(timer);
    return seen;
  };
}

test('a tiny suite on an embedded 17 and an external 18: valid, both versions, no password anywhere', async (t) => {
  const {server, url, shortUrl} = await passwordServer();
  t.after(() => server.stop());
  const {suite, out} = tempSuite(`id: tiny
targets:
  - id: pg17
    embedded: 17
  - id: external
    url: env:BENCH_TEST_URL
    differs: [data_checksums, io_method]
  - id: short
    url: env:BENCH_SHORT_URL
    differs: [data_checksums, io_method]
workloads:
  - id: ro
    builtin: select-only
scenarios:
  - id: s
    scale: 1
    clients: 2
    duration: 2s
    log: true
repeat: 2
`);
  const stopWatching = watchCommandLines(PASSWORD);
  const run = await runBench([suite, '--out', out], {BENCH_TEST_URL: url, BENCH_SHORT_URL: shortUrl});
  assert.deepEqual(stopWatching(), [], 'the password shows in a command line');
  assert.equal(run.status, 0, run.stderr);
  const [file] = readdirSync(out);
  const text = readFileSync(path.join(out, file), 'utf8');
  const result = JSON.parse(text);
  assert.deepEqual(resultProblems(result), []);
  assert.ok(result.cells.every((c) => c.status === 'ok'));
  assert.deepEqual(
    result.cells.map((c) => [c.round, c.position]),
    [1, 1, 1, 2, 2, 2].map((round, i) => [round, (i % 3) + 1]),
    'every target once per round',
  );
  assert.deepEqual(
    result.cells.map((c) => c.id).sort(),
    ['external', 'pg17', 'short'].flatMap((t) => [`${t}/ro/s/c2/r1`, `${t}/ro/s/c2/r2`]),
  );
  // Password "1": figures parsed from the real output (the stored text is redacted where "1" stands alone).
  const short = result.cells.filter((c) => c.target === 'short');
  assert.ok(short.every((c) => c.summary.clients === 2 && c.summary.pgbenchVersion && c.summary.tps > 0));
  const versions = Object.fromEntries(result.environment.targets.map((x) => [x.id, x.serverVersion]));
  assert.match(versions.pg17, /^17\./);
  assert.match(versions.external, /^18\./);
  // 18 at its defaults beside 17, declared so; and how each server was built, from pg_config.
  const described = Object.fromEntries(result.environment.targets.map((x) => [x.id, x]));
  assert.deepEqual(described.external.differs, ['data_checksums', 'io_method']);
  assert.equal(described.pg17.differs, undefined);
  assert.deepEqual(
    [described.pg17.keySettings.data_checksums, described.external.keySettings.data_checksums],
    ['off', 'on'],
  );
  for (const id of ['pg17', 'external']) {
    assert.match(described[id].build.cflags, /(^| )-Os( |$)/, 'the embedded builds are -Os');
    assert.equal(described[id].build.jit, false, 'built without LLVM');
  }
  assert.ok(result.cells.every((c) => c.log.kind === 'transactions' && c.log.transactions === c.summary.processed));
  assert.ok(result.cells.every((c) => c.summary.progress.length >= 1));
  for (const [what, content] of [
    ['the result file', text],
    ['stdout', run.stdout],
    ['stderr', run.stderr],
  ]) {
    assert.ok(!content.includes(PASSWORD), `the password appears in ${what}`);
  }
  assert.ok(result.run.commands.some((c) => c.includes(`postgres://bench@127.0.0.1:${server.port}/postgres `)));
  assert.ok(!result.run.commands.some((c) => /password/.test(c)));
  assert.deepEqual(leftoverServers('bench-pg17-'), []);
});

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
  while (leftoverServers('bench-pg1').length > 0 && Date.now() < stopBy) await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(leftoverServers('bench-pg1'), []);

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
  assert.deepEqual(leftoverServers('bench-pg1'), []);
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

test('two shards started together write two files, each with whole comparison groups, and merge', async () => {
  const {suite, out} = tempSuite(oneClientSuite('sharded', 2).replace('clients: 1', 'clients: [1, 2]'));
  const [a, b] = await Promise.all([
    runBench([suite, '--out', out, '--shard', '1/2']),
    runBench([suite, '--out', out, '--shard', '2/2']),
  ]);
  assert.equal(a.status, 0, a.stderr);
  assert.equal(b.status, 0, b.stderr);
  // By shard, not by name: the two may start in different seconds.
  const shardOf = (f) => /-shard(\d)of2\.json$/.exec(f)?.[1];
  const files = readdirSync(out).sort((x, y) => shardOf(x) - shardOf(y));
  assert.equal(files.length, 2, files.join(', '));
  assert.match(files[0], /^sharded-\d{8}T\d{6}Z-shard1of2\.json$/);
  assert.match(files[1], /^sharded-\d{8}T\d{6}Z-shard2of2\.json$/);
  const cells = files.map((f) => JSON.parse(readFileSync(path.join(out, f), 'utf8')).cells.map((c) => c.id));
  assert.deepEqual(cells, [
    ['pg17/ro/s/c1/r1', 'pg17/ro/s/c1/r2'],
    ['pg17/ro/s/c2/r1', 'pg17/ro/s/c2/r2'],
  ]);
  const merged = path.join(out, 'merged.json');
  const merge = spawnSync(process.execPath, [BENCH, 'merge', ...files.map((f) => path.join(out, f)), '--out', merged], {
    encoding: 'utf8',
  });
  assert.equal(merge.status, 0, merge.stderr);
  assert.equal(JSON.parse(readFileSync(merged, 'utf8')).cells.length, 4);
});

/** The data directories of our PostgreSQL servers running now (postmasters only, not their children). */
const runningDataDirs = () =>
  spawnSync('ps', ['-eo', 'args'], {encoding: 'utf8'})
    .stdout.split('\n')
    .map((l) => /\/bin\/postgres -D (\S+)/.exec(l)?.[1])
    .filter((dir) => dir?.startsWith(path.join(TMP, 'bench-pg')));

test('interleaved rounds on two servers: one up at a time, data kept, warm-up and CHECKPOINT before each', async () => {
  const {suite, out} = tempSuite(`id: interleaved
targets:
  - id: pg17
    embedded: 17
  - id: pg18
    ${PG18_LIKE_17}
workloads:
  - id: rw
    builtin: tpcb-like
scenarios:
  - id: s
    scale: 1
    clients: 1
    duration: 1s
    warmup: 2s
repeat: 2
`);
  const most = [];
  const timer = setInterval(() => most.push(new Set(runningDataDirs()).size), 20);
  const run = await runBench([suite, '--out', out, '--seed', '11']);
  clearInterval(timer);
  assert.equal(run.status, 0, run.stderr);
  assert.ok(
    most.some((n) => n === 1),
    'the watcher never saw a server',
  );
  assert.equal(Math.max(...most), 1, 'two servers ran at the same time');
  const [file] = readdirSync(out);
  const result = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  assert.deepEqual(result.run.design, {
    order: 'interleaved-rounds',
    seed: 11,
    checkpointBeforeEach: true,
    margin: 0.03,
    published: false,
  });
  const dry = spawnSync(process.execPath, [BENCH, 'run', suite, '--seed', '11', '--dry-run'], {encoding: 'utf8'});
  const planned = [...dry.stdout.matchAll(/^# (\S+): round (\d), position (\d)$/gm)].map((m) => [
    m[1],
    Number(m[2]),
    Number(m[3]),
  ]);
  assert.deepEqual(
    result.cells.map((c) => [c.id, c.round, c.position]),
    planned,
    'the run kept the order --dry-run printed for its seed',
  );
  const inits = result.preparations.filter((p) => p.kind === 'init').map((p) => p.target);
  assert.deepEqual(inits.sort(), ['pg17', 'pg18'], 'each server was initialized once: its data stayed');
  assert.equal(result.preparations.filter((p) => p.kind === 'warmup').length, 4);
  // Every measured run comes right after its warm-up and a CHECKPOINT on the same server.
  const commands = result.run.commands;
  let at = -1;
  for (const cell of result.cells) {
    at = commands.indexOf(cell.command, at + 1);
    assert.match(commands[at - 1], / -c CHECKPOINT$/);
    assert.match(commands[at - 2], /^pgbench -c 1 -j 1 -T 2 /);
  }
  assert.ok(commands.filter((c) => /pg_ctl .* stop$/.test(c)).length >= 2, 'no server was stopped between rounds');
  assert.ok(result.environment.targets.every((t) => t.keySettings.fsync === 'on' && t.storage.filesystem));
  assert.deepEqual(runningDataDirs(), []);
});

/** Waits until a process whose command line matches `pattern` runs; its pid. */
async function waitForProcess(pattern, deadlineMs = 60_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    const found = spawnSync('pgrep', ['-f', pattern], {encoding: 'utf8'}).stdout.trim();
    if (found) return Number(found.split('\n')[0]);
    await new Promise((r) => setTimeout(r, 10));
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
    await waitForProcess(pattern);
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
    assert.deepEqual(leftoverServers('bench-pg17-'), []);
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
  const env = {...process.env, BENCH_EXTERNAL_URL: `postgres://bench@127.0.0.1:${server.port}/postgres`};
  const runner = spawn(process.execPath, [BENCH, 'run', suite, '--out', out], {detached: true, stdio: 'ignore', env});
  await waitForProcess(`pgbench .*-T 60 .*${server.port}`);
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

test('targets not like for like: refused before anything runs, or failed once the server says so', async (t) => {
  // The suite alone shows it: 18's initdb turns checksums on and its I/O goes through workers.
  const {suite, out} = tempSuite(
    oneClientSuite('unlike', 1).replace('targets:', 'targets:\n  - id: pg18\n    embedded: 18'),
  );
  const refused = await runBench([suite, '--out', out]);
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /not be compared like for like/);
  assert.match(refused.stderr, /data_checksums differs \(pg17 off, pg18 on\)/);
  assert.match(refused.stderr, /io_method differs \(pg17 sync, pg18 worker\)/);
  assert.ok(!existsSync(out), 'nothing was written');
  // An external server's settings are known once it answers: that target fails, the others are measured.
  const server = await startServer({major: 18});
  t.after(() => server.stop());
  const external = tempSuite(
    oneClientSuite('unlike-external', 1).replace('targets:', 'targets:\n  - id: ext\n    url: env:BENCH_UNLIKE_URL'),
  );
  const url = `postgres://${server.user}@${server.host}:${server.port}/${server.database}`;
  const run = await runBench([external.suite, '--out', external.out], {BENCH_UNLIKE_URL: url});
  assert.equal(run.status, 3, run.stderr);
  const result = JSON.parse(readFileSync(path.join(external.out, readdirSync(external.out)[0]), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  const ext = result.environment.targets.find((x) => x.id === 'ext');
  assert.match(ext.error.message, /not like for like: in s\/ro\/c1, data_checksums differs/);
  assert.deepEqual(result.cells.map((c) => [c.target, c.status]).sort(), [
    ['ext', 'failed'],
    ['pg17', 'ok'],
  ]);
});

test('a script workload: the script pgbench ran is kept in the result, apart from the EXPLAIN query', async () => {
  const {dir, suite, out} = tempSuite(`id: scripted
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: count
    script: count.sql
    setup: setup.sql
    explain: [rows.sql]
scenarios:
  - id: s
    clients: 1
    duration: 1s
repeat: 1
`);
  writeFileSync(path.join(dir, 'setup.sql'), 'CREATE TABLE t AS SELECT g FROM generate_series(1, 100) g;\n');
  writeFileSync(path.join(dir, 'count.sql'), 'SELECT count(*) FROM t WHERE g < 50;\n');
  writeFileSync(path.join(dir, 'rows.sql'), 'SELECT * FROM t WHERE g < 50;\n');
  const run = await runBench([suite, '--out', out]);
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(readFileSync(path.join(out, readdirSync(out)[0]), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  assert.deepEqual(result.scripts, [
    {workload: 'count', file: 'count.sql', sql: 'SELECT count(*) FROM t WHERE g < 50;\n'},
  ]);
  assert.deepEqual(
    result.plans.map((p) => [p.query, p.sql.trim()]),
    [['rows.sql', 'SELECT * FROM t WHERE g < 50']],
  );
  // Changing the suite's file afterwards changes nothing the result says.
  writeFileSync(path.join(dir, 'count.sql'), 'SELECT 1;\n');
  assert.match(JSON.stringify(result.scripts), /count\(\*\)/);
  assert.equal(result.cells[0].status, 'ok');
});
