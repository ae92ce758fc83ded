// Writes a result file only when it is valid, and atomically: a reader (or a
// crash) never sees half a file, and an invalid result never replaces a good one.
import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {assertValidResult} from './validate-result.mjs';

export function writeResult(file, result) {
  assertValidResult(result, file);
  mkdirSync(path.dirname(path.resolve(file)), {recursive: true});
  writeFileSync(`${file}.new`, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(`${file}.new`, file);
}
