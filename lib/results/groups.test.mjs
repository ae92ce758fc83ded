import {test} from 'node:test';
import assert from 'node:assert/strict';
import {groupKey} from './groups.mjs';

test("a group's key is the same for a planned cell and a result's cell", () => {
  assert.equal(groupKey({scenario: 'small', workload: 'tpcb', clients: 1}), 'small/tpcb/c1');
  assert.equal(
    groupKey({scenario: 'small', workload: 'tpcb', parameters: {clients: 1}, target: 'pg15'}),
    'small/tpcb/c1',
  );
});
