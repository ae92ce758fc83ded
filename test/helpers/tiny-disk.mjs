// A real full (or read-only) disk for tests: a small tmpfs mounted on a
// folder, when this user may mount one (root here and in CI); tests skip otherwise.
import {spawnSync} from 'node:child_process';

/**
 * Mounts a tmpfs of `size` (mount's syntax: 64k, 2m) on `dir`; returns the
 * unmount function, or null when mounting is not allowed.
 */
export function mountTinyDisk(dir, size = '64k') {
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status !== 0) return null;
  return () => spawnSync('umount', [dir]);
}

/** Makes the tmpfs on `dir` read-only (true) or writable again (false); whether it worked. */
export const remountReadOnly = (dir, readOnly = true) =>
  spawnSync('mount', ['-o', `remount,${readOnly ? 'ro' : 'rw'}`, dir]).status === 0;
