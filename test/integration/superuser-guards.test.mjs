// What a suite's SQL cannot make of the runner's superuser, on real servers
// (issue 67's probes): its role holds no other role's password, so a
// reconnection cannot log in as the superuser; the runner's own statements
// never find a function, operator or setting the suite made (a shadowed
// current_database(), current_setting() or pg_prewarm(), a search_path set
// for the database or the role); and no program a run starts sees the
// runner's environment (a CI token).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {PREWARM_SQL, prewarmOutcome} from '../../scripts/runner/instruction-commands.mjs';
import {runProcess} from '../../scripts/runner/processes.mjs';
import {describeServer, psql} from '../../scripts/runner/psql.mjs';
import {CHECKPOINT_SQL, setupCommand} from '../../scripts/runner/run-steps.mjs';
import {readStats, sampleWaits, SETTLE_SQL} from '../../scripts/runner/server-activity.mjs';
import {readSettings} from '../../scripts/runner/settings-watch.mjs';
import {suiteConnection} from '../../scripts/runner/suite-role.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {ownTmp} from './own-tmp.mjs';
import {runBench, tempSuite} from './run-kit.mjs';

const TMP = ownTmp('superuser-guards');
const TOKEN = 'ghp_issue67probeTOKEN';

/** A folder every user may write in: the server's user writes the marker, if anything ever runs. */
function openFolder(name) {
  const dir = path.join(TMP, name);
  mkdirSync(dir);
  chmodSync(dir, 0o777);
  return dir;
}

/**
 * The probe's setup: shadows of what the runner calls, and settings that would put them first. Each shadow
 * calls spy(), which records the call (in public.calls, which the suite's role owns) and then tries, as
 * whoever called it, to write the environment to `marker` through COPY … TO PROGRAM, spelled so that the
 * loader's reading of the text cannot see it.
 */
const hostileSetup = (marker) => `
CREATE TABLE public.calls (what text, session_role text, as_role text);
GRANT ALL ON public.calls TO PUBLIC;
CREATE FUNCTION public.spy(what text) RETURNS void LANGUAGE plpgsql AS $f$ BEGIN
  INSERT INTO public.calls VALUES (what, session_user::text, current_user::text);
  BEGIN
    EXECUTE 'CO' || 'PY (SELECT 1) TO PROG' || 'RAM ' || quote_literal('env > ${marker}');
  EXCEPTION WHEN OTHERS THEN NULL;
  END; END $f$;
DO $$ BEGIN EXECUTE 'ALTER DATABASE postgres SET search_path = public, pg_catalog';
  EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'ALTER DATABASE refused: %', SQLERRM; END $$;
ALTER ROLE CURRENT_USER SET search_path = public, pg_catalog;
CREATE FUNCTION public.current_database() RETURNS name LANGUAGE plpgsql AS $f$ BEGIN
  PERFORM public.spy('current_database'); RETURN 'postgres'; END $f$;
CREATE FUNCTION public.current_setting(text) RETURNS text LANGUAGE plpgsql AS $f$ BEGIN
  PERFORM public.spy('current_setting'); RETURN 'on'; END $f$;
CREATE FUNCTION public.pg_prewarm(oid, text, text, integer, bigint) RETURNS bigint LANGUAGE plpgsql AS $f$ BEGIN
  PERFORM public.spy('pg_prewarm'); RETURN 0; END $f$;
CREATE FUNCTION public.version() RETURNS text LANGUAGE plpgsql AS $f$ BEGIN
  PERFORM public.spy('version'); RETURN 'PostgreSQL 99.0'; END $f$;
-- An index expression runs while the runner's superuser vacuums and analyzes: as the table's owner, and a
-- search_path it sets is its own.
CREATE FUNCTION public.indexed(int) RETURNS int IMMUTABLE LANGUAGE plpgsql AS $f$ BEGIN
  PERFORM pg_catalog.set_config('search_path', 'public, pg_catalog', false);
  PERFORM public.spy('indexed'); RETURN $1; END $f$;
CREATE TABLE public.t (a int);
INSERT INTO public.t SELECT g FROM generate_series(1, 100) g;
CREATE INDEX ON public.t (public.indexed(a));
TRUNCATE public.calls;
`;

