// Source lines fit the formatter's width (biome.jsonc: 120): the formatter
// wraps code, but not long strings, regular expressions or comments.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../../lib/list-files.mjs';

const root = new URL('../../', import.meta.url).pathname;
const WIDTH = 120;
// Generated: one line of base64 (npm run build:wasm); Ajv's validator code (npm run build:validators).
const GENERATED = ['lib/pgbench/scan-log.wasm.mjs'];
const GENERATED_DIRS = ['lib/validation/compiled/'];

test(`every source line is at most ${WIDTH} characters`, () => {
  const files = ['lib', 'scripts', 'src', 'test', 'docs']
    .flatMap((dir) => listFiles(path.join(root, dir), ['.mjs', '.js', '.jsx', '.css', '.mdx']))
    .filter((f) => !f.includes('/test/fixtures/') && !GENERATED.includes(path.relative(root, f)))
    .filter((f) => !GENERATED_DIRS.some((dir) => path.relative(root, f).startsWith(dir)));
  const long = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => ([...line].length > WIDTH ? [`${path.relative(root, file)}:${i + 1}`] : [])),
  );
  assert.ok(files.length > 100, 'the scan found the sources');
  assert.deepEqual(long, []);
});
