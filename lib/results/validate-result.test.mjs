import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {
  assertPublishable,
  assertValidResult,
  nameAndDateProblems,
  publishableProblems,
  readResultFile,
  resultProblems,
  sameRunProblems,
} from './validate-result.mjs';

const SAMPLE = new URL('../../test/fixtures/results/sample-import.json', import.meta.url).pathname;
const sample = () => JSON.parse(readFileSync(SAMPLE, 'utf8'));

test('the sample result is valid', () => {
  assert.deepEqual(resultProblems(sample(), 'sample.json'), []);
});

test('a number written as display text is refused, with the fix', () => {
  const r = sample();
  r.cells[0].summary.tps = '84.8K';
  assert.deepEqual(resultProblems(r, 'r.json'), [
    'r.json: cells[0].summary.tps: must be number or null, not "84.8K"; write numbers as JSON numbers in base ' +
      'units (84800, not "84.8K")',
  ]);
});

test('a misspelt field is named, with its path', () => {
  const r = sample();
  r.cells[1].log.latencyUs.p99_9 = 1;
  assert.deepEqual(resultProblems(r, 'r.json'), [
    'r.json: cells[1].log.latencyUs: "p99_9" is not a field here: did you mean "p999"? ' +
      '(schemas/result.md lists the fields)',
  ]);
});

test('a missing field is named', () => {
  const r = sample();
  delete r.cells[0].status;
  assert.deepEqual(resultProblems(r, 'r.json'), [
    'r.json: cells[0]: "status" is missing: add it (schemas/result.md says what it holds)',
  ]);
});

test('a value outside its list says which values are allowed', () => {
  const r = sample();
  r.cells[0].status = 'crashed';
  assert.deepEqual(resultProblems(r, 'r.json'), [
    'r.json: cells[0].status: must be one of "ok", "failed", "aborted", not "crashed"',
  ]);
});

test('another schema version is refused with what to do', () => {
  const r = sample();
  r.schemaVersion = 2;
  assert.deepEqual(resultProblems(r, 'r.json'), [
    'r.json: schemaVersion: this file follows result schema version 2, and this tool reads version 1: regenerate ' +
      'the file with this tool, or migrate it',
  ]);
});

test('dates must be ISO 8601 date-times', () => {
  const r = sample();
  r.run.startedAt = '22/11/2026';
  assert.deepEqual(resultProblems(r, 'r.json'), [
    'r.json: run.startedAt: must be a date-time (e.g. "2026-11-22T10:00:00Z"), not "22/11/2026"',
  ]);
});

test('an aggregate log is checked as one, a per-transaction log as the other', () => {
  const r = sample();
  r.cells[1].log = {...r.cells[1].log, kind: 'aggregate'};
  const problems = resultProblems(r, 'r.json');
  assert.ok(
    problems.includes('r.json: cells[1].log: "intervals" is missing: add it (schemas/result.md says what it holds)'),
    problems.join('\n'),
  );
});

test('assertValidResult throws one error listing every problem', () => {
  const r = sample();
  r.cells[0].status = 'crashed';
  r.cells[0].repeat = 0;
  assert.throws(
    () => assertValidResult(r, 'r.json'),
    (error) => {
      assert.equal(error.problems.length, 2);
      assert.match(
        error.message,
        /^r\.json is not a valid result:\n {2}r\.json: cells\[0\]\.repeat: must be at least 1, not 0\n/,
      );
      return true;
    },
  );
});

test('a file that is not JSON is named with its line and column', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'result-')), 'broken.json');
  writeFileSync(file, '{\n  "schemaVersion": 1,\n  "run": {,\n}');
  assert.throws(() => readResultFile(file), new RegExp(`^Error: ${file}:3:11: not valid JSON: `));
});

test('a cell written twice is refused: it would count as one more repeat', () => {
  const r = sample();
  r.cells.push(structuredClone(r.cells[0]));
  const last = r.cells.length - 1;
  assert.deepEqual(resultProblems(r, 'r.json'), [
    `r.json: cells[${last}].id: "${r.cells[0].id}" is the id of cells[0] too; each repeat of a cell has an id of ` +
      `its own (…/r2): remove the copy, or give it the id of its repeat`,
  ]);
});

test('a negative figure is refused with its path', () => {
  const r = sample();
  r.cells[0].summary.tps = -5;
  assert.equal(resultProblems(r, 'r.json').length, 1);
  assert.match(resultProblems(r, 'r.json')[0], /^r\.json: cells\[0\]\.summary\.tps: must be at least 0, not -5$/);
});

