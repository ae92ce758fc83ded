// The result files a build has already checked in full (valid, every figure
// derived again from its output, its name and dates its run's, no secret), so
// that the Docusaurus process, which reads them again for the pages, does not
// derive every figure a second time: a 1,000-server run spent 0.8 s on it,
// the 100,000-cell one 4 s. The build's first step (emitResultFiles) writes
// the list only once every file has passed, and removes it first, so a build
// that failed leaves none. A file counts as checked while its size, times and
// inode are those recorded; one that changed since, or a read without a list
// (docusaurus start, a test), is checked in full.
import {existsSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Where the list lives: beside Docusaurus's generated files, never published. */
export const checkedListFile = (siteDir) => path.join(siteDir, '.docusaurus', 'checked-results.json');

const identity = (stat) => ({size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino});

/** Forgets an earlier build's list (before a new check begins). */
export const forgetChecked = (siteDir) => rmSync(checkedListFile(siteDir), {force: true});

/** Records `files` (absolute paths, each checked in full just now) as checked. */
export function recordChecked(siteDir, files) {
  const list = files.map((file) => ({file: path.relative(siteDir, file), ...identity(statSync(file))}));
  writeFileSync(checkedListFile(siteDir), `${JSON.stringify(list)}\n`);
}

/** The recorded list, as a test of one file and its stat: true when it is the file that was checked. */
export function checkedEarlier(siteDir) {
  const listFile = checkedListFile(siteDir);
  let list = [];
  try {
    if (existsSync(listFile)) list = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch {
    list = []; // An unreadable list checks everything again.
  }
  const known = new Map(list.map((e) => [e.file, e]));
  return (file, stat) => {
    const entry = known.get(path.relative(siteDir, file));
    const now = identity(stat);
    return entry !== undefined && Object.keys(now).every((k) => entry[k] === now[k]);
  };
}
