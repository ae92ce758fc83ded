// One build at a time per checkout. Two builds at once share .docusaurus/ (the result files staged
// there, the chart specs handed over) and the output: the second broke the first's (issue 49). The lock
// is a file (npm run build's is .build.lock at the project's root: in .gitignore, never published) that
// names its holder: {pid, host, startTime, command, startedAt}, and the Docusaurus process group it
// started (`group`, once it has). It is written aside, then linked into place (a link fails when the file
// exists): a lock file is never half written, and of two builds exactly one makes it. A lock whose
// holder is gone (killed outright: SIGKILL, a crash) is stale: the next build takes it over, saying so.
import {linkSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {hostname} from 'node:os';
import path from 'node:path';
import {alive} from '../../lib/process-alive.mjs';

/** The lock is held by a build that runs: its message names the holder and what to do. */
export class BuildLockHeld extends Error {}

/**
 * When process `pid` started (clock ticks after boot, /proc/PID/stat's 22nd field): a pid the system
 * gave again to another process has another. Null where /proc cannot tell.
 */
export function startTimeOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces: the 3rd onwards.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3] ?? null;
  } catch {
    return null;
  }
}

/** Whether the holder a lock names still runs (one on another machine cannot be seen: taken to run). */
export function holderRuns(holder) {
  if (holder.host !== hostname()) return true;
  // alive: not a zombie either (killed, not yet reaped by its parent).
  if (!Number.isInteger(holder.pid) || !alive(holder.pid)) return false;
  const startTime = startTimeOf(holder.pid);
  return startTime === null || holder.startTime == null || startTime === holder.startTime;
}

const shown = (file) => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
};

/** The holder, as a person reads it: pid 12 (node scripts/build.mjs), started at …, 40 s ago. */
export function describeHolder(holder, now = Date.now()) {
  const ago = Math.round((now - Date.parse(holder.startedAt)) / 1000);
  const when = Number.isFinite(ago) ? `started at ${holder.startedAt}, ${ago} s ago` : 'started at an unknown time';
  return `pid ${holder.pid} (${holder.command}), ${when}`;
}

/** The lock's text, or null when there is none; its holder, or null when the text is not a lock. */
function readLock(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  let holder = null;
  try {
    holder = JSON.parse(text);
  } catch {}
  return {text, holder: holder && typeof holder === 'object' ? holder : null};
}

/** Why a build may not take the lock: who holds it, and what to do. */
function heldMessage(file, holder) {
  if (holder.host !== hostname()) {
    return (
      `A build on ${holder.host} holds ${shown(file)}: ${describeHolder(holder)}. If no build runs there, ` +
      `remove ${shown(file)} and build again.`
    );
  }
  return (
    `Another build is running in this checkout: ${describeHolder(holder)} (its lock: ${shown(file)}). Wait for ` +
    `it to end, then build again; or stop it: kill ${holder.pid}.`
  );
}

/**
 * Takes the lock at `file`, or throws BuildLockHeld naming the build that holds it.
 * @param {string} file
 * @param {{command: string}} holder  the command this process runs, as the message to another build names it
 * @returns {{note: string|null, stale: object|null, record: (fields: object) => void, release: () => void}}
 *   note: what was taken over, to print; stale: the holder gone (its `group` may still run); record:
 *   adds fields to the lock; release: removes it, if this process still holds it
 */
export function takeBuildLock(file, {command}) {
  const mine = {
    pid: process.pid,
    host: hostname(),
    startTime: startTimeOf(process.pid),
    command,
    startedAt: new Date().toISOString(),
  };
  const write = (holder) => {
    const temp = `${file}.${process.pid}.new`;
    writeFileSync(temp, `${JSON.stringify(holder, null, 2)}\n`);
    return temp;
  };
  const temp = write(mine);
  const notes = [];
  let stale = null;
  try {
    // A few rounds: each ends with the lock taken, refused, or a stale one moved away (then tried again).
    for (let round = 0; round < 5; round++) {
      try {
        linkSync(temp, file);
        return {
          note: notes.join('\n') || null,
          stale,
          record(fields) {
            Object.assign(mine, fields);
            renameSync(write(mine), file);
          },
          release() {
            const now = readLock(file)?.holder;
            if (now?.pid === mine.pid && now.host === mine.host) rmSync(file, {force: true});
          },
        };
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      const found = readLock(file);
      if (found === null) continue; // released meanwhile
      if (found.holder && holderRuns(found.holder)) throw new BuildLockHeld(heldMessage(file, found.holder));
      // Stale. Moved aside under this process's name, then checked: another build may have taken it over
      // and made its own lock meanwhile, which is put back.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if (error.code === 'ENOENT') continue;
        throw error;
      }
      const moved = readFileSync(aside, 'utf8');
      if (moved !== found.text) {
        try {
          linkSync(aside, file);
        } catch {}
        rmSync(aside, {force: true});
        continue;
      }
      rmSync(aside, {force: true});
      stale = found.holder;
      notes.push(
        found.holder
          ? `${shown(file)}: the build that held it is gone (${describeHolder(found.holder)}); taken over.`
          : `${shown(file)} held no build's lock (${JSON.stringify(found.text.slice(0, 80))}); taken over.`,
      );
    }
    throw new BuildLockHeld(`${shown(file)} changed hands five times while this build tried to take it: build again.`);
  } finally {
    rmSync(temp, {force: true});
  }
}
