// Writes a result file only when it is valid, and atomically: a reader (or a
// crash) never sees half a file, and an invalid result never replaces a good
// one. The temporary file's name is this writer's own (pid and a random
// part), so two writers never share one; a failed write (a full disk)
// removes it and names the file and what to do.
import {randomBytes} from 'node:crypto';
import {mkdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {assertValidResult} from './validate-result.mjs';

const WHAT_TO_DO = {
  ENOSPC: 'the disk is full: free space and run the command again',
  EDQUOT: 'the disk quota is used up: free space and run the command again',
  EACCES: 'permission denied: write it to a folder you may write to',
  EROFS: 'the file system is read-only: write it elsewhere',
};

/** A file that `write(temp)` fills, renamed over `file` only once it is whole. */
export function writeFileAtomically(file, text) {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  try {
    mkdirSync(path.dirname(path.resolve(file)), {recursive: true});
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, {force: true});
    const hint = WHAT_TO_DO[error.code] ?? error.message;
    throw new Error(
      `${file}: could not be written (${error.code ?? 'error'}): ${hint}. The file as it was before is unchanged.`,
    );
  }
}

export function writeResult(file, result) {
  assertValidResult(result, file);
  writeFileAtomically(file, `${JSON.stringify(result, null, 2)}\n`);
}
