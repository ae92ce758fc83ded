import {test} from 'node:test';
import assert from 'node:assert/strict';
import {expandMatrix, parseOnly, parseShard} from './matrix.mjs';

const suite = {
  repeat: 2,
  targets: [{id: 'pg15'}, {id: 'pg18'}],
  workloads: [{id: 'ro'}, {id: 'rw'}],
  scenarios: [{id: 's', clients: [1, 4], durationS: 30, transactionsPerClient: null}],
};
const ids = (options) => expandMatrix(suite, options).cells.map((c) => c.id);

test('target, then scenario, workload, clients and repeat', () => {
  assert.deepEqual(ids(), [
    'pg15/ro/s/c1/r1',
    'pg15/ro/s/c1/r2',
    'pg15/ro/s/c4/r1',
    'pg15/ro/s/c4/r2',
    'pg15/rw/s/c1/r1',
    'pg15/rw/s/c1/r2',
    'pg15/rw/s/c4/r1',
    'pg15/rw/s/c4/r2',
    'pg18/ro/s/c1/r1',
    'pg18/ro/s/c1/r2',
    'pg18/ro/s/c4/r1',
    'pg18/ro/s/c4/r2',
    'pg18/rw/s/c1/r1',
    'pg18/rw/s/c1/r2',
    'pg18/rw/s/c4/r1',
    'pg18/rw/s/c4/r2',
  ]);
});

test("--only keeps cells matching every key, any of a key's values", () => {
  assert.deepEqual(ids({only: parseOnly('target=pg18,clients=4,workload=ro,workload=rw')}), [
    'pg18/ro/s/c4/r1',
    'pg18/ro/s/c4/r2',
    'pg18/rw/s/c4/r1',
    'pg18/rw/s/c4/r2',
  ]);
});

test('--only with a value the suite does not have is an error naming what it has', () => {
  assert.throws(() => ids({only: parseOnly('target=pg16')}), {
    message: '--only target=pg16: no such target in the suite (it has pg15, pg18)',
  });
  assert.throws(
    () => parseOnly('targte=pg15'),
    /--only targte=pg15: write KEY=VALUE with KEY one of target, workload, scenario, clients, repeat/,
  );
});

test('--shard K/N keeps every N-th cell from the K-th; the shards together are the matrix', () => {
  const shards = [1, 2, 3].map((k) => ids({shard: parseShard(`${k}/3`)}));
  assert.deepEqual(shards[0], [
    'pg15/ro/s/c1/r1',
    'pg15/ro/s/c4/r2',
    'pg15/rw/s/c4/r1',
    'pg18/ro/s/c1/r2',
    'pg18/rw/s/c1/r1',
    'pg18/rw/s/c4/r2',
  ]);
  assert.deepEqual(shards.flat().sort(), ids().sort());
  assert.throws(() => parseShard('4/3'), /--shard 4\/3: write K\/N with 1 ≤ K ≤ N/);
});

test('--repeat and --duration override the suite, and say so', () => {
  const {cells, overrides} = expandMatrix(suite, {repeat: 1, durationS: 5});
  assert.equal(cells.length, 8);
  assert.ok(cells.every((c) => c.durationS === 5 && c.repeat === 1));
  assert.deepEqual(overrides, {repeat: 1, durationS: 5});
});
