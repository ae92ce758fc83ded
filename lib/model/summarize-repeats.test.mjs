import {test} from 'node:test';
import assert from 'node:assert/strict';
import {notComparable, summarizeRepeats} from './summarize-repeats.mjs';
import {median} from '../stats/median.mjs';

test('median of odd and even counts, and of nothing', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([]), null);
});

const cell = (target, clients, repeat, status, tps) => ({
  target,
  workload: 'ro',
  scenario: 's',
  repeat,
  status,
  parameters: {clients},
  summary: status === 'ok' ? {tps} : null,
});

test('repeats are grouped per cell; failed repeats count as repeats but not as figures', () => {
  const cells = [
    cell('pg17', 1, 1, 'ok', 100),
    cell('pg17', 1, 2, 'ok', 120),
    cell('pg17', 1, 3, 'failed'),
    cell('pg18', 1, 1, 'ok', 90),
    cell('pg18', 1, 2, 'ok', 95),
    cell('pg18', 1, 3, 'ok', 80),
  ];
  assert.deepEqual(
    summarizeRepeats(cells, (c) => c.summary.tps),
    [
      {
        key: 'pg17 s/ro/c1',
        target: 'pg17',
        workload: 'ro',
        scenario: 's',
        clients: 1,
        repeats: 3,
        okCells: 2,
        ok: 2,
        median: 110,
        min: 100,
        max: 120,
        values: [100, 120],
        keys: [null, null],
      },
      {
        key: 'pg18 s/ro/c1',
        target: 'pg18',
        workload: 'ro',
        scenario: 's',
        clients: 1,
        repeats: 3,
        okCells: 3,
        ok: 3,
        median: 90,
        min: 80,
        max: 95,
        values: [90, 95, 80],
        keys: [null, null, null],
      },
    ],
  );
  // With a twin key: each value's, in the same order; failed repeats have none.
  const [pg17] = summarizeRepeats(
    cells,
    (c) => c.summary.tps,
    (c) => `r${c.repeat}`,
  );
  assert.deepEqual(pg17.keys, ['r1', 'r2']);
});

test('a cell whose every repeat failed has no figure', () => {
  const [group] = summarizeRepeats([cell('pg17', 4, 1, 'aborted')], (c) => c.summary.tps);
  assert.deepEqual([group.ok, group.median, group.min, group.max], [0, null, null, null]);
});

test('one rule for what cannot be compared: no ok repeat, or an ok repeat without the figure', () => {
  const of = (cells) => notComparable(summarizeRepeats(cells, (c) => c.summary?.tps)[0], 'tps');
  assert.equal(of([cell('pg17', 1, 1, 'ok', 100), cell('pg17', 1, 2, 'failed')]), null);
  assert.equal(of([cell('pg17', 1, 1, 'failed'), cell('pg17', 1, 2, 'aborted')]), 'none of its 2 cells is ok');
  // A 0 is what a failed run leaves: an ok repeat with it is no measurement, and its group is not compared.
  assert.equal(
    of([cell('pg17', 1, 1, 'ok', 100), cell('pg17', 1, 2, 'ok', 0), cell('pg17', 1, 3, 'ok', 120)]),
    '1 of its 3 ok cells have no tps above 0',
  );
});
