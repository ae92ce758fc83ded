import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {baseRunId, claimExistingRun, claimNewRun, findResumable, removeStaleTempDirs} from './run-files.mjs';

function tempDir(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'run-files-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  return dir;
}
/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
const NOW = new Date('2026-11-23T10:00:00.123Z');

test('a run id is the suite and the second, and names its shard', () => {
  assert.equal(baseRunId('quick', {now: NOW}), 'quick-20261123T100000Z');
  assert.equal(baseRunId('quick', {now: NOW, shard: {index: 2, count: 3}}), 'quick-20261123T100000Z-shard2of3');
});

test('runs started in the same second get files of their own, each locked', (t) => {
  const dir = tempDir(t);
  const first = claimNewRun(dir, 'quick-20261123T100000Z');
  const second = claimNewRun(dir, 'quick-20261123T100000Z');
  assert.deepEqual([first.id, second.id], ['quick-20261123T100000Z', 'quick-20261123T100000Z-2']);
  assert.equal(readFileSync(`${first.file}.lock`, 'utf8').trim(), String(process.pid));
  first.release();
  second.release();
  assert.deepEqual(readdirSync(dir), []);
});

test("a second writer of a file is refused while its writer lives; a dead writer's lock is taken over", (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'quick-x.json');
  writeFileSync(file, '{}');
  const alive = process.ppid; // the test runner: alive
  writeFileSync(`${file}.lock`, `${alive}\n`);
  assert.throws(() => claimExistingRun(file), new RegExp(`being written by another runner \\(process ${alive}\\)`));
  writeFileSync(`${file}.lock`, `${deadPid()}\n`);
  const release = claimExistingRun(file);
  assert.equal(readFileSync(`${file}.lock`, 'utf8').trim(), String(process.pid));
  release();
  assert.ok(!existsSync(`${file}.lock`));
});

test('a lock just created, its pid not yet written, is held; one left empty for long is taken over', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'quick-y.json');
  writeFileSync(file, '{}');
  writeFileSync(`${file}.lock`, '');
  assert.throws(() => claimExistingRun(file), /being written by another runner \(process starting now\)/);
  const past = new Date(Date.now() - 60_000);
  utimesSync(`${file}.lock`, past, past);
  claimExistingRun(file)();
  assert.ok(!existsSync(`${file}.lock`));
});

test('--resume finds the unfinished run of its shard, or one with failed cells; a broken file is named', (t) => {
  const dir = tempDir(t);
  const result = (id, shard, finishedAt = null) => ({
    run: {id, suite: 'quick', finishedAt, overrides: shard ? {shard} : {}},
  });
  writeFileSync(path.join(dir, 'quick-1-shard1of2.json'), JSON.stringify(result('a', '1/2')));
  writeFileSync(path.join(dir, 'quick-1-shard2of2.json'), JSON.stringify(result('b', '2/2')));
  writeFileSync(path.join(dir, 'quick-2.json'), JSON.stringify(result('c', null, '2026-11-23T10:00:00Z')));
  assert.equal(findResumable(dir, 'quick', {index: 1, count: 2}).result.run.id, 'a');
  assert.equal(findResumable(dir, 'quick', {index: 2, count: 2}).result.run.id, 'b');
  // A finished run with a failed cell has work left; a merge's result is never resumed.
  const withFailure = {...result('d', null, '2026-11-23T11:00:00Z'), cells: [{status: 'ok'}, {status: 'failed'}]};
  writeFileSync(path.join(dir, 'quick-3.json'), JSON.stringify(withFailure));
  assert.equal(findResumable(dir, 'quick').result.run.id, 'd');
  const merged = {...withFailure, run: {...withFailure.run, id: 'e', overrides: {mergedShards: ['1/2', '2/2']}}};
  writeFileSync(path.join(dir, 'quick-4.json'), JSON.stringify(merged));
  assert.equal(findResumable(dir, 'quick').result.run.id, 'd');
  writeFileSync(path.join(dir, 'quick-5.json'), '{"run": {');
  assert.throws(() => findResumable(dir, 'quick'), new RegExp(`${dir}/quick-5\\.json:1:\\d+: not valid JSON`));
});

test("the temporary folders of runners that are gone are removed; a live runner's are kept", (t) => {
  const dir = tempDir(t);
  const dead = path.join(dir, `bench-run-${deadPid()}-abc`);
  const live = path.join(dir, `bench-run-${process.ppid}-def`);
  const other = path.join(dir, 'bench-run-notapid');
  for (const d of [dead, live, other]) mkdirSync(d);
  assert.deepEqual(removeStaleTempDirs(dir), [dead]);
  assert.deepEqual(readdirSync(dir).sort(), [path.basename(live), path.basename(other)].sort());
});
