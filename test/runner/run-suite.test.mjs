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

const BENCH = new URL('../../scripts/bench.mjs', import.meta.url).pathname;
const PASSWORD = 'Pw-7f3a9c-never-printed';

function tempSuite(yaml) {
  const dir = mkdtempSync(path.join(tmpdir(), 'runner-test-'));
  writeFileSync(path.join(dir, 'suite.yaml'), yaml);
  return {dir, suite: path.join(dir, 'suite.yaml'), out: path.join(dir, 'results')};
}

/** PostgreSQL servers (processes named postgres) running on a data directory of ours. */
const leftoverServers = (prefix) =>
  spawnSync('pgrep', ['-a', '-x', 'postgres'], {encoding: 'utf8'}).stdout.split('\n').filter((l) => l.includes(prefix));

/** A PostgreSQL 18 that asks for a password over TCP: an "external" server. */
async function passwordServer() {
  const server = await startServer({major: 18});
  const psql = (sql, env = {}) =>
    execFileSync('psql', ['-X', '-h', server.host, '-p', String(server.port), '-U', server.user, '-d', server.database, '-c', sql], {
      env: {...process.env, ...env},
      stdio: 'pipe',
    });
  psql(`ALTER ROLE ${server.user} PASSWORD '${PASSWORD}'`);
  const hba = path.join(server.baseDir, 'data', 'pg_hba.conf');
  const {uid, gid} = statSync(hba);
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n');
  chownSync(hba, uid, gid);
  psql('SELECT pg_reload_conf()');
  // From now on, TCP needs the password.
  assert.throws(() => psql('SELECT 1'));
  return {server, url: `postgres://${server.user}:${PASSWORD}@127.0.0.1:${server.port}/${server.database}`};
}

test('a tiny suite against an embedded 17 and an external 18: valid, both versions, no password anywhere', async (t) => {
  const {server, url} = await passwordServer();
  t.after(() => server.stop());
  const {suite, out} = tempSuite(`id: tiny
targets:
  - id: pg17
    embedded: 17
  - id: external
    url: env:BENCH_TEST_URL
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
  const run = spawnSync(process.execPath, [BENCH, 'run', suite, '--out', out], {encoding: 'utf8', env: {...process.env, BENCH_TEST_URL: url}});
  assert.equal(run.status, 0, run.stderr);
  const [file] = readdirSync(out);
  const text = readFileSync(path.join(out, file), 'utf8');
  const result = JSON.parse(text);
  assert.deepEqual(resultProblems(result), []);
  assert.deepEqual(result.cells.map((c) => [c.id, c.status]), [
    ['pg17/ro/s/c2/r1', 'ok'], ['pg17/ro/s/c2/r2', 'ok'], ['external/ro/s/c2/r1', 'ok'], ['external/ro/s/c2/r2', 'ok'],
  ]);
  const versions = Object.fromEntries(result.environment.targets.map((x) => [x.id, x.serverVersion]));
  assert.match(versions.pg17, /^17\./);
  assert.match(versions.external, /^18\./);
  assert.ok(result.cells.every((c) => c.log.kind === 'transactions' && c.log.transactions === c.summary.processed));
  assert.ok(result.cells.every((c) => c.summary.progress.length >= 1));
  for (const [what, content] of [['the result file', text], ['stdout', run.stdout], ['stderr', run.stderr]]) {
    assert.ok(!content.includes(PASSWORD), `the password appears in ${what}`);
  }
  assert.ok(result.run.commands.some((c) => c.includes(`postgres://bench@127.0.0.1:${server.port}/postgres`)));
  assert.deepEqual(leftoverServers('bench-pg17-'), []);
});

test('a run killed with kill -9 leaves no server behind, and --resume finishes it without redoing cells', async () => {
  const {suite, out} = tempSuite(`id: resumable
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
repeat: 5
`);
  const runner = spawn(process.execPath, [BENCH, 'run', suite, '--out', out], {stdio: 'ignore'});
  const resultFile = () => (existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.json')).map((f) => path.join(out, f))[0] : undefined);
  const cellsSoFar = () => (resultFile() ? JSON.parse(readFileSync(resultFile(), 'utf8')).cells.length : 0);
  const deadline = Date.now() + 60_000;
  while (cellsSoFar() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  runner.kill('SIGKILL');
  await new Promise((r) => runner.once('exit', r));
  const interrupted = JSON.parse(readFileSync(resultFile(), 'utf8'));
  assert.ok(interrupted.cells.length >= 2 && interrupted.cells.length < 5, `${interrupted.cells.length} cells before the kill`);
  assert.equal(interrupted.run.finishedAt, null);

  // The guard notices within a second that the runner is gone and stops the server.
  const stopBy = Date.now() + 15_000;
  while (leftoverServers('bench-pg17-').length > 0 && Date.now() < stopBy) await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(leftoverServers('bench-pg17-'), []);

  const resumed = spawnSync(process.execPath, [BENCH, 'run', suite, '--out', out, '--resume'], {encoding: 'utf8'});
  assert.equal(resumed.status, 0, resumed.stderr);
  assert.match(resumed.stderr, new RegExp(`5 cells, ${interrupted.cells.length} already done \\(resuming\\)`));
  const final = JSON.parse(readFileSync(resultFile(), 'utf8'));
  assert.deepEqual(resultProblems(final), []);
  assert.deepEqual(final.cells.map((c) => c.id).sort(), [1, 2, 3, 4, 5].map((r) => `pg17/ro/s/c1/r${r}`));
  // The cells finished before the kill were kept as they were.
  assert.deepEqual(final.cells.slice(0, interrupted.cells.length), interrupted.cells);
  assert.notEqual(final.run.finishedAt, null);
  assert.deepEqual(leftoverServers('bench-pg17-'), []);
});

test('--resume with nothing to resume says so', () => {
  const {suite, out} = tempSuite('id: none\ntargets: [{id: a, embedded: 17}]\nworkloads: [{id: w, builtin: select-only}]\nscenarios: [{id: s, scale: 1, clients: 1, duration: 1s}]\n');
  const run = spawnSync(process.execPath, [BENCH, 'run', suite, '--out', out, '--resume'], {encoding: 'utf8'});
  assert.equal(run.status, 1);
  assert.match(run.stderr, /Nothing to resume: no unfinished run of suite none in /);
});
