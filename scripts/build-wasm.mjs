#!/usr/bin/env node
// `npm run build:wasm`: compiles each WebAssembly text file in lib/ into
// a JavaScript module holding its bytes (base64), loaded without file I/O.
//
// Reads:  lib/**/*.wat
// Writes: the sibling *.wasm.mjs of each (atomically: .new, then rename)
// Exit:   0 built; 1 a .wat file does not compile (wabt's message names the line)
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {listFiles} from '../lib/list-files.mjs';
import {writeFileAtomically} from '../lib/write-file-atomically.mjs';
import {compileWat, wasmModuleSource} from '../lib/wasm-module.mjs';

const libDir = fileURLToPath(new URL('../lib/', import.meta.url));
let failed = false;
for (const wat of listFiles(libDir, ['.wat'])) {
  try {
    const target = wat.replace(/\.wat$/, '.wasm.mjs');
    writeFileAtomically(target, wasmModuleSource(wat, await compileWat(wat, readFileSync(wat, 'utf8'))));
    console.log(`built ${target}`);
  } catch (error) {
    console.error(`${wat}: ${error.message}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
