// A checkout of the project for a simulated CI job or pod: a temporary folder
// whose entries link to this project's, but with its own empty results/ (and
// no build), so that what a job writes stays in its folder. Suites of a test's
// own can join the project's in its benchmarks/.
import {mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const OWN = new Set(['results', 'build', '.docusaurus', 'static', 'test-results', '.git', '.preview']);

/**
 * @param {string} name  names the folder
 * @param {{suites?: Record<string, string>}} [options]  suites (id → suite.yaml's text) beside the project's
 */
export function workspace(name, {suites = {}} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `ci-${name}-`));
  const own = Object.keys(suites).length > 0 ? new Set([...OWN, 'benchmarks']) : OWN;
  for (const entry of readdirSync(root)) {
    if (!own.has(entry)) symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  mkdirSync(path.join(dir, 'results'));
  if (own.has('benchmarks')) {
    mkdirSync(path.join(dir, 'benchmarks'));
    for (const entry of readdirSync(path.join(root, 'benchmarks'))) {
      symlinkSync(path.join(root, 'benchmarks', entry), path.join(dir, 'benchmarks', entry));
    }
    for (const [id, yaml] of Object.entries(suites)) {
      mkdirSync(path.join(dir, 'benchmarks', id));
      writeFileSync(path.join(dir, 'benchmarks', id, 'suite.yaml'), yaml);
    }
  }
  return dir;
}
