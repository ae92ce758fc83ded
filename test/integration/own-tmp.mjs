// An integration test file's own temporary folder, made its TMPDIR and that of
// every process it starts: the runner's servers and files land there. Files
// run four at a time, and one that watches processes (ps, pgrep) or a temporary
// folder must see its own servers, never those of the file beside it.
import {chmodSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** Makes the folder and sets TMPDIR to it (removed when the process exits); its path. */
export function ownTmp(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `it-${name}-`));
  // Run as root, the runner starts its servers as the postgres user, who must reach their folders.
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  process.once('exit', () => rmSync(dir, {recursive: true, force: true, maxRetries: 5}));
  return dir;
}
