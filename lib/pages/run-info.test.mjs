import {test} from 'node:test';
import assert from 'node:assert/strict';
import {versionsRun} from '../../test/helpers/fixtures.mjs';
import {runInfo, settingSeconds} from './run-info.mjs';

test('a run from before interleaved rounds says it ran server after server; no bounds it did not record', () => {
  const info = runInfo(versionsRun(), 'en');
  assert.equal(info.order.interleaved, false);
  assert.equal(info.order.checkpoint, false);
  assert.equal(info.bounds, null, 'the old run recorded no fsync or synchronous_commit');
  assert.equal(info.measuredS, '20');
});

test('an interleaved run: rounds, seed, warm-up, CHECKPOINT and what bounds its figures, from its result', () => {
  const result = versionsRun();
  result.run.design = {order: 'interleaved-rounds', seed: 77, checkpointBeforeEach: true, margin: 0.03};
  for (const [i, c] of result.cells.entries()) {
    c.round = c.repeat;
    c.position = (i % 4) + 1;
    c.parameters.warmupS = c.scenario === 'small' ? 10 : 20;
  }
  const keySettings = {fsync: 'on', synchronous_commit: 'on', checkpoint_timeout: '30min', max_wal_size: '4GB'};
  for (const t of result.environment.targets)
    Object.assign(t, {keySettings, storage: {device: '/dev/vda', filesystem: 'ext4'}});
  const info = runInfo(result, 'en');
  assert.deepEqual(info.order, {interleaved: true, seed: '77', rounds: '3', warmupS: '10 and 20', checkpoint: true});
  assert.equal(info.bounds.durable, true);
  assert.equal(info.bounds.timeoutBeyondRuns, true, '30 min against runs of 20 s plus warm-up');
  assert.equal(info.bounds.storage, '/dev/vda (ext4)');
  assert.equal(info.bounds.sameMachine, true);
  keySettings.synchronous_commit = 'off';
  keySettings.checkpoint_timeout = '30s';
  const relaxed = runInfo(result, 'en').bounds;
  assert.equal(relaxed.durable, false);
  assert.equal(relaxed.timeoutBeyondRuns, false, 'a 30 s timeout can fall inside a 20 s run after a 20 s warm-up');
});

test('time settings as current_setting() writes them', () => {
  assert.deepEqual(['30min', '5min', '300s', '1h', '1d', '250ms', 'off', undefined].map(settingSeconds), [
    1800,
    300,
    300,
    3600,
    86400,
    0.25,
    null,
    null,
  ]);
});
