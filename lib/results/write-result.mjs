// Writes a result file only when it is valid, and atomically: a reader (or a
// crash) never sees half a file, and an invalid result never replaces a good one.
import {writeFileAtomically} from '../write-file-atomically.mjs';
import {assertValidResult} from './validate-result.mjs';

export function writeResult(file, result) {
  assertValidResult(result, file);
  writeFileAtomically(file, `${JSON.stringify(result, null, 2)}\n`);
}
