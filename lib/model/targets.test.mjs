import {test} from 'node:test';
import assert from 'node:assert/strict';
import {translator} from '../../test/helpers/fixtures.mjs';
import {targetName} from '../pages/target-name.mjs';
import {comparableBuilds, majorOf, serversByMajor, targetById, targetOrder} from './targets.mjs';

const run = (targets) => ({run: {id: 'r'}, environment: {targets}});

test('a major is the release before its dot, a pre-release as given, a failed server by its id', () => {
  const result = run([
    {id: 'a', serverVersion: '17.10'},
    {id: 'b', serverVersion: '18beta1'},
    {id: 'c', serverVersion: null, error: {kind: 'start', message: 'no'}},
    {id: 'd', serverVersion: '9.6.24'},
  ]);
  assert.deepEqual(
    ['a', 'b', 'c', 'd'].map((id) => majorOf(result, id)),
    ['17', '18beta1', 'c', '9'],
  );
  assert.deepEqual(targetOrder(result), ['d', 'a', 'b', 'c']);
  assert.equal(targetById(result, 'b').serverVersion, '18beta1');
  assert.equal(targetById(result, 'zz'), undefined);
});

test('a target without a version, and no error to say why, is refused with the run named (every time)', () => {
  const result = run([{id: 'x', serverVersion: null}]);
  for (let i = 0; i < 2; i++) assert.throws(() => majorOf(result, 'x'), /^Error: r: target "x" has no server version/);
});

test('servers by major leave out the ones that failed', () => {
  const result = run([
    {id: 'a', serverVersion: '17.1'},
    {id: 'b', serverVersion: '17.2'},
    {id: 'c', serverVersion: '17.2', error: {kind: 'stopped', message: 'gone'}},
    {id: 'd', serverVersion: '18.0'},
  ]);
  assert.deepEqual(
    [...serversByMajor(result)].map(([major, ts]) => [major, ts.map((t) => t.id)]),
    [
      ['17', ['a', 'b']],
      ['18', ['d']],
    ],
  );
});

test('a result given other targets is indexed anew, not answered from the old list', () => {
  const result = run([{id: 'a', serverVersion: '17.1'}]);
  assert.equal(majorOf(result, 'a'), '17');
  result.environment = {targets: [{id: 'a', serverVersion: '18.1'}]};
  assert.equal(majorOf(result, 'a'), '18');
});

test('naming every server of a run reads its targets a few times per server, not once per pair', () => {
  // 400 servers, 100 of each version: before, each name searched every target, and each search every target.
  const n = 400;
  let settingsRead = 0;
  const targets = Array.from({length: n}, (_, i) => ({
    id: `t${i}`,
    serverVersion: `${15 + (i % 4)}.1`,
    get keySettings() {
      settingsRead++;
      return {data_checksums: 'off'};
    },
  }));
  let reads = 0;
  const counted = new Proxy(targets, {
    get(list, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return list[key];
    },
  });
  const result = run(counted);
  const t = translator('en');
  const names = targets.map((x) => targetName(t, result, x.id));
  // A hundred servers of one version that no recorded setting tells apart: each by its id.
  assert.equal(names[0], 'PostgreSQL 15 (t0)');
  assert.equal(names[3], 'PostgreSQL 18 (t3)');
  assert.ok(reads < 5 * n, `${reads} reads of the list of ${n} targets`);
  // Whether another server of its version is set otherwise: not a look at each of the other 99 per name.
  assert.ok(settingsRead < 40 * n, `${settingsRead} reads of key settings for ${n} names`);
});

test('servers compare when built alike, or as two builds of one version; never a version across builds', () => {
  const build = (cflags) => ({cc: 'gcc', cflags, configure: '', jit: false});
  const result = {
    run: {id: 'r'},
    environment: {
      targets: [
        {id: 'pg15', serverVersion: '15.18', build: build('-Wall -Os')},
        {id: 'pg15-o2', serverVersion: '15.18', build: build('-g -O2')},
        {id: 'pg17', serverVersion: '17.10', build: build('-Wall -Os')},
        {id: 'pg18-o2', serverVersion: '18.6', build: build('-O2')},
      ],
    },
  };
  assert.equal(comparableBuilds(result, 'pg17', 'pg15'), true, 'both -Os');
  assert.equal(comparableBuilds(result, 'pg18-o2', 'pg15-o2'), true, 'both -O2');
  assert.equal(comparableBuilds(result, 'pg15-o2', 'pg15'), true, 'one version, two builds: what the build moves');
  assert.equal(comparableBuilds(result, 'pg18-o2', 'pg17'), false, 'another version and another build');
});
