import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {compileWat, wasmModuleSource} from '../wasm-module.mjs';

const wat = new URL('./scan-log.wat', import.meta.url).pathname;
const built = new URL('./scan-log.wasm.mjs', import.meta.url).pathname;

test('scan-log.wasm.mjs is built from the current scan-log.wat (else: npm run build:wasm)', async () => {
  const bytes = await compileWat(wat, readFileSync(wat, 'utf8'));
  assert.equal(readFileSync(built, 'utf8'), wasmModuleSource(wat, bytes), 'run: npm run build:wasm');
});
