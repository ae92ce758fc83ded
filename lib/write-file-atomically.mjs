// Writes a file whole or not at all: the text goes to a temporary file of
// this writer's own (pid and a random part, so two writers never share one),
// which is renamed over the target once complete. A failed write (a full
// disk) removes the temporary file and names the file and what to do; the
// file as it was before is unchanged.
import {randomBytes} from 'node:crypto';
import {mkdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const WHAT_TO_DO = {
  ENOSPC: 'the disk is full: free space and run the command again',
  EDQUOT: 'the disk quota is used up: free space and run the command again',
  EACCES: 'permission denied: write it to a folder you may write to',
  EROFS: 'the file system is read-only: write it elsewhere',
};

/** An error for a failed write that names `file` and what to do. */
export function writeError(file, error, kept = 'The file as it was before is unchanged.') {
  const hint = WHAT_TO_DO[error.code] ?? error.message;
  return Object.assign(new Error(`${file}: could not be written (${error.code ?? 'error'}): ${hint}. ${kept}`), {
    code: error.code ?? 'EIO',
  });
}

/**
 * Several files, all or none: each is written to its temporary file first,
 * and only when all are complete are they renamed into place (a rename needs
 * no space). A failed write removes every temporary file; no file changes.
 * @param {[string, string|Uint8Array][]} files  [file, content] pairs
 */
export function writeFilesAtomically(files) {
  const temps = [];
  try {
    for (const [file, content] of files) {
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
      mkdirSync(path.dirname(path.resolve(file)), {recursive: true});
      temps.push(temp);
      writeFileSync(temp, content);
    }
  } catch (error) {
    for (const temp of temps) rmSync(temp, {force: true});
    throw writeError(files[temps.length - 1]?.[0] ?? files[0][0], error);
  }
  for (const [i, [file]] of files.entries()) renameSync(temps[i], file);
}

/** @param {string} file @param {string|Uint8Array} content */
export function writeFileAtomically(file, content) {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  try {
    mkdirSync(path.dirname(path.resolve(file)), {recursive: true});
    writeFileSync(temp, content);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, {force: true});
    throw writeError(file, error);
  }
}
