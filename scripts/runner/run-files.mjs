// The files of a run: its id and result file, the lock that keeps a second
// runner from writing the same file, finding an unfinished run for --resume,
// and the temporary folders of runners that died.
//
// A run id is `<suite>-<UTC time to the second>`, with `-shard<K>of<N>` for a
// shard and `-2`, `-3`… when another run took the name in the same second:
// shards started together, or two runs at once, each get a file of their own.
// The lock is `<file>.lock`, created exclusively, holding the writer's pid; a
// lock whose process is gone (kill -9) is stale and taken over.
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {alive} from '../../lib/process-alive.mjs';
import {readResultFile} from '../../lib/results/validate-result.mjs';

/** The id a new run starts from (before any -2, -3 for a taken name). */
export function baseRunId(suiteId, {now = new Date(), shard = null} = {}) {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${suiteId}-${stamp}${shard ? `-shard${shard.index}of${shard.count}` : ''}`;
}

const lockOf = (file) => `${file}.lock`;

/** How long an empty lock counts as being taken (its creator writes its pid right after creating it). */
const FRESH_MS = 10_000;

/**
 * Takes the lock of a result file; false when a live process holds it, or
 * when another is taking it (the lock is there, its pid not yet in it).
 * A stale lock (its process is gone, or empty for longer) is taken over.
 */
function tryLock(file) {
  const lock = lockOf(file);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, {flag: 'wx'});
      return true;
    } catch (error) {
      if (error.code !== 'EEXIST')
        throw new Error(`${lock}: could not create the run's lock (${error.code}): ${error.message}`);
      const holder = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0) {
        if (alive(holder)) return false;
      } else if (Date.now() - statSync(lock).mtimeMs < FRESH_MS) {
        // Created, its pid not yet written: another runner is taking it this moment.
        return false;
      }
      rmSync(lock, {force: true});
    }
  }
  return false;
}

/** Releases a lock this process holds (safe to call twice, and on exit). */
function unlock(file) {
  const lock = lockOf(file);
  try {
    if (Number(readFileSync(lock, 'utf8').trim()) === process.pid) unlinkSync(lock);
  } catch {
    // Already gone.
  }
}

/** Holds the lock until `release()`, or until this process exits. */
function held(file) {
  const onExit = () => unlock(file);
  process.once('exit', onExit);
  return () => {
    process.off('exit', onExit);
    unlock(file);
  };
}

/**
 * A result file of its own for a new run, locked: the first free name of
 * `baseId`, `baseId-2`, `baseId-3`…
 * @returns {{id: string, file: string, release: () => void}}
 */
export function claimNewRun(outDir, baseId) {
  mkdirSync(outDir, {recursive: true});
  for (let n = 1; ; n++) {
    const id = n === 1 ? baseId : `${baseId}-${n}`;
    const file = path.join(outDir, `${id}.json`);
    if (existsSync(file) || !tryLock(file)) continue;
    // Another runner may have written the file between the check and the lock.
    if (existsSync(file)) {
      unlock(file);
      continue;
    }
    return {id, file, release: held(file)};
  }
}

/** The lock of an existing result file (for --resume); an error names the process writing it. */
export function claimExistingRun(file) {
  if (!tryLock(file)) {
    const holder = readFileSync(lockOf(file), 'utf8').trim() || 'starting now';
    throw new Error(
      `${file} is being written by another runner (process ${holder}): wait for it to finish, or stop it first.`,
    );
  }
  return held(file);
}

/**
 * The newest result of this suite in `outDir` (of this shard, when one is
 * given) that --resume has work in: unfinished, or finished with failed cells
 * (a target it could not use, a pgbench that died), which it measures again.
 * A merge's result is not a run to resume. A file that is not valid JSON is named.
 */
export function findResumable(outDir, suiteId, shard = null, measure = 'time') {
  if (!existsSync(outDir)) return null;
  const files = readdirSync(outDir)
    .filter((f) => f.startsWith(`${suiteId}-`) && f.endsWith('.json'))
    .sort()
    .reverse();
  const wanted = shard ? `${shard.index}/${shard.count}` : null;
  for (const f of files) {
    const file = path.join(outDir, f);
    const result = readResultFile(file);
    if (result.run?.suite !== suiteId || result.run.overrides?.mergedShards) continue;
    const failed = Array.isArray(result.cells) && result.cells.some((c) => c?.status === 'failed');
    if (result.run.finishedAt !== null && !failed) continue;
    if ((result.run.design?.measure ?? 'time') !== measure) continue;
    if (wanted && (result.run.overrides?.shard ?? null) !== wanted) continue;
    return {file, result};
  }
  return null;
}

const TEMP_PREFIX = 'bench-run-';
/** A runner's temporary folder: the prefix, then the runner's pid. */
const TEMP_NAME = new RegExp(`^${TEMP_PREFIX}(\\d+)-`);

/** The prefix of this process's temporary folders (its pid in the name). */
export const tempPrefix = () => path.join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`);

/**
 * Removes the temporary folders of runners that are gone (a kill -9 leaves
 * them: no code runs then). Returns the folders removed.
 */
export function removeStaleTempDirs(dir = tmpdir()) {
  const removed = [];
  for (const name of readdirSync(dir)) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    rmSync(path.join(dir, name), {recursive: true, force: true});
    removed.push(path.join(dir, name));
  }
  return removed;
}
