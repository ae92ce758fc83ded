import {test} from 'node:test';
import assert from 'node:assert/strict';
import {foldFunctionRows, messageGroups} from './on-demand.mjs';
import {pairKey} from '../results/keys.mjs';
import {SITE_PAGES} from './site-pages.mjs';
import {page as translating} from './translating-page.mjs';

test('function rows leave the groups for onDemand, keyed by group and version; the rest stays', () => {
  const rows = [{function: 'ExecInsert', change: '+1%'}];
  const groups = [
    {id: 'small-tpcb', instructions: {margin: '1%', functions: [{target: 'pg18', name: 'PostgreSQL 18', rows}]}},
    {id: 'large-tpcb', instructions: null},
  ];
  const {items, functions} = foldFunctionRows(groups);
  assert.deepEqual(items[0].instructions, {margin: '1%', functions: [{target: 'pg18', name: 'PostgreSQL 18'}]});
  assert.equal(items[1], groups[1]);
  assert.deepEqual(functions, {[pairKey('small-tpcb', 'pg18')]: rows});
  assert.ok(groups[0].instructions.functions[0].rows, 'the input is left as it was');
});

test('the Translating page keeps its groups and counts; every message goes on demand', () => {
  const messages = [
    {key: 'common.a', translation: null},
    {key: 'common.b', translation: 'x'},
    {key: 'home.c', translation: null},
  ];
  assert.deepEqual(messageGroups(messages), [
    {group: 'common', count: 2},
    {group: 'home', count: 1},
  ]);
  const split = translating.split({file: 'f', context: {messages, placeholders: {}}});
  assert.deepEqual(split, {
    file: 'f',
    contextGroups: [
      {group: 'common', count: 2},
      {group: 'home', count: 1},
    ],
    hasTranslation: true,
    onDemand: {context: {messages, placeholders: {}}},
  });
  // A page without a split has nothing on demand.
  assert.equal(SITE_PAGES.find((p) => p.id === 'runs').split, undefined);
});
