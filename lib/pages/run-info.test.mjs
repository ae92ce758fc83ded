import {test} from 'node:test';
import assert from 'node:assert/strict';
import {versionsRun} from '../../test/helpers/fixtures.mjs';
import {buildOf, distinctVersions, formatDateTime, runInfo, settingSeconds} from './run-info.mjs';

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
  assert.deepEqual(info.order, {
    interleaved: true,
    seed: '77',
    seeds: null,
    parts: null,
    rounds: '3',
    warmupS: ['10', '20'],
    locale: 'en',
    checkpoint: true,
    vacuum: false,
  });
  assert.equal(info.bounds.durable, true);
  assert.equal(info.bounds.timeoutBeyondRuns, true, '30 min against runs of 20 s plus warm-up');
  assert.equal(info.bounds.storage, '/dev/vda (ext4)');
  assert.equal(info.bounds.sameMachine, true);
  keySettings.synchronous_commit = 'off';
  keySettings.checkpoint_timeout = '30s';
  const relaxed = runInfo(result, 'en').bounds;
  assert.equal(relaxed.durable, false);
  assert.equal(relaxed.timeoutBeyondRuns, false, 'a 30 s timeout can fall inside a 20 s run after a 20 s warm-up');
  assert.deepEqual(relaxed.differing, [], 'the same settings everywhere differ nowhere');
});

test("a version's own defaults are named with the versions that had them; io_method before 18 is sync", () => {
  const result = versionsRun();
  for (const t of result.environment.targets) {
    const pg18 = t.serverVersion.startsWith('18');
    t.keySettings = {fsync: 'on', data_checksums: pg18 ? 'on' : 'off', ...(pg18 && {io_method: 'worker'})};
  }
  assert.deepEqual(runInfo(result, 'en').bounds.differing, [
    {
      name: 'data_checksums',
      values: [
        {value: 'off', versions: ['15', '16', '17']},
        {value: 'on', versions: ['18']},
      ],
    },
    {
      name: 'io_method',
      values: [
        {value: 'sync', versions: ['15', '16', '17']},
        {value: 'worker', versions: ['18']},
      ],
    },
  ]);
  // A second build of 15 (at -O2) beside the first: 15 named once.
  const o2 = structuredClone(result.environment.targets.find((t) => t.serverVersion.startsWith('15')));
  result.environment.targets.push({...o2, id: 'pg15-o2'});
  assert.deepEqual(runInfo(result, 'en').bounds.differing[0].values[0], {value: 'off', versions: ['15', '16', '17']});
  result.environment.targets.pop();
  // 18 like for like: synchronous I/O is what 15-17 do, so nothing differs.
  for (const t of result.environment.targets)
    t.keySettings = {fsync: 'on', ...(t.serverVersion.startsWith('18') && {io_method: 'sync'})};
  assert.deepEqual(runInfo(result, 'en').bounds.differing, []);
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

test("a merged run names every part's seed, and which part ran from uncommitted sources", () => {
  const result = versionsRun();
  const project = (sha, dirty) => ({gitSha: sha.repeat(40), dirty});
  result.run.design = {
    order: 'interleaved-rounds',
    seed: 11,
    checkpointBeforeEach: true,
    margin: 0.12,
    parts: [
      {run: 'a', seed: 11, project: project('a', false)},
      {run: 'b', seed: 22, project: project('b', true)},
      {run: 'c', seed: 33, project: project('c', false)},
    ],
  };
  result.run.project = project('a', true);
  const info = runInfo(result, 'en');
  assert.equal(info.order.parts, '3');
  assert.equal(info.order.seeds, '11, 22, and 33');
  assert.deepEqual(
    info.parts.filter((p) => p.dirty).map((p) => [p.run, p.gitSha]),
    [['b', 'bbbbbbbbbb']],
  );
  assert.deepEqual(runInfo(versionsRun(), 'en').parts, [], 'a run made in one go has no parts');
});

test('a run’s versions: each once, oldest first, numerically', () => {
  assert.deepEqual(distinctVersions(['17.10', '15.18', '15.18', '18.4', '16.14', '15.9', null]), [
    '15.9',
    '15.18',
    '16.14',
    '17.10',
    '18.4',
  ]);
  const result = versionsRun();
  result.environment.targets.push({...result.environment.targets[0], id: 'second'});
  const info = runInfo(result, 'en');
  assert.equal(
    info.versions.length,
    new Set(result.environment.targets.map((t) => t.serverVersion)).size,
    'the second server of a version is not listed twice',
  );
});

test('a run whose suite declared shell: true says so; others do not', () => {
  const run = versionsRun();
  assert.equal(runInfo(run, 'en').shell, false);
  assert.equal(runInfo({...run, run: {...run.run, shell: true}}, 'en').shell, true);
});

test('servers built in two ways: each way with the versions built so; one way is said once', () => {
  const full = (cc) => `PostgreSQL 15.18 on x86_64-pc-linux-gnu, compiled by ${cc}, 64-bit`;
  const server = (id, version, cc, cflags, jit) => ({
    id,
    serverVersion: version,
    serverVersionFull: full(cc).replace('15.18', version),
    build: {cc: 'gcc', cflags, configure: '', jit},
  });
  const result = {
    run: {id: 'r'},
    environment: {
      targets: [
        server('pg15', '15.18', 'gcc (GCC) 7.5.0', '-Wall -Os', false),
        server('pg18', '18.4', 'gcc (GCC) 7.5.0', '-Wall -Os', false),
        server('pg15-o2', '15.18', 'gcc (Debian 12.2.0-14+deb12u1) 12.2.0', '-g -O2', true),
      ],
    },
  };
  assert.deepEqual(buildOf(result), {
    compiler: null,
    flags: null,
    jit: null,
    builds: [
      {compiler: 'gcc 7.5.0', flags: '-Os', jit: false, versions: ['15', '18']},
      {compiler: 'gcc 12.2.0', flags: '-O2', jit: true, versions: ['15']},
    ],
  });
  result.environment.targets.pop();
  assert.deepEqual(buildOf(result), {compiler: 'gcc 7.5.0', flags: '-Os', jit: false});
});

test("a run's time in each locale's words: 오전 and 오후 in Korean, never AM or PM beside a Korean date", () => {
  const afternoon = '2026-11-25T14:03:00Z';
  const night = '2026-11-23T01:09:00Z';
  assert.equal(formatDateTime(afternoon, 'en'), 'November 25, 2026 at 2:03\u202fPM UTC');
  assert.equal(formatDateTime(afternoon, 'ko'), '2026년 11월 25일 오후 2:03 UTC');
  assert.equal(formatDateTime(night, 'ko'), '2026년 11월 23일 오전 1:09 UTC');
  assert.equal(formatDateTime(afternoon, 'ja'), '2026年11月25日 14:03 UTC');
  assert.equal(formatDateTime(afternoon, 'zh-Hans'), '2026年11月25日 UTC 14:03');
});
