// Every field of the suite schema is described in it and named in suite.md.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';

const dir = new URL('../../schemas/', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('suite.schema.json', dir), 'utf8'));
const doc = readFileSync(new URL('suite.md', dir), 'utf8');

function* properties(node, at = '') {
  for (const [name, def] of Object.entries(node?.properties ?? {})) {
    yield [`${at}.${name}`, name, def];
    yield* properties(def, `${at}.${name}`);
    yield* properties(def.items, `${at}.${name}[]`);
  }
}

test('every suite field is described in the schema and named in suite.md', () => {
  for (const [path, name, def] of properties(schema)) {
    assert.ok(def.description, `${path} needs a "description"`);
    assert.ok(doc.includes(`\`${name}\``), `schemas/suite.md does not mention \`${name}\` (${path})`);
  }
});
