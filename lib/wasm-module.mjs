// Turns WebAssembly text into the generated module that carries its bytes.
import path from 'node:path';

/** Compiles WAT with wabt (a dev dependency: only builds and tests need it). */
export async function compileWat(file, text) {
  const wabt = await (await import('wabt')).default();
  const module = wabt.parseWat(path.basename(file), text);
  try {
    module.validate();
    return Buffer.from(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}

/** The source of `<name>.wasm.mjs` for the bytes compiled from `watFile`. */
export function wasmModuleSource(watFile, bytes) {
  return [
    `// Generated from ${path.basename(watFile)} by \`npm run build:wasm\`. Do not edit.`,
    `export default Buffer.from('${bytes.toString('base64')}', 'base64');`,
    '',
  ].join('\n');
}
