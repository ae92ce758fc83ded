import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadSuite} from '../../lib/suites/suite.mjs';
import {versionsRun} from '../../test/helpers/fixtures.mjs';
import {resumable} from './resume-run.mjs';

/** An unfinished pg-versions run in a folder of its own, started with --duration 60s. */
function unfinishedRun() {
  const dir = mkdtempSync(path.join(tmpdir(), 'resume-test-'));
  const result = versionsRun();
  result.run.finishedAt = null;
  result.run.overrides = {durationS: 60};
  writeFileSync(path.join(dir, `${result.run.id}.json`), JSON.stringify(result));
  return {dir, suite: {id: 'pg-versions', hash: result.run.suiteHash}};
}

test('--resume restores the options its run started with, and refuses others typed again', (t) => {
  const {dir, suite} = unfinishedRun();
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  // Nothing typed, or the same value: the saved options come back.
  assert.equal(resumable(suite, dir, {}).matrix.durationS, 60);
  assert.equal(resumable(suite, dir, {durationS: 60}).matrix.durationS, 60);
  // Another length would run cells at 5 s in a result that records 60 s.
  assert.throws(
    () => resumable(suite, dir, {durationS: 5}),
    /started with --duration 60, not 5: a resumed run measures as it began/,
  );
  assert.throws(() => resumable(suite, dir, {repeat: 3}), /started with --repeat \(the suite's\), not 3/);
  assert.throws(() => resumable(suite, dir, {only: {scenario: ['small']}}), /started with --only \{\}/);
});

test("--resume refuses a run whose workload script changed since: the suite's hash covers it", (t) => {
  const {dir} = unfinishedRun();
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const suiteFile = path.join(dir, 'suite.yaml');
  writeFileSync(path.join(dir, 'w.sql'), 'SELECT 1;\n');
  writeFileSync(
    suiteFile,
    'id: pg-versions\ntargets:\n  - id: pg17\n    embedded: 17\nworkloads:\n  - id: w\n    script: w.sql\n' +
      'scenarios:\n  - id: s\n    clients: 1\n    duration: 2s\n',
  );
  const before = loadSuite(suiteFile);
  const resultFile = path.join(dir, 'pg-versions-20261122T110343Z.json');
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  result.run.suiteHash = before.hash;
  writeFileSync(resultFile, JSON.stringify(result));
  assert.equal(resumable(before, dir, {}).previous.result.run.suiteHash, before.hash);
  // The probe's change: SELECT 1 became pg_sleep; suite.yaml untouched.
  writeFileSync(path.join(dir, 'w.sql'), 'SELECT pg_sleep(0.02);\n');
  assert.throws(() => resumable(loadSuite(suiteFile), dir, {}), /or of an SQL file it runs \(one changed since\)/);
});
