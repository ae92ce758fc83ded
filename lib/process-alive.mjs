// Whether a process runs, for the locks and temporary files that name their
// writer's pid (a run's lock, a build's lock, a file being written): one
// answer for all of them.

import {readFileSync} from 'node:fs';

/**
 * Whether a process with this pid runs (on this machine): it exists and is
 * not a zombie (a killed postmaster whose parent, pg_ctl, has exited waits for
 * init to reap it, and where init does not, kill(pid, 0) still finds it). A
 * process of another user runs too (EPERM).
 */
export function alive(pid) {
  try {
    return !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    // No /proc (or no such process): ask the kernel.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
