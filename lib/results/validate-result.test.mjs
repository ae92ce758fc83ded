import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {assertValidResult, readResultFile, resultProblems} from './validate-result.mjs';

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
