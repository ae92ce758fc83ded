// Writes a file whole or not at all: the text goes to a temporary file of
// this writer's own, which is renamed over the target once complete. A failed
// write (a full disk) removes the temporary file and names the file and what
// to do; the file as it was before is unchanged.
//
// A temporary file is named <file>.<pid>.<host>.<random>.new: this writer's
// alone (two writers never share one), and plainly temporary (*.new is in
// .gitignore, and nothing reads one). A writer killed outright (SIGKILL, a
// crash: no JavaScript runs then) leaves its temporary file; the next write
// into the same folder on the same machine removes it, its writer's process
// being gone. A command that calls finishWritesOnSignals leaves none on
// SIGINT, SIGTERM or SIGHUP.
import {randomBytes} from 'node:crypto';
import {copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {hostname} from 'node:os';
import path from 'node:path';
import {alive} from './process-alive.mjs';

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

// The host in a temporary file's name: a folder shared by machines (a Kubernetes volume) holds other
// machines' writers' files, whose processes this one cannot see.
const HOST = hostname().replace(/[^A-Za-z0-9-]/g, '-') || 'host';
const TEMP = /^.+\.(\d+)\.([A-Za-z0-9-]+)\.[0-9a-f]{8}\.new$/;

/**
 * Removes the temporary files that writers on this machine left in `dir` when they were killed
 * (their process is gone); a running writer's are kept.
 * @returns {string[]} the names removed
 */
export function removeLeftTemps(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    const [, pid, host] = TEMP.exec(name) ?? [];
    if (host !== HOST || alive(Number(pid))) return false;
    rmSync(path.join(dir, name), {force: true});
    return true;
  });
}

// Each folder is cleaned at its first write, not at every one: the chart cache takes thousands.
const cleaned = new Set();

/** A new temporary file for `file`, its folder made and cleaned of what killed writers left. */
function tempFor(file) {
  const dir = path.dirname(path.resolve(file));
  mkdirSync(dir, {recursive: true});
  if (!cleaned.has(dir)) {
    cleaned.add(dir);
    removeLeftTemps(dir);
  }
  return `${file}.${process.pid}.${HOST}.${randomBytes(4).toString('hex')}.new`;
}

/**
 * Several files, all or none: each is written to its temporary file first,
 * and only when all are complete are they renamed into place (a rename needs
 * no space). A failed write removes every temporary file; no file changes.
 * @param {[string, string|Uint8Array][]} files  [file, content] pairs
 */
export function writeFilesAtomically(files) {
  const temps = [];
  let current = files[0]?.[0];
  try {
    for (const [file, content] of files) {
      current = file;
      const temp = tempFor(file);
      temps.push(temp);
      writeFileSync(temp, content);
    }
  } catch (error) {
    for (const temp of temps) rmSync(temp, {force: true});
    throw writeError(current, error);
  }
  for (const [i, [file]] of files.entries()) renameSync(temps[i], file);
}

/** Puts at `file` what `fill(temp)` writes into a temporary file, or leaves it as it was. */
function replaceWith(file, fill) {
  let temp = null;
  try {
    temp = tempFor(file);
    fill(temp);
    renameSync(temp, file);
  } catch (error) {
    if (temp) rmSync(temp, {force: true});
    throw writeError(file, error);
  }
}

/** @param {string} file @param {string|Uint8Array} content */
export const writeFileAtomically = (file, content) => replaceWith(file, (temp) => writeFileSync(temp, content));

/** Copies `from` to `to` whole: a copy cut short (a full disk, a kill) never stands at `to`. */
export const copyFileAtomically = (from, to) => replaceWith(to, (temp) => copyFileSync(from, temp));

const SIGNALS = {SIGHUP: 1, SIGINT: 2, SIGTERM: 15};

/**
 * Makes SIGINT, SIGTERM and SIGHUP end the process between writes, never in the middle of one. Node
 * runs a signal's listener between two steps of JavaScript, never inside a synchronous write: a write
 * under way is finished and renamed into place (or was not begun), then the process exits with 128 +
 * the signal's number, as a shell reports a process the signal killed (or ends as it would have, when
 * that write was its last step: Node leaves a signal unhandled then). Without a listener the signal
 * ends the process at once, mid-write, and leaves the temporary file. For a command's whole life: the
 * listeners are not removed (a signal that came while they were being removed would be lost).
 * @param {(signal: string) => void} [onSignal]  says what was written and what was not
 */
export function finishWritesOnSignals(onSignal = () => {}) {
  for (const [signal, number] of Object.entries(SIGNALS)) {
    process.once(signal, () => {
      onSignal(signal);
      process.exit(128 + number);
    });
  }
}
