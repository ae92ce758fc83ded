// Every field of the suite, dataset, study and services schemas is described in the schema and
// named in its .md (result.schema.json has its own test: result-docs.test.mjs).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readDoc, readSchema, schemaFields} from './schema-fields.mjs';

for (const name of ['suite', 'dataset', 'study', 'services']) {
  test(`every ${name} field is described in the schema and named in ${name}.md`, () => {
    const doc = readDoc(`${name}.md`);
    let fields = 0;
    for (const [path, field, def] of schemaFields(readSchema(`${name}.schema.json`))) {
      fields++;
      assert.ok(def.description, `${path} needs a "description"`);
      assert.ok(doc.includes(`\`${field}\``), `schemas/${name}.md does not mention \`${field}\` (${path})`);
    }
    assert.ok(fields > 20, `only ${fields} fields found: the walk is broken`);
  });
}
