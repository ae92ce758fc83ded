import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cellKey, groupAnchor, groupKey, pairKey, parseCellKey, parseGroupKey} from './keys.mjs';

test("a group's key is the same for a planned cell and a result's cell", () => {
  assert.equal(groupKey({scenario: 'small', workload: 'tpcb', clients: 1}), 'small/tpcb/c1');
  assert.equal(
    groupKey({scenario: 'small', workload: 'tpcb', parameters: {clients: 1}, target: 'pg15'}),
    'small/tpcb/c1',
  );
});

test('a group key reads back; other text is no key', () => {
  assert.deepEqual(parseGroupKey('small/tpcb/c16'), {scenario: 'small', workload: 'tpcb', clients: 16});
  assert.equal(parseGroupKey('small/tpcb'), null);
  assert.equal(parseGroupKey('small/tpcb/c0'), null);
  assert.equal(parseGroupKey('a/b/c/c1'), null);
});

test("a cell's key names its target and group; a pair's its page id and target", () => {
  assert.equal(
    cellKey({target: 'pg18', scenario: 'small', workload: 'tpcb', parameters: {clients: 4}}),
    'pg18 small/tpcb/c4',
  );
  assert.equal(pairKey('small-tpcb', 'pg18'), 'small-tpcb/pg18');
});

test('an anchor names the clients only where its scenario ran several counts', () => {
  const group = {scenario: 'small', workload: 'tpcb', clients: 4};
  assert.equal(groupAnchor(group), 'small-tpcb');
  assert.equal(groupAnchor(group, 2), 'small-tpcb-c4');
});

test("a cell's key reads back to its target and group", () => {
  assert.deepEqual(parseCellKey('pg15-aa small/tpcb/c1'), {target: 'pg15-aa', group: 'small/tpcb/c1'});
  assert.equal(parseCellKey('pg15-aa'), null);
  assert.equal(parseCellKey('pg15 small/tpcb'), null);
});
