import {test} from 'node:test';
import assert from 'node:assert/strict';
import {groupFigures, versusBaseline} from './repeat-stats.mjs';

test('a comparison says when its interval reaches past the margin: an A/A whose noise exceeds it', () => {
  const stat = (values) => ({values, median: [...values].sort((a, b) => a - b)[values.length >> 1], keys: null});
  const base = stat([100, 101, 99, 100, 102, 98]);
  const [near, wide] = versusBaseline(
    base,
    [stat([100, 100.5, 99.5, 101, 99, 100]), stat([80, 125, 95, 110, 70, 130])],
    {locale: 'en', margin: 0.12},
  );
  // Worked out by hand. Two comparisons, Holm: the first at 97.5%. Six runs a side: the exact rank-sum
  // distribution has 7 of its 924 orderings at U ≤ 3 (0.0076 a side), so the interval of the change runs from
  // the 4th smallest to the 4th largest of the 36 ratios of a candidate's run to a baseline run's.
  // Near: 100/102 to 100/98, inside ±12%. Wide: 70/100 to 130/100 (the baseline's 100 counts twice).
  assert.equal(near.level, '97.5%');
  assert.deepEqual(
    [near.low, near.high].map((x) => x.toFixed(6)),
    [(100 / 102 - 1).toFixed(6), (100 / 98 - 1).toFixed(6)],
  );
  assert.deepEqual([near.lowText, near.highText, near.beyondMargin], ['-2%', '+2%', false]);
  assert.deepEqual(
    [wide.low, wide.high].map((x) => x.toFixed(6)),
    ['-0.300000', '0.300000'],
  );
  assert.deepEqual([wide.lowText, wide.highText, wide.beyondMargin], ['-30%', '+30%', true]);
});

test('a page compares nothing bench compare would not: an ok repeat without the figure leaves no comparison', () => {
  const cells = (target, values) =>
    values.map((tps, i) => ({
      target,
      workload: 'w',
      scenario: 's',
      repeat: i + 1,
      status: 'ok',
      parameters: {clients: 1},
      summary: {tps},
    }));
  const stats = groupFigures(
    [...cells('a', [100, 101, 99, 100, 102]), ...cells('b', [120, 0, 121, 119, 122])],
    ['tps'],
    'en',
  );
  const [a, b] = [...stats.values()].map((g) => g.figures.tps);
  assert.equal(b.text, '121', 'the figure is still shown, from the repeats that have one');
  assert.deepEqual(versusBaseline(a, [b], {locale: 'en'}), [null]);
  assert.deepEqual(versusBaseline(b, [a], {locale: 'en'}), [null]);
});