test('an ok cell without figures, a cell of an unknown target, and counts that do not add up are refused', () => {
  const r = sample();
  const ok = r.cells.findIndex((c) => c.status === 'ok');
  r.cells[ok].summary.tps = null;
  assert.deepEqual(resultProblems(r, 'r.json'), [
    `r.json: cells[${ok}]: an ok cell has summary.tps above 0: record the cell as failed, with the reason in ` +
      'its error',
  ]);
  r.cells[ok].summary.tps = 5;
  r.cells[ok].summary.processed = 0;
  assert.match(resultProblems(r, 'r.json')[0], /an ok cell has summary\.processed above 0/);
  const t = sample();
  t.cells[0].target = 'pg99';
  assert.match(
    resultProblems(t, 'r.json')[0],
    /^r\.json: cells\[0\]\.target: "pg99" is not among environment\.targets/,
  );
  const s = sample();
  s.cells[0].summary.scripts = [{index: 1, name: 'a.sql', transactions: 10, processed: 4, failed: 9}];
  assert.match(resultProblems(s, 'r.json')[0], /scripts\[0\]: 4 processed \+ 9 failed \+ 0 skipped is more than/);
  s.cells[0].summary.scripts = [{index: 1, name: 'a.sql', transactions: 10, processed: 4, failed: 6}];
  assert.deepEqual(resultProblems(s, 'r.json'), []);
});

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/results/${name}`, import.meta.url), 'utf8'));
const NOW = new Date('2026-11-27T04:00:00Z');

test("a server's settings or a command that hold a secret are refused, naming where but never the secret", () => {
  const r = sample();
  // The probe's (issue 49): an external standby's settings as it reported them, an imported command.
  r.environment.targets[0].settings = {
    primary_conninfo: 'host=primary user=rep password=Pr1mary!',
    archive_command: 'AWS_SECRET_ACCESS_KEY=abc123XYZ aws s3 cp %p s3://b/%f',
    shared_buffers: '128MB',
  };
  r.cells[1].command = 'pgbench -T 2 "host=db password = S3cretSpace"';
  const fix = 'replace it with "***" in the file, and change the secret: it has been written down';
  const problems = resultProblems(r, 'r.json');
  assert.deepEqual(problems, [
    'r.json: environment.targets[0].settings.primary_conninfo: holds a secret (a password, a key, or a command or ' +
      `connection string that may carry one), which the site would publish: ${fix}`,
    'r.json: environment.targets[0].settings.archive_command: holds a secret (a password, a key, or a command or ' +
      `connection string that may carry one), which the site would publish: ${fix}`,
    `r.json: cells[1].command: holds a password or key, which the site would publish: ${fix}`,
  ]);
  assert.doesNotMatch(problems.join('\n'), /Pr1mary|abc123XYZ|S3cretSpace/);
  // Redacted as the runner and the importer now record them: valid.
  r.environment.targets[0].settings = {primary_conninfo: '***', archive_command: '***', shared_buffers: '128MB'};
  r.cells[1].command = 'pgbench -T 2 "host=db password = ***"';
  assert.deepEqual(resultProblems(r, 'r.json'), []);
});

test('the committed fixtures are publishable as they are named', () => {
  for (const name of [
    'quick-20261122T125226Z.json',
    'pg-versions-20261122T110343Z.json',
    'pg-versions-20261123T130951Z.json',
    'pg17-planner-20261122T105429Z.json',
    'postgresbench-20261123T185813Z.json',
    'sample-import.json',
  ]) {
    assert.deepEqual(publishableProblems(fixture(name), `results/${name}`, {now: NOW}), [], name);
  }
});

test('a hand-edited summary.tps is not publishable: the figure its output gives is named', () => {
  const run = fixture('quick-20261122T125226Z.json');
  run.cells[0].summary.tps *= 10;
  assert.throws(
    () => assertPublishable(run, 'results/quick-20261122T125226Z.json', {now: NOW}),
    (error) =>
      error.message.startsWith(
        'results/quick-20261122T125226Z.json is not a valid result:\n  results/quick-20261122T125226Z.json: ' +
          'cells[0] (pg17/select-only/small/c1/r1).summary.tps is 53908.95828; derived from its output, it is ' +
          '5390.895828: ',
      ) || assert.fail(error.message),
  );
});

test("another suite's run relabelled quick and dated 2099 is refused by its name and its dates", () => {
  const run = fixture('pg-versions-20261122T110343Z.json');
  run.run.suite = 'quick';
  run.run.startedAt = '2099-12-31T00:00:00.000Z';
  run.run.finishedAt = '2099-12-31T23:00:00.000Z';
  const later =
    'is later than a day from now: a run is dated when it ran; correct the date (or the clock of the ' +
    'machine that wrote it), or remove the file if it was not measured';
  assert.deepEqual(nameAndDateProblems(run, 'results/pg-versions-20261122T110343Z.json', {now: NOW}), [
    `results/pg-versions-20261122T110343Z.json: run.startedAt: 2099-12-31T00:00:00.000Z ${later}`,
    `results/pg-versions-20261122T110343Z.json: run.finishedAt: 2099-12-31T23:00:00.000Z ${later}`,
    'results/pg-versions-20261122T110343Z.json: the name does not name the run\'s suite, "quick" (run.suite): a ' +
      "run's file is named after its suite (results/quick-<time>.json): rename the file, or correct run.suite if " +
      'the name is right',
    "results/pg-versions-20261122T110343Z.json: the name's time, 2026-11-22T11:03:43.000Z, is not within the run " +
      '(run.startedAt 2099-12-31T00:00:00.000Z to run.finishedAt 2099-12-31T23:00:00.000Z): rename the file after ' +
      'its run, or correct the dates if the name is right',
  ]);
  // Renamed after it, its dates still give it away.
  assert.deepEqual(
    nameAndDateProblems(run, 'results/quick-20991231T000000Z.json', {now: NOW}).map((p) => p.split(': ')[1]),
    ['run.startedAt', 'run.finishedAt'],
  );
  // A cell dated ahead too; a run that ends before it starts.
  const cell = fixture('quick-20261122T125226Z.json');
  cell.cells[5].finishedAt = '2027-01-01T00:00:00.000Z';
  assert.match(nameAndDateProblems(cell, 'quick-20261122T125226Z.json', {now: NOW})[0], /cells\[5\]\.finishedAt: 2027/);
  const reversed = fixture('quick-20261122T125226Z.json');
  reversed.run.finishedAt = '2026-11-22T12:00:00.000Z';
  assert.match(nameAndDateProblems(reversed, 'quick-20261122T125226Z.json', {now: NOW})[0], /is before run\.startedAt/);
});

test("names the runner, CI and Kubernetes write are a run's; an import's name is free", () => {
  const quick = fixture('quick-20261122T125226Z.json');
  for (const name of [
    'results/quick-20261122T125226Z.json',
    'results/quick-20261122T125226Z-shard1of2-merged.json',
    'results/quick-github-7.json',
    'results/bench-quick-20261127-040000.json',
    'results/quick-all.json',
    'results/quick.json',
  ]) {
    assert.deepEqual(nameAndDateProblems(quick, name, {now: NOW}), [], name);
  }
  assert.match(
    nameAndDateProblems(quick, 'results/quick-instructions-20261122T125226Z.json', {now: NOW})[0],
    /the name is not the run's \(quick-<time>\)/,
  );
  assert.deepEqual(nameAndDateProblems(fixture('sample-import.json'), 'results/mine.json', {now: NOW}), []);
});

test('two files of one run are refused, naming both', () => {
  assert.deepEqual(
    sameRunProblems([
      {file: 'results/quick-20261122T125226Z.json', id: 'quick-20261122T125226Z'},
      {file: 'results/pg-versions-20261122T110343Z.json', id: 'pg-versions-20261122T110343Z'},
      {file: 'results/quick-copy.json', id: 'quick-20261122T125226Z'},
    ]),
    [
      'results/quick-copy.json: run.id "quick-20261122T125226Z" is the id of results/quick-20261122T125226Z.json ' +
        'too: two files of one run would be published as one; keep one of them (a merged result takes the place ' +
        'of its parts: move the parts out of results/)',
    ],
  );
});

test('too deep, an integer beyond 2^53, a string of 9 MB: each said with its place, no stack overflow', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'result-'));
  const write = (name, text) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const deep = write('deep.json', `{"a":\n${'['.repeat(70)}${']'.repeat(70)}}`);
  assert.throws(() => readResultFile(deep), new RegExp(`^Error: ${deep}:2:64: nests deeper than 64 levels`));
  const big = write('big.json', '{"a": "[[9007199254740993", "n":\n 9007199254740993, "ok": 9007199254740991.5}');
  assert.throws(
    () => readResultFile(big),
    new RegExp(`^Error: ${big}:2:2: 9007199254740993 is beyond 2\\^53 and would be read as another number`),
  );
  // A string of 9 MB (the probe's): read, and what is wrong with it said by the checks, naming the file.
  const huge = sample();
  huge.cells[0].raw.stderr = `${'x'.repeat(9_000_000)}\\"]{`;
  const file = write('huge.json', JSON.stringify(huge));
  const read = readResultFile(file);
  assert.equal(read.cells[0].raw.stderr.length, 9_000_004);
  assert.match(publishableProblems(read, file).join('\n'), new RegExp(`^${file}: cells\\[0\\] `));
});
