// A real full disk for tests: a 64 KiB tmpfs mounted on a folder, when this
// user may mount one (root here and in CI); tests skip otherwise.
import {spawnSync} from 'node:child_process';

/** Mounts a 64 KiB tmpfs on `dir`; returns the unmount function, or null when mounting is not allowed. */
export function mountTinyDisk(dir) {
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status !== 0) return null;
  return () => spawnSync('umount', [dir]);
}
