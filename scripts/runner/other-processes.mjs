// The server's other processes, counted beside its backends: the
// checkpointer, the background writer, the WAL writer and PostgreSQL 18's I/O
// workers. Callgrind counts inside their main functions (--toggle-collect on
// each: like a backend, none inherits the postmaster's counts) and writes a
// process's counts so far, then starts it again from zero, whenever the
// process enters ProcessConfigFile (--dump-before), which each runs when the
// configuration is reloaded. A reload (pg_reload_conf()) is thus a mark: the
// counts each process writes at a mark are its work since the one before.
// The runner marks just before a run and again after it and a CHECKPOINT,
// so that a run's counts include writing the pages it dirtied. pgbench's
// backends are never alive at a mark: their counts stay whole.
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {estimatedCycles, parseCallgrind} from '../../lib/cachegrind/read-callgrind.mjs';
import {throwIfInterrupted} from './processes.mjs';
import {psql} from './psql.mjs';

/** The processes counted, as pg_stat_activity's backend_type names them. */
export const OTHER_TYPES = ['checkpointer', 'background writer', 'walwriter', 'io worker'];

const PIDS_SQL =
  'SELECT pid, backend_type FROM pg_catalog.pg_stat_activity WHERE backend_type IN ' +
  `(${OTHER_TYPES.map((t) => `'${t}'`).join(', ')}) ORDER BY pid`;

export const MARK_SQL = 'SELECT pg_catalog.pg_reload_conf()';

/** The numbers of a process's Callgrind dumps (callgrind.out.PID.N) in `dir`. */
const dumpsOf = (dir, pid) =>
  readdirSync(dir).flatMap((name) => {
    const m = /^callgrind\.out\.(\d+)\.(\d+)$/.exec(name);
    return m && m[1] === String(pid) ? [Number(m[2])] : [];
  });

const newestDump = (dir, pid) => Math.max(0, ...dumpsOf(dir, pid));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Marks a moment: every other process writes its counts since the previous
 * mark. Their files are read, then removed.
 * @returns {Promise<{instructions: number, byType: Record<string, number>, cycles?: number}>}  the counts since
 *   the previous mark, in all and by process type, and their estimated cycles (with the cache simulation)
 */
export async function markOtherProcesses(connection, dir, {timeoutS = 300} = {}) {
  const rows = (await psql(connection, ['-A', '-t', '-F', '\t', '-c', PIDS_SQL]))
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  const before = new Map(rows.map(([pid]) => [pid, newestDump(dir, pid)]));
  await psql(connection, ['-c', MARK_SQL]);
  const deadline = Date.now() + timeoutS * 1000;
  const byType = {};
  let instructions = 0;
  let cycles = 0;
  for (const [pid, type] of rows) {
    for (;;) {
      throwIfInterrupted();
      // Callgrind numbers a process's dumps on from its last; the files read are removed, so any newer than
      // `before` is since the previous mark (more than one if something else reloaded: all are added).
      const since = dumpsOf(dir, pid).filter((n) => n > before.get(pid));
      const files = since.map((n) => path.join(dir, `callgrind.out.${pid}.${n}`));
      // A dump being written has no totals line yet: parseCallgrind refuses it until it is whole.
      const counts = since.length > 0 ? files.map(wholeOrNull) : [null];
      if (counts.every(Boolean)) {
        const total = counts.reduce((n, c) => n + c.total, 0);
        byType[type] = (byType[type] ?? 0) + total;
        instructions += total;
        cycles += counts.reduce((n, c) => n + (estimatedCycles(c.events) ?? Number.NaN), 0);
        for (const n of dumpsOf(dir, pid)) rmSync(path.join(dir, `callgrind.out.${pid}.${n}`), {force: true});
        break;
      }
      if (Date.now() > deadline || !existsSync(`/proc/${pid}`)) {
        throw new Error(
          `the ${type} (process ${pid}) wrote no Callgrind counts in ${dir} within ${timeoutS} s of a ` +
            "configuration reload: was the server started under the runner's Valgrind wrapper?",
        );
      }
      await sleep(100);
    }
  }
  return {instructions, byType, ...(Number.isFinite(cycles) && rows.length > 0 && {cycles})};
}

function wholeOrNull(file) {
  try {
    return parseCallgrind(readFileSync(file, 'utf8'), file);
  } catch {
    return null;
  }
}
