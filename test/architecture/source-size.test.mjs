// Small enough to read at once: no source file of lib/, scripts/ or src/ is
// over 300 lines and no function over 80, except pgbench's output and log
// parsers (one state machine each, read line by line) and generated code. Each
// component is a folder of its own with an index.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from '@babel/parser';
import {listFiles} from '../../lib/list-files.mjs';

const root = new URL('../../', import.meta.url).pathname;
const FILE_LINES = 300;
const FUNCTION_LINES = 80;
/** The parsers of pgbench's output and logs, each one state machine over its lines. */
const PARSERS = ['lib/pgbench/parse-output.mjs', 'lib/pgbench/transaction-log.mjs', 'lib/pgbench/aggregate-log.mjs'];

const sources = () =>
  ['lib', 'scripts', 'src']
    .flatMap((dir) => listFiles(path.join(root, dir), ['.mjs', '.js', '.jsx']))
    .map((f) => path.relative(root, f))
    .filter((f) => !f.endsWith('.test.mjs') && !f.startsWith('lib/validation/compiled/') && !PARSERS.includes(f));

/** Every function of a source text longer than `limit` lines: "name (line): N lines". */
export function longFunctions(text, limit = FUNCTION_LINES) {
  const long = [];
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node.type !== 'string') return;
    if (/Function|Method/.test(node.type)) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      const name = node.id?.name ?? node.key?.name ?? '(anonymous)';
      if (lines > limit) long.push(`${name} (line ${node.loc.start.line}): ${lines} lines`);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'loc' && typeof value === 'object') visit(value);
  };
  visit(parse(text, {sourceType: 'module', plugins: ['jsx']}).program);
  return long;
}

test(`no source file is over ${FILE_LINES} lines`, () => {
  const files = sources();
  assert.ok(files.length > 150, `${files.length} source files`);
  const long = files
    .map((f) => [f, readFileSync(path.join(root, f), 'utf8').split('\n').length - 1])
    .filter(([, lines]) => lines > FILE_LINES)
    .map(([f, lines]) => `${f}: ${lines} lines`);
  assert.deepEqual(long, []);
});

test(`no function is over ${FUNCTION_LINES} lines`, () => {
  const long = sources().flatMap((f) =>
    longFunctions(readFileSync(path.join(root, f), 'utf8')).map((l) => `${f}: ${l}`),
  );
  assert.deepEqual(long, []);
});

test('the function scan sees declarations, arrows, methods and components', () => {
  const body = (n) => Array.from({length: n}, (_, i) => `  const v${i} = ${i};`).join('\n');
  const text = [
    `function short() {\n${body(3)}\n}`,
    `export function long() {\n${body(80)}\n}`,
    `const arrow = () => {\n${body(78)}\n};`,
    `const object = {method() {\n${body(81)}\n}};`,
    `export default function View() {\n${body(90)}\n  return <div />;\n}`,
  ].join('\n');
  assert.deepEqual(longFunctions(text), [
    'long (line 6): 82 lines',
    'method (line 168): 83 lines',
    'View (line 251): 93 lines',
  ]);
});

test('each component is a folder of its own with an index', () => {
  const files = listFiles(path.join(root, 'src', 'components'), ['.jsx']);
  const loose = files.filter((f) => path.dirname(path.dirname(f)) !== path.join(root, 'src', 'components'));
  assert.deepEqual(loose, []);
});
