// A checkout of the project for a simulated CI job or pod: a temporary folder
// whose entries link to this project's, but with its own empty results/ (and
// no build), so that what a job writes stays in its folder.
import {mkdirSync, mkdtempSync, readdirSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const OWN = new Set(['results', 'build', '.docusaurus', 'static', 'test-results', '.git', '.preview']);

export function workspace(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `ci-${name}-`));
  for (const entry of readdirSync(root)) {
    if (!OWN.has(entry)) symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  mkdirSync(path.join(dir, 'results'));
  return dir;
}
