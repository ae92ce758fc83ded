// What a suite cannot do to a run behind its back, on real servers: change a
// setting the run compares from its SQL (read back after the setup SQL and
// after every measured run), or start servers on a disk that cannot hold them.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {mountTinyDisk} from '../helpers/tiny-disk.mjs';
import {ownTmp} from './own-tmp.mjs';
import {leftoverServers, runBench, tempSuite} from './run-kit.mjs';

const TMP = ownTmp('suite-guards');

const scriptSuite = (id, {setup = null} = {}) => `id: ${id}
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: w
    script: w.sql
${setup ? '    setup: setup.sql\n' : ''}scenarios:
  - id: s
    clients: 1
    duration: 1s
repeat: 2
`;

const onlyResult = (out) => JSON.parse(readFileSync(path.join(out, readdirSync(out)[0]), 'utf8'));

test("a setting the suite's SQL moves fails the target, after its setup or after the cell that moved it", async () => {
  // After the setup SQL: synchronous_commit off for every new session of the suite's role, pgbench's among them
  // (the database is not the role's: ALTER DATABASE … SET is refused it).
  const bySetup = tempSuite(scriptSuite('moved-by-setup', {setup: true}));
  writeFileSync(path.join(bySetup.dir, 'setup.sql'), 'ALTER ROLE CURRENT_USER SET synchronous_commit = off;\n');
  writeFileSync(path.join(bySetup.dir, 'w.sql'), 'SELECT 1;\n');
  const first = await runBench([bySetup.suite, '--out', bySetup.out]);
  assert.equal(first.status, 3, first.stderr);
  const result = onlyResult(bySetup.out);
  assert.deepEqual(resultProblems(result), []);
  const target = result.environment.targets[0];
  assert.equal(target.error.kind, 'settings');
  assert.match(
    target.error.message,
    /^after workload w's setup SQL, synchronous_commit is off, where the run began with on: /,
  );
  assert.equal(target.keySettings.synchronous_commit, 'on', 'what the server began with stays on record');
  assert.deepEqual(
    result.cells.map((c) => [c.status, c.error?.kind]),
    [
      ['failed', 'settings'],
      ['failed', 'settings'],
    ],
    'no cell measured with the moved setting',
  );

  // During a measured run: the script itself moves it; that cell is not kept as ok.
  const byCell = tempSuite(scriptSuite('moved-by-cell'));
  writeFileSync(path.join(byCell.dir, 'w.sql'), 'ALTER ROLE CURRENT_USER SET synchronous_commit = local;\n');
  const third = await runBench([byCell.suite, '--out', path.join(byCell.dir, 'again')]);
  assert.equal(third.status, 3, third.stderr);
  const moved = onlyResult(path.join(byCell.dir, 'again'));
  assert.deepEqual(resultProblems(moved), []);
  assert.deepEqual(
    moved.cells.map((c) => [c.status, c.error?.kind]),
    [
      ['failed', 'settings'],
      ['failed', 'settings'],
    ],
  );
  assert.match(
    moved.cells[0].error.message,
    /^after cell pg17\/w\/s\/c1\/r1, synchronous_commit is local, where the run/,
  );
  assert.deepEqual(leftoverServers(TMP, 'bench-pg17-'), []);
});

test("SQL built as it runs cannot reach the shell: the suite's role may not; a failed setup fails", async () => {
  const {dir, suite, out} = tempSuite(scriptSuite('built-at-run-time', {setup: true}));
  const marker = path.join(TMP, 'pwned');
  // The loader reads the text and cannot see this COPY … PROGRAM: the server refuses it to the suite's role.
  writeFileSync(
    path.join(dir, 'setup.sql'),
    `DO $$ BEGIN EXECUTE 'COPY (SELECT 1) TO PROG' || 'RAM ''touch ${marker}'''; END $$;\n`,
  );
  writeFileSync(path.join(dir, 'w.sql'), 'SELECT 1;\n');
  const run = await runBench([suite, '--out', out]);
  assert.equal(run.status, 3, run.stderr);
  assert.ok(!existsSync(marker), 'no program ran');
  const result = onlyResult(out);
  assert.deepEqual(resultProblems(result), []);
  assert.deepEqual(
    result.cells.map((c) => c.error?.kind),
    ['script', 'script'],
  );
  assert.match(
    result.cells[0].error.message,
    /^workload w's setup SQL failed: \S+setup\.sql:1: ERROR: {2}permission denied to COPY to or from an external/,
  );
  assert.ok(
    result.run.commands.some((c) => / -U suite -d postgres -v ECHO=errors -c /.test(c)),
    'the setup ran as the suite role',
  );
});

test('a temporary disk that cannot hold the servers is refused before any server starts', async (t) => {
  const small = path.join(TMP, 'small');
  mkdirSync(small);
  const unmount = mountTinyDisk(small, '20m');
  if (!unmount) return t.skip('mounting a tmpfs is not allowed here');
  t.after(unmount);
  const {dir, suite, out} = tempSuite(scriptSuite('no-room'));
  writeFileSync(path.join(dir, 'w.sql'), 'SELECT 1;\n');
  // --dry-run says so before anyone starts it.
  const dry = await runBench([suite, '--dry-run'], {TMPDIR: small});
  assert.equal(dry.status, 0, dry.stderr);
  assert.match(dry.stdout, /^# disk: the run would be refused: The run's servers need about 40 MB in /m);
  const run = await runBench([suite, '--out', out], {TMPDIR: small});
  assert.equal(run.status, 1, run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      `The run's servers need about 40 MB in ${small} \\(the temporary folder: TMPDIR\\), which has 20 MB free`,
    ),
  );
  assert.doesNotMatch(run.stdout + run.stderr, /starting PostgreSQL/);
  assert.deepEqual(readdirSync(small), []);
});
