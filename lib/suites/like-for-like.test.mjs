import {test} from 'node:test';
import assert from 'node:assert/strict';
import {differenceText, groupsOf, plannedKeySettings, undeclaredDifferences} from './like-for-like.mjs';

const embedded = (id, major, more = {}) => ({id, kind: 'embedded', major, settings: {}, differs: [], ...more});
const cells = (targets, groups = ['tpcb/small']) =>
  groups.flatMap((g) => {
    const [workload, scenario] = g.split('/');
    return targets.map((t) => ({target: t, workload, scenario, clients: 1}));
  });
const check = (targets, cellList) =>
  undeclaredDifferences(
    groupsOf(cellList),
    new Map(targets.map((t) => [t.id, {differs: t.differs, keySettings: plannedKeySettings(t)}])),
  );

// PostgreSQL's defaults of the key settings 15-18 share (postgresql.conf.sample).
const SHARED = {
  checkpoint_timeout: '5min',
  fsync: 'on',
  full_page_writes: 'on',
  max_wal_size: '1GB',
  shared_buffers: '128MB',
  synchronous_commit: 'on',
  wal_sync_method: 'fdatasync',
};

test("18's defaults are not 15-17's: checksums on, I/O by workers", () => {
  assert.deepEqual(plannedKeySettings(embedded('a', 17)), {...SHARED, data_checksums: 'off', io_method: 'sync'});
  assert.deepEqual(plannedKeySettings(embedded('b', 18)), {...SHARED, data_checksums: 'on', io_method: 'worker'});
  assert.deepEqual(plannedKeySettings(embedded('c', 18, {checksums: false, settings: {io_method: 'sync'}})), {
    ...SHARED,
    data_checksums: 'off',
    io_method: 'sync',
  });
  assert.equal(plannedKeySettings({id: 'x', kind: 'external'}), null, 'known once it answers');
});

test('an undeclared difference within a group is found, named, and says both fixes', () => {
  const targets = [embedded('pg17', 17), embedded('pg18', 18)];
  const found = check(targets, cells(['pg17', 'pg18']));
  assert.deepEqual(
    found.map((d) => [d.group, d.setting, d.values.map((v) => `${v.target}=${v.value}`).join(' ')]),
    [
      ['small/tpcb/c1', 'data_checksums', 'pg17=off pg18=on'],
      ['small/tpcb/c1', 'io_method', 'pg17=sync pg18=worker'],
    ],
  );
  assert.match(
    differenceText(found[0]),
    /in small\/tpcb\/c1, data_checksums differs \(pg17 off, pg18 on\).*checksums: false.*differs: \[data_checksums\]/,
  );
});

test('like for like, a declared difference, or targets in different groups: nothing to refuse', () => {
  const like = [embedded('pg17', 17), embedded('pg18', 18, {checksums: false, settings: {io_method: 'sync'}})];
  assert.deepEqual(check(like, cells(['pg17', 'pg18'])), []);
  const declared = [...like, embedded('pg18-defaults', 18, {differs: ['data_checksums', 'io_method']})];
  assert.deepEqual(check(declared, cells(['pg17', 'pg18', 'pg18-defaults'])), []);
  const half = [embedded('pg17', 17), embedded('pg18', 18, {differs: ['data_checksums']})];
  assert.deepEqual(
    check(half, cells(['pg17', 'pg18'])).map((d) => d.setting),
    ['io_method'],
    'only what is declared may differ',
  );
  const apart = [embedded('pg17', 17), embedded('pg18', 18)];
  assert.deepEqual(check(apart, [...cells(['pg17'], ['tpcb/small']), ...cells(['pg18'], ['tpcb/large'])]), []);
});

test('what a server reports: a shared_buffers the suite did not set differently still differs', () => {
  const reported = new Map([
    ['a', {differs: [], keySettings: {shared_buffers: '1GB', data_checksums: 'off'}}],
    ['b', {differs: [], keySettings: {shared_buffers: '128MB', data_checksums: 'off'}}],
    ['c', {differs: [], keySettings: null}],
  ]);
  const found = undeclaredDifferences(groupsOf(cells(['a', 'b', 'c'])), reported);
  assert.deepEqual(
    found.map((d) => [d.setting, d.values.map((v) => v.target)]),
    [['shared_buffers', ['a', 'b']]],
    'c is not described yet: not compared',
  );
});

test("one target's own shared_buffers, not declared, is a difference known before any server starts", () => {
  const targets = [embedded('a', 17, {settings: {shared_buffers: '16MB'}}), embedded('b', 17)];
  const found = check(targets, cells(['a', 'b']));
  assert.deepEqual(
    found.map((d) => `${d.setting}: ${d.values.map((v) => `${v.target}=${v.value}`).join(' ')}`),
    ['shared_buffers: a=16MB b=128MB'],
  );
  const declared = [embedded('a', 17, {settings: {shared_buffers: '16MB'}, differs: ['shared_buffers']}), targets[1]];
  assert.deepEqual(check(declared, cells(['a', 'b'])), []);
});

test('values are compared in their unit: 128MB is 16384 pages, off is false, 5min is 300', () => {
  const targets = [
    embedded('a', 17, {settings: {shared_buffers: '128MB', fsync: 'off', checkpoint_timeout: '5min'}}),
    embedded('b', 17, {settings: {shared_buffers: 16384, fsync: 'false', checkpoint_timeout: 300}}),
  ];
  assert.deepEqual(check(targets, cells(['a', 'b'])), []);
  const unlike = [targets[0], embedded('b', 17, {settings: {shared_buffers: 16385, fsync: 'false'}})];
  assert.deepEqual(
    check(unlike, cells(['a', 'b'])).map((d) => d.setting),
    ['shared_buffers'],
  );
});
