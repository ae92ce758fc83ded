import {test} from 'node:test';
import assert from 'node:assert/strict';
import {decodeText} from './read-text.mjs';

const bytes = (...parts) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

test('a BOM is dropped, and U+FFFD written in the file is text like any other', () => {
  assert.equal(decodeText(bytes([0xef, 0xbb, 0xbf], '{"a":1}'), 'f'), '{"a":1}');
  assert.equal(decodeText(bytes('a\ufffdb\ufffd'), 'f'), 'a\ufffdb\ufffd');
});

test('bytes that are not UTF-8 are refused with the file and the offset of the first one', () => {
  assert.throws(
    () => decodeText(bytes('tps = 1', [0xe9], ' x'), 'run.txt'),
    /^Error: run\.txt: not UTF-8 text: byte 7 \(0xe9\)/,
  );
  // After a BOM, a real U+FFFD and multi-byte characters, the offset still counts bytes.
  assert.throws(() => decodeText(bytes([0xef, 0xbb, 0xbf], 'é\ufffd万', [0xff]), 'f'), /byte 11 \(0xff\)/);
  // A sequence cut short at the end of the file.
  assert.throws(() => decodeText(bytes('ok', [0xe4, 0xb8]), 'f'), /byte 2 \(0xe4\)/);
});
