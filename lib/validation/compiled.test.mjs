import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import test from 'node:test';
import {compiledFile, compileSchema, SCHEMAS} from './compile-schemas.mjs';

test('every schema has a validator module, and each is what its schema compiles to now', () => {
  const schemas = readdirSync(new URL('../../schemas/', import.meta.url))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.replace('.schema.json', ''));
  assert.deepEqual(SCHEMAS, schemas.sort(), 'compile-schemas.mjs lists every schema');
  for (const name of SCHEMAS) {
    assert.equal(
      readFileSync(compiledFile(name), 'utf8'),
      compileSchema(name),
      `lib/validation/compiled/${name}.mjs is stale: run npm run build:validators`,
    );
  }
});
