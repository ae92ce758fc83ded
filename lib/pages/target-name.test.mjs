import {test} from 'node:test';
import assert from 'node:assert/strict';
import {translator} from '../../test/helpers/fixtures.mjs';
import {targetName} from './target-name.mjs';

test('two servers of one version are never named alike: a declared difference names its settings', () => {
  const t = translator('en');
  const result = {
    run: {id: 'r'},
    environment: {
      targets: [
        {id: 'pg18', serverVersion: '18.1', keySettings: {data_checksums: 'off', io_method: 'sync'}},
        {
          id: 'pg18-defaults',
          serverVersion: '18.1',
          differs: ['data_checksums', 'io_method'],
          keySettings: {data_checksums: 'on', io_method: 'worker'},
        },
      ],
    },
  };
  // Each of the two says its settings: neither passes for "PostgreSQL 18" as such.
  assert.equal(targetName(t, result, 'pg18'), 'PostgreSQL 18 (data_checksums off, io_method sync)');
  assert.equal(targetName(t, result, 'pg18-defaults'), 'PostgreSQL 18 (data_checksums on, io_method worker)');
  assert.equal(
    targetName(translator('ja'), result, 'pg18-defaults'),
    'PostgreSQL 18（data_checksums on、io_method worker）',
  );
});

test('a server at other checksums or I/O than the first target is named with them, declared or not', () => {
  const t = translator('en');
  // A run from before differences were declared: 15 with checksums off (io_method absent: sync), 18 at defaults.
  const result = {
    run: {id: 'r'},
    environment: {
      targets: [
        {id: 'pg15', serverVersion: '15.18', keySettings: {data_checksums: 'off'}},
        {id: 'pg18', serverVersion: '18.4', keySettings: {data_checksums: 'on', io_method: 'worker'}},
        {id: 'pg18-sync', serverVersion: '18.4', keySettings: {data_checksums: 'off', io_method: 'sync'}},
      ],
    },
  };
  assert.equal(targetName(t, result, 'pg15'), 'PostgreSQL 15');
  assert.equal(targetName(t, result, 'pg18'), 'PostgreSQL 18 (data_checksums on, io_method worker)');
  // Like the first, but another 18 differs: it says its settings too.
  assert.equal(targetName(t, result, 'pg18-sync'), 'PostgreSQL 18 (data_checksums off, io_method sync)');
  // With no other 18 beside it, a server like the first is named plainly.
  result.environment.targets.splice(1, 1);
  assert.equal(targetName(t, result, 'pg18-sync'), 'PostgreSQL 18');
});

test('one version at two settings: both named by what differs, declared or not; alike but for the id, by it', () => {
  const t = translator('en');
  const server = (id, settings, more = {}) => ({
    id,
    serverVersion: '17.10',
    keySettings: {shared_buffers: settings.shared_buffers ?? '128MB', data_checksums: 'off'},
    settings: {port: id, ...settings},
    ...more,
  });
  const result = (targets) => ({run: {id: `r${targets.length}`}, environment: {targets}});
  // Only the larger declares it: the smaller is not "PostgreSQL 17" as such.
  const buffers = result([
    server('sb16mb', {shared_buffers: '16MB'}),
    server('sb1gb', {shared_buffers: '1GB'}, {differs: ['shared_buffers']}),
  ]);
  assert.equal(targetName(t, buffers, 'sb16mb'), 'PostgreSQL 17 (shared_buffers 16MB)');
  assert.equal(targetName(t, buffers, 'sb1gb'), 'PostgreSQL 17 (shared_buffers 1GB)');
  // A setting no rule asks to declare (work_mem) still names each: where they listen (port) never does.
  const memory = result([server('wm4', {work_mem: '4MB'}), server('wm256', {work_mem: '256MB'})]);
  assert.equal(targetName(t, memory, 'wm4'), 'PostgreSQL 17 (work_mem 4MB)');
  assert.equal(targetName(t, memory, 'wm256'), 'PostgreSQL 17 (work_mem 256MB)');
  // Two servers whose recorded settings do not tell them apart: by their ids.
  const twins = result([server('a', {}), server('b', {})]);
  assert.equal(targetName(t, twins, 'a'), 'PostgreSQL 17 (a)');
  assert.equal(targetName(t, twins, 'b'), 'PostgreSQL 17 (b)');
});

test('in a run of -Os and -O2 builds every server is named with its own; one build names none', () => {
  const t = translator('en');
  const build = (cflags) => ({cc: 'gcc', cflags: `-Wall ${cflags} -fwrapv`, configure: '', jit: false});
  const server = (id, version, cflags) => ({id, serverVersion: version, keySettings: {}, build: build(cflags)});
  const result = {
    run: {id: 'r'},
    environment: {
      targets: [
        server('pg15', '15.18', '-Os -DMAP_HUGETLB=0x40000'),
        server('pg15-o2', '15.18', '-g -O2'),
        server('pg18-o2', '18.6', '-O2'),
      ],
    },
  };
  assert.equal(targetName(t, result, 'pg15'), 'PostgreSQL 15 (-Os)');
  assert.equal(targetName(t, result, 'pg15-o2'), 'PostgreSQL 15 (-O2)');
  assert.equal(targetName(t, result, 'pg18-o2'), 'PostgreSQL 18 (-O2)');
  const alike = {run: {id: 'r2'}, environment: {targets: [server('a', '15.18', '-O2'), server('b', '18.6', '-O2')]}};
  assert.equal(targetName(t, alike, 'b'), 'PostgreSQL 18');
});
