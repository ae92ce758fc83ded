#!/usr/bin/env node
// `npm run build:validators`: compiles each JSON Schema into a validator
// module (lib/validation/compile-schemas.mjs says why). Run it after editing
// a schema; lib/validation/compiled.test.mjs fails until it is run.
//
// Reads:  schemas/*.schema.json
// Writes: lib/validation/compiled/<name>.mjs (atomically)
// Exit:   0 built; 1 a schema does not compile (Ajv's message names the keyword)
import {fileURLToPath} from 'node:url';
import {compiledFile, compileSchema, SCHEMAS} from '../lib/validation/compile-schemas.mjs';
import {writeFileAtomically} from '../lib/write-file-atomically.mjs';

let failed = false;
for (const name of SCHEMAS) {
  try {
    const target = fileURLToPath(compiledFile(name));
    writeFileAtomically(target, compileSchema(name));
    console.log(`built ${target}`);
  } catch (error) {
    console.error(`schemas/${name}.schema.json: ${error.message}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
