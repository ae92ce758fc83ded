// One view per folder, each small enough to read at once: no file of a
// component (src/components/<View>/) is over 300 lines.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../../lib/list-files.mjs';

const root = new URL('../../', import.meta.url).pathname;
const LIMIT = 300;

test(`no component file is over ${LIMIT} lines`, () => {
  const files = listFiles(path.join(root, 'src', 'components'), ['.jsx', '.js', '.mjs']);
  assert.ok(files.length > 20, `${files.length} component files`);
  const long = files
    .map((f) => [path.relative(root, f), readFileSync(f, 'utf8').split('\n').length - 1])
    .filter(([, lines]) => lines > LIMIT)
    .map(([f, lines]) => `${f}: ${lines} lines`);
  assert.deepEqual(long, []);
});

test('each component is a folder of its own with an index', () => {
  const files = listFiles(path.join(root, 'src', 'components'), ['.jsx']);
  const loose = files.filter((f) => path.dirname(path.dirname(f)) !== path.join(root, 'src', 'components'));
  assert.deepEqual(loose, []);
});
