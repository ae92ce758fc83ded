import assert from 'node:assert/strict';
import {test} from 'node:test';
import {niceTicks} from './ticks.mjs';

test('ticks start at zero, step by 1, 2 or 5 × 10^n and reach the maximum', () => {
  const ticks = niceTicks({max: 2335, kind: 'tps', locale: 'en'});
  assert.deepEqual(
    ticks.map((t) => t.value),
    [0, 500, 1000, 1500, 2000, 2500],
  );
  assert.deepEqual(
    ticks.map((t) => t.label),
    ['0', '500', '1,000', '1,500', '2,000', '2,500'],
  );
});

test('labels follow the locale and the kind', () => {
  const ticks = niceTicks({max: 0.7, kind: 'ms', locale: 'en'});
  assert.deepEqual(
    ticks.map((t) => t.value),
    [0, 0.2, 0.4, 0.6, 0.8],
  );
  assert.equal(niceTicks({max: 9000, kind: 'tps', locale: 'ja'}).at(-1).label, '10,000');
  assert.equal(niceTicks({max: 8, kind: 'ratio', locale: 'en', label: (r) => `${r}×`})[1].label, '2.0×');
});

test('a maximum on a step is the last tick; an empty span still gives an axis', () => {
  assert.equal(niceTicks({max: 100, kind: 'integer', locale: 'en'}).at(-1).value, 100);
  assert.ok(niceTicks({max: 0, kind: 'integer', locale: 'en'}).length >= 2);
});

test('a whole-number axis of two seconds ticks each second, never half of one', () => {
  assert.deepEqual(
    niceTicks({max: 2, kind: 'integer', locale: 'en'}).map((x) => x.label),
    ['0', '1', '2'],
  );
});