test("the runner's superuser statements never run the suite's functions; no setting of its reaches them", async (t) => {
  const marker = path.join(openFolder('direct'), 'env.txt');
  const server = await startServer({major: 17});
  t.after(() => server.stop());
  const connection = await suiteConnection(server, {record: () => {}});
  const {admin} = connection;
  const setup = path.join(TMP, 'hostile-setup.sql');
  writeFileSync(setup, hostileSetup(marker));
  const ran = await runProcess(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-f', setup], {
    env: connection.env,
  });
  assert.equal(ran.exitCode, 0, ran.stderr);
  assert.match(ran.stderr, /ALTER DATABASE refused: must be owner of database postgres/);

  // Every statement the runner makes as the superuser, as a run makes them.
  const described = await describeServer(admin, () => {});
  assert.match(described.serverVersionFull, /^PostgreSQL 17\./);
  assert.equal(described.keySettings.synchronous_commit, 'on');
  assert.ok(Number.isFinite((await readStats(connection, () => {})).walBytes));
  const waits = sampleWaits(connection, 5, () => {}, TMP);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await waits.done();
  for (const sql of [SETTLE_SQL, CHECKPOINT_SQL]) await psql(admin, ['-c', sql]);
  const prewarmed = prewarmOutcome(await psql(admin, ['-A', '-t', '-c', PREWARM_SQL]));
  assert.ok(prewarmed.warmed > 0, JSON.stringify(prewarmed));

  const calls = await psql(admin, ['-A', '-t', '-c', 'SELECT what, session_role, as_role FROM public.calls']);
  // The index expression ran in the superuser's VACUUM, as the table's owner: the suite's own role.
  for (const line of calls.trim().split('\n').filter(Boolean)) assert.match(line, /^indexed\|bench\|suite$/);
  assert.equal(existsSync(marker), false, 'no program ran');
  // The runner's schema is its own: the suite cannot put a function there.
  const intrude = await runProcess(
    [
      'psql',
      '-X',
      ...connection.psqlArgs,
      '-c',
      'CREATE FUNCTION bench_runner.f() RETURNS int LANGUAGE sql AS $$SELECT 1$$',
    ],
    {env: connection.env},
  );
  assert.notEqual(intrude.exitCode, 0);
  assert.match(intrude.stderr, /permission denied for schema bench_runner/);
});

test("the settings read back are the server's, whatever current_setting() or search_path the suite made", async (t) => {
  const server = await startServer({major: 17});
  t.after(() => server.stop());
  const connection = await suiteConnection(server, {record: () => {}});
  const names = ['fsync', 'synchronous_commit'];
  const before = await readSettings(connection, names);
  assert.deepEqual(before, {fsync: 'on', synchronous_commit: 'on'});
  // A role-level setting moves what pgbench's sessions get; a current_setting() of its own would say it did not.
  await psql(connection, [
    '-c',
    'ALTER ROLE CURRENT_USER SET search_path = public, pg_catalog',
    '-c',
    'ALTER ROLE CURRENT_USER SET synchronous_commit = off',
    '-c',
    "CREATE FUNCTION public.current_setting(text) RETURNS text LANGUAGE sql AS $$SELECT 'on'::text$$",
  ]);
  assert.deepEqual(await readSettings(connection, names), {fsync: 'on', synchronous_commit: 'off'});
});

test("the suite's role holds its own password only: a reconnection as the superuser is refused", async (t) => {
  const server = await startServer({major: 17});
  t.after(() => server.stop());
  const connection = await suiteConnection(server, {record: () => {}});
  assert.ok(!JSON.stringify(connection.env).includes(server.password), "the superuser's password is not there");
  // What psql's \c - bench would do with the suite's environment: a new connection as bench.
  const asBench = connection.psqlArgs.map((a) => (a === 'suite' ? 'bench' : a));
  const out = await runProcess(['psql', '-X', ...asBench, '-c', 'SELECT 1'], {env: connection.env});
  assert.notEqual(out.exitCode, 0);
  assert.match(out.stderr, /password authentication failed for user "bench"/);
});

/** The probe suite: one PostgreSQL 17, select-only, scale 1, 1 s, with `setup` as its setup SQL. */
function probeSuite(id, setup, {shell = false} = {}) {
  const made = tempSuite(`id: ${id}
${shell ? 'shell: true\n' : ''}targets:
  - id: pg17
    embedded: 17
workloads:
  - id: ro
    builtin: select-only
    setup: setup.sql
scenarios:
  - id: s
    scale: 1
    clients: 1
    duration: 1s
repeat: 2
`);
  writeFileSync(path.join(made.dir, 'setup.sql'), setup);
  return made;
}

const onlyResult = (out) => JSON.parse(readFileSync(path.join(out, readdirSync(out)[0]), 'utf8'));

test("a run with the probe's setup: every cell measured, no program run, the token nowhere", async () => {
  const marker = path.join(openFolder('run'), 'env.txt');
  const {suite, out} = probeSuite('shadowed', hostileSetup(marker));
  const run = await runBench([suite, '--out', out], {GITHUB_TOKEN: TOKEN});
  assert.equal(run.status, 0, run.stderr);
  const result = onlyResult(out);
  assert.deepEqual(resultProblems(result), []);
  assert.deepEqual(
    result.cells.map((c) => [c.status, typeof c.server?.wal?.bytes]),
    [
      ['ok', 'number'],
      ['ok', 'number'],
    ],
    "the runner's statistics were read, as the superuser, after the suite's SQL",
  );
  assert.equal(existsSync(marker), false, 'no program ran');
  assert.ok(!JSON.stringify(result).includes(TOKEN));
});

