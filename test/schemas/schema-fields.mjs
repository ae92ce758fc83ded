// The fields of a JSON Schema, for the tests that keep each schema and its
// explanation (schemas/*.md) complete.
import {readFileSync} from 'node:fs';

const dir = new URL('../../schemas/', import.meta.url);
export const readSchema = (name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
export const readDoc = (name) => readFileSync(new URL(name, dir), 'utf8');

/** [path, name, definition] for every property, through objects and array items. */
export function* schemaFields(node, at = '') {
  for (const [name, def] of Object.entries(node?.properties ?? {})) {
    yield [`${at}.${name}`, name, def];
    yield* schemaFields(def, `${at}.${name}`);
    yield* schemaFields(def.items, `${at}.${name}[]`);
  }
}
