import {test} from 'node:test';
import assert from 'node:assert/strict';
import {plainWordDiff, wordDiff} from './word-diff.mjs';

test('a reworded English message shows only the words that changed', () => {
  assert.equal(
    plainWordDiff('The baseline is the oldest version.', 'The reference is the oldest version measured.'),
    'The [-baseline-]{+reference+} is the oldest version{+ measured+}.',
  );
  assert.equal(
    plainWordDiff('{{name}} wins in {{count}} tests', '{{name}} wins in {{count}} of {{total}} tests'),
    '{{name}} wins in {{count}} {+of {{total}} +}tests',
  );
  assert.deepEqual(wordDiff('same', 'same'), [{kind: 'same', text: 'same'}]);
  assert.deepEqual(wordDiff('', 'new'), [{kind: 'added', text: 'new'}]);
});
