import {test} from 'node:test';
import assert from 'node:assert/strict';
import {findMessages, messageFinder, messageMarks, messagesOfText} from './marks.mjs';

test('a marked message is found in a builder sentence with its values filled in', () => {
  const finder = messageFinder([
    {key: 'versions.answer', state: 'stale', text: '{{newer}} は {{older}} より {{change}} 速い。'},
    {key: 'common.baseline', state: 'english', text: 'baseline'},
  ]);
  assert.deepEqual(findMessages('PostgreSQL 18 は PostgreSQL 15 より +4.6% 速い。表を参照。', finder), [
    'PostgreSQL ',
    {key: 'versions.answer', state: 'stale', text: '18 は PostgreSQL 15 より +4.6% 速い。'},
    '表を参照。',
  ]);
  assert.deepEqual(findMessages('基準 (baseline)', finder), [
    '基準 (',
    {key: 'common.baseline', state: 'english', text: 'baseline'},
    ')',
  ]);
  assert.deepEqual(findMessages('何もない', finder), ['何もない']);
  // A message's words end where the message does, not at the dot of a figure inside a value.
  const parts = messageFinder([{key: 'answer', text: 'Faster in {{count}} tests: {{parts}}.'}]);
  assert.deepEqual(findMessages('Faster in 3 tests: 4.26 times on IO. Next.', parts), [
    {key: 'answer', state: undefined, text: 'Faster in 3 tests: 4.26 times on IO.'},
    ' Next.',
  ]);
});

test('the message with more words wins where two would overlap; a value at the end runs to the next space', () => {
  const finder = messageFinder([
    {key: 'short', text: 'runs of'},
    {key: 'long', text: 'all runs of {{suite}}'},
  ]);
  assert.deepEqual(findMessages('see all runs of quick now', finder), [
    'see ',
    {key: 'long', state: undefined, text: 'all runs of quick'},
    ' now',
  ]);
});

test('marks: English over stale, by key; a message of few letters is marked by its key, not found by words', () => {
  const shown = {a: 'Shown in English here', b: 'ベースライン', c: '{{value}} ms', d: '古い訳の文'};
  const marks = messageMarks({fallback: ['a'], untranslated: ['c'], stale: ['d', 'a']}, (k) => shown[k]);
  assert.deepEqual(marks, [
    {key: 'a', state: 'english', text: 'Shown in English here'},
    {key: 'c', state: 'english', text: '{{value}} ms'},
    {key: 'd', state: 'stale', text: '古い訳の文'},
  ]);
  assert.deepEqual(
    messageFinder(marks).entries.map((e) => e.key),
    ['a', 'd'],
  );
});

test('a piece of page text leads to its message: typed from the catalog, or copied from a page with its values', () => {
  const catalogs = new Map([
    [
      'en',
      new Map([
        ['versions.lead', 'The transactions pgbench ships with.'],
        ['common.faster', '{{a}} is faster than {{b}}.'],
      ]),
    ],
    [
      'ja',
      new Map([
        ['versions.lead', 'pgbench に含まれるトランザクション。'],
        ['common.faster', '{{a}} は {{b}} より速い。'],
      ]),
    ],
  ]);
  assert.deepEqual(messagesOfText('含まれる', catalogs), [
    {key: 'versions.lead', locale: 'ja', text: 'pgbench に含まれるトランザクション。'},
  ]);
  assert.deepEqual(
    messagesOfText('  the TRANSACTIONS\n pgbench ', catalogs).map((m) => m.key),
    ['versions.lead'],
  );
  assert.deepEqual(messagesOfText('結果: PostgreSQL 18 は PostgreSQL 15 より速い。pgbench に含まれる', catalogs), [
    {key: 'common.faster', locale: 'ja', text: '{{a}} は {{b}} より速い。'},
  ]);
  assert.deepEqual(messagesOfText('nothing of the sort', catalogs), []);
  // Part of a sentence, with its figures.
  const more = new Map([
    ['en', new Map([['common.differs', '{{name}} differs from {{base}} by {{change}} in {{runs}} runs.']])],
  ]);
  assert.deepEqual(
    messagesOfText('differs from 14 by +3.2%', more).map((m) => m.key),
    ['common.differs'],
  );
  // Names are values too: a Korean sentence copied with its servers' names.
  const ko = new Map([
    [
      'ko',
      new Map([
        ['common.version', 'PostgreSQL {{version}}'],
        ['managed.higher', '{{base}} 대비 {{name}}의 처리량이 {{change}} 높습니다'],
      ]),
    ],
  ]);
  assert.deepEqual(
    messagesOfText('RDS 대비 Aurora의 처리량이 3.2% 높습니다', ko).map((m) => m.key),
    ['managed.higher'],
  );
  assert.deepEqual(
    messagesOfText('PostgreSQL 16 대비 PostgreSQL 17의 처리량이', ko).map((m) => m.key),
    ['managed.higher'],
  );
});

test('a message is found as whole words, within its sentence, and a value at its start stops at a clause', () => {
  const finder = messageFinder([
    {key: 'faster', text: '{{a}}はPG16より速い'},
    {key: 'runs', text: 'shorter runs'},
    {key: 'dropped', text: 'Runs of {{suite}} were dropped'},
  ]);
  assert.deepEqual(findMessages('表では、PG17はPG16より速い', finder), [
    '表では、',
    {key: 'faster', state: undefined, text: 'PG17はPG16より速い'},
  ]);
  assert.deepEqual(findMessages('shorter runsets', finder), ['shorter runsets']);
  assert.deepEqual(findMessages('Runs of X. Those were dropped', finder), ['Runs of X. Those were dropped']);
  assert.deepEqual(findMessages('Runs of v1.2 were dropped', finder), [
    {key: 'dropped', state: undefined, text: 'Runs of v1.2 were dropped'},
  ]);
});
