// --dry-run on the probe's suites: what it refuses before anything runs (the
// suite's SQL reaching the shell, a difference the suite itself makes), and
// what it says first (the SQL files, a declared shell, the run's length and
// disk). No server starts in a dry run.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';

const BENCH = new URL('../bench.mjs', import.meta.url).pathname;

function dryRun(yaml, files = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dry-run-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  writeFileSync(path.join(dir, 'suite.yaml'), yaml);
  const out = spawnSync(process.execPath, [BENCH, 'run', path.join(dir, 'suite.yaml'), '--dry-run', '--seed', '1'], {
    encoding: 'utf8',
  });
  return {...out, dir};
}

const suite = (extra = '', targets = '  - id: a\n    embedded: 17\n') => `id: probe
${extra}targets:
${targets}workloads:
  - id: w
    script: w.sql
    setup: setup.sql
scenarios:
  - id: s
    scale: 2
    clients: [1, 4]
    duration: 5s
repeat: 3
`;

const PROBE_FILES = {
  'setup.sql': "CREATE TABLE t (a int);\n\\! id > id.txt\nCOPY (SELECT 1) TO PROGRAM 'id';\n",
  'w.sql': 'SELECT 1;\n\\setshell who id\n',
};

test("the probe's shell SQL: refused with each file and line, nothing planned", () => {
  const run = dryRun(suite(), PROBE_FILES);
  assert.equal(run.status, 1, run.stderr);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 3, run.stderr);
  // psql reads none of a suite's files unless it runs commands: its \! is refused as never run.
  assert.match(lines[0], /setup\.sql:2: psql \\!: a suite's SQL is sent to the server statement by statement/);
  assert.match(lines[1], /setup\.sql:3: COPY … PROGRAM runs a program on the server machine\./);
  assert.match(lines[2], /w\.sql:2: pgbench \\setshell runs a shell command\./);
  assert.equal(run.stdout, '');
});

test('declared (shell: true), the dry run says so first, with every SQL file, the length and the disk', () => {
  const run = dryRun(suite('shell: true\n'), PROBE_FILES);
  assert.equal(run.status, 0, run.stderr);
  const head = run.stdout.split('\n').filter((l) => l.startsWith('# ') && !l.startsWith('# order'));
  // 1 target x 2 client counts x 3 repeats of 5 s, each followed by its statements run of 5 s (and 0.7 s around
  // them), 3 s for the server, 0.2 s for pgbench -i at scale 2: 67.4 s. Disk: 40 MB + 2 x 28 MB.
  assert.match(
    head[0],
    /^# estimate: about 67 s; temporary disk in \S+: about 96 MB for the data of the 1 server the runner starts/,
  );
  assert.match(head[0], /WAL up to 1\.0 GB \(max_wal_size\)/);
  assert.deepEqual(head.slice(1, 3), [
    `# SQL file: ${path.relative(process.cwd(), path.join(run.dir, 'setup.sql'))} (psql, workload w)`,
    `# SQL file: ${path.relative(process.cwd(), path.join(run.dir, 'w.sql'))} (pgbench, workload w)`,
  ]);
  assert.equal(head[3], "# shell: true: this suite's SQL runs commands or reaches files on this machine:");
  assert.equal(head.slice(4, 7).length, 3);
  assert.match(head[4], /setup\.sql:3: COPY … PROGRAM/);
});

test("one target's own shared_buffers, not declared, is refused by the dry run, naming the target", () => {
  const targets = '  - id: a\n    embedded: 17\n    settings: {shared_buffers: 16MB}\n  - id: b\n    embedded: 17\n';
  const files = {'setup.sql': 'SELECT 1;\n', 'w.sql': 'SELECT 1;\n'};
  const run = dryRun(suite('', targets), files);
  assert.equal(run.status, 1, run.stdout);
  assert.match(
    run.stderr,
    /not be compared like for like:\n {2}in s\/w\/c1, shared_buffers differs \(a 16MB, b 128MB\)/,
  );
  // The same value in another unit is the same value.
  const alike = targets
    .replace('16MB', '16384')
    .replace(/(id: b\n {4}embedded: 17\n)/, '$1    settings: {shared_buffers: 128MB}\n');
  const same = dryRun(suite('', alike), files);
  assert.equal(same.status, 0, same.stderr);
});

test('a suite of the site that the site would leave out runs, but is told so first, once', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'dry-run-site-'));
  for (const [folder, id] of [
    ['one', 'one'],
    ['two', 'One'],
  ]) {
    mkdirSync(path.join(site, 'benchmarks', folder), {recursive: true});
    writeFileSync(path.join(site, 'benchmarks', folder, 'suite.yaml'), suite().replace('id: probe', `id: ${id}`));
    writeFileSync(path.join(site, 'benchmarks', folder, 'setup.sql'), 'CREATE TABLE t (a int);\n');
    writeFileSync(path.join(site, 'benchmarks', folder, 'w.sql'), 'SELECT 1;\n');
  }
  const run = (file) =>
    spawnSync(process.execPath, [BENCH, 'run', file, '--dry-run', '--seed', '1'], {cwd: site, encoding: 'utf8'});
  const two = run('benchmarks/two/suite.yaml');
  assert.equal(two.status, 0, two.stderr);
  assert.equal(
    two.stderr,
    'warning: benchmarks/two/suite.yaml: id: "One" is not its folder\'s name, "two": a suite of the site is ' +
      'benchmarks/<id>/suite.yaml, so that no two folders hold one id; rename the folder, or the id. The run goes ' +
      'on, but the site leaves this suite out until then.\n',
  );
  assert.match(two.stdout, /^# estimate/m);
  // The suite that collides with nothing is told nothing.
  const one = run('one');
  assert.equal(one.status, 0, one.stderr);
  assert.equal(one.stderr, '');
});

test('two embedded servers: each its own data folder in the plan, named by its target', () => {
  const targets =
    '  - id: a\n    embedded: 17\n  - id: b\n    embedded: 17\n' +
    '    settings:\n      synchronous_commit: off\n    differs: [synchronous_commit]\n';
  const run = dryRun(suite('', targets), {'setup.sql': 'CREATE TABLE t (a int);\n', 'w.sql': 'SELECT 1;\n'});
  assert.equal(run.status, 0, run.stderr);
  const folders = [...run.stdout.matchAll(/initdb -D '?([^'\s]+)/g)].map((m) => m[1]);
  assert.deepEqual(folders, ['<tmp>/bench-a/data', '<tmp>/bench-b/data']);
});
