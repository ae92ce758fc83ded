// A copy of the project to build in, for the benchmarks that time a build (large-result.mjs,
// many-targets.mjs): never the checkout itself, where others build and test.
import {spawn} from 'node:child_process';
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

/**
 * `node scripts/build.mjs ARGS` in `dir`: resolves to its seconds; a failure rejects with the end of its log.
 * `during(child)` is called as it starts; the function it returns, as it ends (a sampler's stop).
 */
export function runBuild(dir, args = [], during = () => () => {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(dir, 'scripts', 'build.mjs'), ...args], {
      cwd: dir,
      env: {...process.env, FORCE_COLOR: '0'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    const stop = during(child);
    child.on('close', (code) => {
      stop();
      if (code !== 0) return reject(new Error(`The build in ${dir} failed (exit ${code}):\n${log.slice(-4000)}`));
      resolve((performance.now() - started) / 1000);
    });
  });
}
