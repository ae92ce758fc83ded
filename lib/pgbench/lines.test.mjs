import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createLineSplitter, splitLines} from './lines.mjs';

test('LF, CRLF and a lone CR each end a line', () => {
  assert.deepEqual(splitLines('a\nb\r\nc\rd'), ['a', 'b', 'c', 'd']);
});

test('a final line end does not make an empty line, but blank lines inside stay', () => {
  assert.deepEqual(splitLines('a\n\nb\n'), ['a', '', 'b']);
});

test('a CRLF split across two chunks is one line end', () => {
  const s = createLineSplitter();
  assert.deepEqual(s.push('one\r'), []);
  assert.deepEqual(s.push('\ntwo\r'), ['one']);
  assert.deepEqual(s.push('three'), ['two']);
  assert.deepEqual(s.end(), ['three']);
});

test('chunked splitting equals whole-text splitting at every cut', () => {
  const text = 'x\r\ny\rz\n\nlast\r';
  for (let cut = 0; cut <= text.length; cut++) {
    const s = createLineSplitter();
    const lines = [...s.push(text.slice(0, cut)), ...s.push(text.slice(cut)), ...s.end()];
    assert.deepEqual(lines, splitLines(text), `cut at ${cut}`);
  }
});
