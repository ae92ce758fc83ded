// Compiles the project's JSON Schemas (schemas/*.schema.json) ahead of time
// into validator modules (Ajv's standalone code), so that checking a file
// costs no schema compilation: Ajv's compiler took ~0.3 s of every process
// that validated. `npm run build:validators` writes them into
// lib/validation/compiled/; compiled.test.mjs fails when one is stale.
import {readFileSync} from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';

export const SCHEMAS = ['dataset', 'result', 'services', 'study', 'suite'];

const schemaFile = (name) => new URL(`../../schemas/${name}.schema.json`, import.meta.url);
export const compiledFile = (name) => new URL(`./compiled/${name}.mjs`, import.meta.url);

/** The source of one schema's validator module: `export default function validate(data)`, errors on `.errors`. */
export function compileSchema(name) {
  // strictTypes off: shared definitions leave "type" to each place that uses them (object, or object or null).
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictTypes: false,
    allowUnionTypes: true,
    code: {source: true, esm: true},
  });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile(name), 'utf8')));
  // Ajv writes its runtime helpers (formats, string length) as require() calls, even in ESM: a require is
  // made for them (import would read these CommonJS modules one way in Node and another in Docusaurus).
  const code = standaloneCode.default(ajv, validate).replace(/^"use strict";/, '');
  return [
    `// Generated from schemas/${name}.schema.json by npm run build:validators: do not edit.`,
    ...(code.includes('require(')
      ? ["import {createRequire} from 'node:module';", 'const require = createRequire(import.meta.url);']
      : []),
    code,
    '',
  ].join('\n');
}
