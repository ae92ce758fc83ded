import {test} from 'node:test';
import assert from 'node:assert/strict';
import {foldFunctionRows, messageGroups} from './on-demand.mjs';
import {pairKey} from '../model/keys.mjs';
import {SITE_PAGES} from './site-pages.mjs';
import {page as translating} from './translating-page.mjs';

test('function rows and how they were counted leave the groups for onDemand; the rest stays', () => {
  const rows = [{function: 'ExecInsert', change: '+1%'}];
  const method = 'Counted under Callgrind.';
  const groups = [
    {
      id: 'small-tpcb',
      instructions: {margin: '1%', method, functions: [{target: 'pg18', name: 'PostgreSQL 18', rows}]},
    },
    {id: 'large-tpcb', instructions: null},
  ];
  const {items, functions, methods} = foldFunctionRows(groups);
  assert.deepEqual(items[0].instructions, {
    margin: '1%',
    method: null,
    functions: [{target: 'pg18', name: 'PostgreSQL 18'}],
  });
  assert.equal(items[1], groups[1]);
  assert.deepEqual(functions, {[pairKey('small-tpcb', 'pg18')]: rows});
  assert.deepEqual(methods, {'small-tpcb': method});
  assert.ok(groups[0].instructions.functions[0].rows, 'the input is left as it was');
});

test('tables against other bases go on demand whole, by group and base, where the page lets a reader choose', () => {
  const rows = [{function: 'ExecInsert', change: '+1%'}];
  const against17 = [{target: 'pg18', baseTarget: 'pg17', rows}];
  const instructions = {
    functionsBase: 'pg15',
    functions: [{target: 'pg18', baseTarget: 'pg15', rows}],
    functionsVersus: {pg17: against17},
  };
  const {items, versus} = foldFunctionRows([{id: 'small-tpcb', instructions}], {versus: true});
  assert.deepEqual(versus, {[pairKey('small-tpcb', 'pg17')]: against17});
  assert.deepEqual(items[0].instructions, {
    functionsBase: 'pg15',
    method: null,
    functions: [{target: 'pg18', baseTarget: 'pg15'}],
    functionBases: ['pg17'],
  });
  // A page without a baseline to choose (the planner's) carries none of them.
  const plain = foldFunctionRows([{id: 'small-tpcb', instructions}]);
  assert.equal(plain.versus, undefined);
  assert.deepEqual(Object.keys(plain.items[0].instructions), ['functionsBase', 'functions', 'method']);
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
