// The schema and its explanation stay together: every field is described in
// result.schema.json and named in result.md.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';

const dir = new URL('../../schemas/', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('result.schema.json', dir), 'utf8'));
const doc = readFileSync(new URL('result.md', dir), 'utf8');

/** [path, name, definition] for every property in the schema. */
function* properties(node, at = '') {
  if (!node || typeof node !== 'object') return;
  for (const [name, def] of Object.entries(node.properties ?? {})) {
    yield [`${at}.${name}`, name, def];
    yield* properties(def, `${at}.${name}`);
  }
  for (const key of ['items', 'then', 'else']) yield* properties(node[key], at);
  for (const [name, def] of Object.entries(node.$defs ?? {})) yield* properties(def, `$defs.${name}`);
}

test('every field of the result schema has a description', () => {
  for (const [path, , def] of properties(schema))
    assert.ok(def.description || def.$ref, `${path} needs a "description"`);
});

test('every field of the result schema is named in result.md', () => {
  for (const [path, name] of properties(schema))
    assert.ok(
      doc.includes(`\`${name}\``) || doc.includes(`\`${name}[]\``),
      `schemas/result.md does not mention \`${name}\` (${path})`,
    );
});
