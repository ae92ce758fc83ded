import assert from 'node:assert/strict';
import {test} from 'node:test';
import {movedError, movedSettings, watchedNames, watchSql} from './settings-watch.mjs';

test('a moved setting is named with both values; the same value spelled otherwise has not moved', () => {
  const before = {fsync: 'on', shared_buffers: '128MB', synchronous_commit: 'on', work_mem: '4MB'};
  const now = {fsync: 'off', shared_buffers: '16384', synchronous_commit: 'on', work_mem: '4096kB'};
  const moved = movedSettings(before, now);
  assert.deepEqual(moved, [{name: 'fsync', before: 'on', now: 'off'}]);
  const error = movedError(moved, "workload w's setup SQL");
  assert.equal(error.kind, 'settings');
  assert.match(error.message, /^after workload w's setup SQL, fsync is off, where the run began with on: /);
  assert.deepEqual(movedSettings(before, {fsync: 'on'}), [], 'a setting not read again is not compared');
});

test("the watched names: the key settings and the suite's own, each once, quoted in the statement", () => {
  const names = watchedNames({settings: {work_mem: '4MB', shared_buffers: '1GB'}});
  assert.ok(names.includes('work_mem') && names.includes('fsync') && names.includes('io_method'));
  assert.equal(names.filter((n) => n === 'shared_buffers').length, 1);
  assert.match(watchSql(['fsync', "o'dd"]), /IN \('fsync', 'o''dd'\)/);
});
