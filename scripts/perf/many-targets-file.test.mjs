import {test} from 'node:test';
import assert from 'node:assert/strict';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {manyTargetsResult} from './many-targets-file.mjs';

test('a run of many targets: each with the fixture pg17 cells, valid, named and dated the hour before now', () => {
  const now = new Date('2026-11-27T04:30:12.345Z');
  const {name, result} = manyTargetsResult(5, {now});
  assert.equal(name, 'quick-20261127T033012Z.json');
  assert.equal(result.run.id, 'quick-20261127T033012Z');
  assert.deepEqual(
    [result.run.startedAt, result.run.finishedAt],
    ['2026-11-27T03:30:12.000Z', '2026-11-27T04:30:12.000Z'],
  );
  assert.deepEqual(
    result.environment.targets.map((t) => [t.id, t.serverVersion]),
    [
      ['t0001', '15.18'],
      ['t0002', '16.14'],
      ['t0003', '17.10'],
      ['t0004', '18.4'],
      ['t0005', '15.18'],
    ],
  );
  // The quick fixture's pg17: 2 workloads × 2 client counts × 3 repeats, for each target.
  assert.equal(result.cells.length, 5 * 12);
  assert.equal(new Set(result.cells.map((c) => c.id)).size, 60);
  assert.deepEqual(
    result.cells
      .filter((c) => c.target === 't0005')
      .map((c) => c.id)
      .slice(0, 2),
    ['t0005/select-only/small/c1/r1', 't0005/select-only/small/c1/r2'],
  );
  assert.deepEqual(resultProblems(result, name), []);
});
