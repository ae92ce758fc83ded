import {test} from 'node:test';
import assert from 'node:assert/strict';
import {keyLines, positionOf} from './json-lines.mjs';

test('every nested key gets its line', () => {
  const text = '{\n  "a": {\n    "b": "x",\n    "c": {"d": "y, \\"z\\": {"}\n  },\n  "e": "w"\n}\n';
  assert.deepEqual(Object.fromEntries(keyLines(text)), {a: 2, 'a.b': 3, 'a.c': 4, 'a.c.d': 4, e: 6});
});

test('a key with escapes is read as JSON reads it', () => {
  assert.deepEqual([...keyLines('{"a\\u00e9\\"": "v"}').keys()], ['aé"']);
});

test('an offset becomes a line and column', () => {
  assert.deepEqual(positionOf('{\n  "a": ,\n}', 9), {line: 2, column: 8});
});
