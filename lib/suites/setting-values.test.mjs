import assert from 'node:assert/strict';
import {test} from 'node:test';
import {sameSetting, settingValue} from './setting-values.mjs';

test("memory in bytes, from any unit or the setting's own (shared_buffers: 8 kB pages, max_wal_size: MB)", () => {
  assert.equal(settingValue('shared_buffers', '128MB'), '134217728B');
  assert.equal(settingValue('shared_buffers', 16384), '134217728B');
  assert.equal(settingValue('shared_buffers', '131072kB'), '134217728B');
  assert.equal(settingValue('max_wal_size', '1GB'), '1073741824B');
  assert.equal(settingValue('max_wal_size', '1024'), '1073741824B');
  assert.equal(settingValue('work_mem', '4MB'), '4194304B');
  assert.ok(!sameSetting('shared_buffers', '128MB', '16385'));
});

test('time in milliseconds; booleans as on/off; enums in any case; the rest as written', () => {
  assert.ok(sameSetting('checkpoint_timeout', '5min', '300'));
  assert.ok(sameSetting('checkpoint_timeout', '300s', '300000ms'));
  assert.ok(sameSetting('fsync', 'off', 'false'));
  assert.ok(sameSetting('fsync', 'on', 'yes'));
  assert.ok(sameSetting('synchronous_commit', 'off', '0'));
  assert.ok(!sameSetting('synchronous_commit', 'off', 'local'));
  assert.ok(sameSetting('io_method', 'Sync', 'sync'));
  assert.ok(!sameSetting('search_path', 'A', 'a'), 'a name the table does not know keeps its case');
  assert.equal(settingValue('statement_timeout', '-1'), '-1');
  assert.equal(settingValue('fsync', null), null);
});
