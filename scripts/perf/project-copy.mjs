// A copy of the project to build in, for the benchmarks that time a build (large-result.mjs,
// many-targets.mjs): never the checkout itself, where others build and test.
import {cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/**
 * A temp folder holding the project without its builds and git, every package of node_modules linked
 * entry by entry without its .cache (chart images, search indexes, Docusaurus's): a build there is cold.
 * Its scripts find their site by their own path. The caller removes it.
 */
export function copyProject(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const skip = new Set(['node_modules', 'build', '.docusaurus', 'test-results', '.git', '.preview', '.perf-site']);
  for (const entry of readdirSync(root).filter((e) => !skip.has(e))) {
    cpSync(path.join(root, entry), path.join(dir, entry), {
      recursive: true,
      filter: (f) => !f.startsWith(path.join(root, 'static', 'data')),
    });
  }
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(path.join(root, 'node_modules')).filter((e) => e !== '.cache')) {
    symlinkSync(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  return dir;
}

/** What a build in the copy made, removed: the next build there starts cold again. */
export function clearBuild(dir) {
  for (const made of ['build', '.docusaurus', 'node_modules/.cache'])
    rmSync(path.join(dir, made), {recursive: true, force: true});
}
