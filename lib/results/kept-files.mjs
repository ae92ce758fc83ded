// The files a result keeps beside it (an instructions run's Cachegrind
// profiles: schemas/result.md, profiles[].files), named by paths relative to
// the result's folder. A result is untrusted input: a path that leads out of
// that folder, or through a link (x.cachegrind/long.out → /etc/shadow), would
// have the build read and publish any file of the machine. So each is resolved
// inside the folder, refused when any part of it is a link, and read or
// copied from a descriptor opened without following one.
import {closeSync, constants, lstatSync, openSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Why a kept file was refused: names the result, the path and what to do. */
export class KeptFileError extends Error {}

const refused = (name, rel, why) =>
  new KeptFileError(
    `${name}: ${JSON.stringify(rel)} ${why}. A result names files in its own folder (the runner's ` +
      '<run id>.cachegrind/…): restore them as the runner wrote them (from git), or run the suite again.',
  );

/**
 * The absolute path of `rel`, a file the result at `resultFile` keeps: inside the result's folder, no part of it
 * a link, a regular file. Throws a KeptFileError otherwise.
 */
export function keptFile(resultFile, rel, {name = resultFile} = {}) {
  const refuse = (why) => refused(name, rel, why);
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0') || rel.includes('\\')) throw refuse('is not a path');
  const parts = rel.split('/');
  if (path.isAbsolute(rel) || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw refuse("leaves the result's folder (or is not a plain relative path)");
  }
  let at = path.dirname(path.resolve(resultFile));
  for (const [i, part] of parts.entries()) {
    at = path.join(at, part);
    let stat;
    try {
      stat = lstatSync(at);
    } catch {
      throw refuse('is missing');
    }
    if (stat.isSymbolicLink()) throw refuse(`passes through a link (${part}), which could lead anywhere`);
    const last = i === parts.length - 1;
    if (last ? !stat.isFile() : !stat.isDirectory()) {
      throw refuse(last ? 'is not a file' : `passes through ${part}, which is not a folder`);
    }
    // A second name of a file elsewhere (a hard link): git never makes one, so a result's files have none.
    if (last && stat.nlink > 1) throw refuse('is a hard link to a file that has another name, which could be anywhere');
  }
  return at;
}

/** The bytes of a kept file, from a descriptor opened without following a link (keptFile checked the path). */
function readNoFollow(resultFile, rel, options) {
  const file = keptFile(resultFile, rel, options);
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    throw refused(options?.name ?? resultFile, rel, 'could not be opened (a link put in its place?)');
  }
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A kept file's text; options.name: the result's name in the messages. */
export const readKeptFile = (resultFile, rel, options) => readNoFollow(resultFile, rel, options).toString('utf8');

/** Copies a kept file to `to` (its folder made by the caller), never through a link. */
export function copyKeptFile(resultFile, rel, to) {
  writeFileSync(to, readNoFollow(resultFile, rel), {flag: 'wx'});
}