test('even a suite that may run programs (shell: true) finds none of the runner’s environment', async () => {
  const dir = openFolder('shell');
  const fromServer = path.join(dir, 'server-env.txt');
  const fromPsql = path.join(dir, 'psql-env.txt');
  const {suite, out} = probeSuite(
    'shell-env',
    `COPY (SELECT 1) TO PROGRAM 'env > ${fromServer}';\n\\! env > ${fromPsql}\n`,
    {shell: true},
  );
  const run = await runBench([suite, '--out', out], {GITHUB_TOKEN: TOKEN, AWS_SECRET_ACCESS_KEY: TOKEN});
  assert.equal(run.status, 0, run.stderr);
  const serverEnv = readFileSync(fromServer, 'utf8');
  const psqlEnv = readFileSync(fromPsql, 'utf8');
  assert.match(serverEnv, /^PATH=/m, 'the server ran the program');
  assert.match(psqlEnv, /^PGPASSWORD=/m, 'psql has its own password');
  for (const text of [serverEnv, psqlEnv]) {
    assert.doesNotMatch(text, new RegExp(TOKEN));
    assert.doesNotMatch(text, /^(GITHUB_TOKEN|AWS_SECRET_ACCESS_KEY|NODE_OPTIONS)=/m);
  }
});

test("psql's ways past a reading of the text: refused when the suite loads, and nothing runs", async () => {
  // A security review's setup: \! after another command on its line, a command in a variable read again, a
  // \copy to a file named like stdout. Each ran on the runner's machine, as the runner's user, before.
  const dir = openFolder('psql-lexer');
  const marker = (name) => path.join(dir, name);
  const {suite, out} = probeSuite(
    'psql-lexer',
    [
      `\\echo A1 \\! echo PWNED > ${marker('a1')}`,
      `\\set x '\\141' \\! echo PWNED > ${marker('a2')}`,
      `SELECT '\\! echo PWNED > ${marker('a3')}' AS cmd \\gset`,
      ':cmd',
      '\\copy (select 1) to stdout.pwn-a4',
    ].join('\n'),
  );
  const run = await runBench([suite, '--out', out], {GITHUB_TOKEN: TOKEN});
  assert.equal(run.status, 1, run.stdout + run.stderr);
  // psql reads none of the file (its statements are sent to the server as -c strings): each command is refused.
  for (const [line, name] of [
    [1, '\\\\echo'],
    [1, '\\\\!'],
    [2, '\\\\set'],
    [2, '\\\\!'],
    [3, '\\\\gset'],
    [5, '\\\\copy'],
  ]) {
    assert.match(run.stderr, new RegExp(`setup\\.sql:${line}: psql ${name}: a suite's SQL is sent to the server`));
  }
  assert.deepEqual(readdirSync(dir), [], 'nothing ran');
  assert.equal(existsSync(path.join(process.cwd(), 'stdout.pwn-a4')), false);
});

test("a setup statement is the server's to read: psql runs nothing in it, whatever the check made of it", async (t) => {
  // Were the check to read a statement otherwise than psql (an encoding, a quote), psql still reads none of it:
  // each is sent as a -c string. Here the statements hold what psql -f would run.
  const dir = openFolder('sent');
  const server = await startServer({major: 17});
  t.after(() => server.stop());
  const connection = await suiteConnection(server, {record: () => {}});
  const setupStatements = [
    {sql: `SELECT 1 AS é$x$ \\! touch ${path.join(dir, 'a')}`, line: 1},
    {sql: `SELECT '\\! touch ${path.join(dir, 'b')}' AS cmd \\gset`, line: 2},
  ];
  const workload = {id: 'w', setup: 'setup.sql', setupStatements};
  const out = await runProcess(setupCommand(workload, connection), {env: connection.env});
  assert.notEqual(out.exitCode, 0);
  assert.match(out.stderr, /ERROR: {2}syntax error at or near "\\"/);
  assert.match(out.stderr, /^STATEMENT: {2}SELECT 1 AS é\$x\$ \\! touch/m, 'psql echoes the statement that failed');
  assert.deepEqual(readdirSync(dir), [], 'nothing ran');
  // A statement that began with a backslash would be psql's command: the runner never gives psql one.
  assert.throws(
    () => setupCommand({...workload, setupStatements: [{sql: '\\! id', line: 1}]}, connection),
    /begins with a backslash/,
  );
});
