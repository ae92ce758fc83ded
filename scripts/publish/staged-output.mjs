// The site is assembled beside its output folder, in <out>.tmp-<pid> (Docusaurus's pages, then data/,
// charts/ and pagefind/), and put in place whole: the output renamed aside (<out>.old-<pid>), the new one
// renamed in, the old removed. A build stopped at any moment leaves the last complete site or the new one,
// never part of one (a kill right after Docusaurus had left a site with pages but no data, charts or
// search). The two renames are one synchronous step, between which no signal's listener runs: only a kill
// outright (SIGKILL, a power cut) can fall between them, and the next build then puts the old site back.
// Beside the output, in the same folder: a rename within one file system, never a copy.
import {existsSync, lstatSync, readdirSync, realpathSync, renameSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';

/** Where a build assembles the site for `out`: a folder of its own, beside it. */
export const stagingDir = (out, pid = process.pid) => `${out}.tmp-${pid}`;

/** The folder a build replaces for `out`: the one a link there leads to (the link is kept). */
export const outputFolder = (out) =>
  existsSync(out) && lstatSync(out).isSymbolicLink() ? realpathSync(out) : path.resolve(out);

/** What builds left beside `out` when they were killed: [{name, kind: 'tmp'|'old'}]. */
function leftovers(out) {
  const parent = path.dirname(out);
  const base = path.basename(out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${base}\\.(tmp|old)-\\d+$`);
  const names = existsSync(parent) ? readdirSync(parent) : [];
  return names.flatMap((name) => {
    const kind = pattern.exec(name)?.[1];
    return kind ? [{name, kind}] : [];
  });
}

/**
 * Clears what killed builds left beside `out` (only while no other build of it runs: under the build lock).
 * A build killed between its two renames left no `out`: the old site it had set aside is put back.
 * @returns {string[]} what was done, to print
 */
export function clearLeftovers(out) {
  const parent = path.dirname(out);
  const left = leftovers(out);
  const done = [];
  const set = left
    .filter((l) => l.kind === 'old')
    .sort((a, b) => statSync(path.join(parent, b.name)).mtimeMs - statSync(path.join(parent, a.name)).mtimeMs);
  if (!existsSync(out) && set.length > 0) {
    renameSync(path.join(parent, set[0].name), out);
    done.push(`${set[0].name} put back as ${path.basename(out)}: a build was stopped as it replaced it.`);
  }
  for (const {name} of left) {
    if (!existsSync(path.join(parent, name))) continue;
    rmSync(path.join(parent, name), {recursive: true, force: true});
    done.push(`${name} removed: a build that was stopped left it.`);
  }
  return done;
}

/** Puts the site assembled in `staged` at `out`, in place of the one there; the old one is removed. */
export function putInPlace(staged, out) {
  const old = `${out}.old-${process.pid}`;
  const had = existsSync(out);
  if (had) renameSync(out, old);
  try {
    renameSync(staged, out);
  } catch (error) {
    if (had) renameSync(old, out);
    throw error;
  }
  if (had) rmSync(old, {recursive: true, force: true});
}
