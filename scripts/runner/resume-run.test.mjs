import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
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
