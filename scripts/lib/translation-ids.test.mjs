import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {findTranslationIds} from './translation-ids.mjs';

function file(name, text) {
  const p = path.join(mkdtempSync(path.join(tmpdir(), 'ids-')), name);
  writeFileSync(p, text);
  return p;
}

test('finds Translate elements and id/message props with their line', () => {
  const p = file('page.mdx', [
    '<PageTitle id="page.title" message="Title" />',
    '',
    '<h1><Translate id="page.heading">Heading</Translate></h1>',
  ].join('\n'));
  const ids = findTranslationIds([p]);
  assert.deepEqual([...ids.keys()], ['page.heading', 'page.title']);
  assert.deepEqual(ids.get('page.heading'), {message: 'Heading', file: p, line: 3});
  assert.deepEqual(ids.get('page.title'), {message: 'Title', file: p, line: 1});
});

test('one id with two English messages is an error naming both places', () => {
  const a = file('a.mdx', '<Translate id="x">One</Translate>');
  const b = file('b.mdx', '\n<Translate id="x">Two</Translate>');
  assert.throws(() => findTranslationIds([a, b]), new RegExp(`${b}:2: translation id "x".*${a}:1`));
});
