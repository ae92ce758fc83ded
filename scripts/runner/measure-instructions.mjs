// One cell of the instructions measure: the CPU instructions a server's
// backends execute per transaction, counted by Valgrind's Callgrind inside
// PostgresMain only (the server runs under it: embedded-server.mjs, mode
// 'instrumented'; lib/cachegrind/read-callgrind.mjs says why not Cachegrind).
//
// The cell runs pgbench twice, a shorter run (half the transactions per
// client) and a longer one, each on rows of its own (cellSeeds) and each after
// the same preparation: the vacuum pgbench itself does before a built-in script
// (run by psql here, so that its work is not counted), then CHECKPOINT. The
// backends that served each run are those the server log shows connecting
// with application_name=pgbench; when they have exited, their Callgrind
// files are read and added up. Start-up, connection and exit cost the same in
// both runs: the difference, divided by the transactions the longer run
// added, is the work of a transaction. Not counted: a backend's start-up
// before PostgresMain (but the read of its start-up packet), its reading of
// the client's messages (and none of the postmaster's counts, which a forked
// process would otherwise inherit), the postmaster and every
// background process (checkpointer, background writer, WAL writer,
// autovacuum, PostgreSQL 18's I/O workers), pgbench itself, the kernel, and
// waiting of any kind.
import {existsSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {addProfiles} from '../../lib/cachegrind/read-cachegrind.mjs';
import {COUNTED, parseCallgrind} from '../../lib/cachegrind/read-callgrind.mjs';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {cellRecord} from '../../lib/results/cell-record.mjs';
import {statusOf} from '../../lib/results/cell-status.mjs';
import {redact} from './connection.mjs';
import {renderCommand, runArgs} from './pgbench-commands.mjs';
import {Interrupted, runProcess, throwIfInterrupted} from './processes.mjs';
import {MARK_SQL, markOtherProcesses} from './other-processes.mjs';
import {psql} from './psql.mjs';
import {CHECKPOINT_SQL} from './run-steps.mjs';

/** What pgbench runs before a built-in script unless -n: here by psql, so that it is not counted. */
export const VACUUM_SQL = ['VACUUM pgbench_branches', 'VACUUM pgbench_tellers', 'TRUNCATE pgbench_history'];

/**
 * Fills shared buffers with the database (pg_prewarm), smallest relation
 * first, as far as they hold it. At a size that fits, each run then finds
 * every page in memory, where the previous left it, and no run pays for a read
 * another would not. At a size that does not fit, the buffers are full when the
 * runs start, as in a long run: a transaction that needs a page not in them
 * evicts another to read it (from the kernel's page cache), and its figure
 * includes that work. Its one row: the blocks of the database, shared
 * buffers' size in blocks, and the blocks it read.
 */
export const PREWARM_SQL =
  'CREATE EXTENSION IF NOT EXISTS pg_prewarm; ' +
  "WITH rel AS (SELECT c.oid, pg_relation_size(c.oid) / current_setting('block_size')::bigint AS blocks " +
  'FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace ' +
  "WHERE c.relkind IN ('r', 'i', 'm') AND n.nspname = 'public'), " +
  "room AS (SELECT pg_size_bytes(current_setting('shared_buffers')) / current_setting('block_size')::bigint " +
  'AS blocks), ' +
  'queue AS (SELECT rel.oid, rel.blocks, room.blocks - sum(rel.blocks) OVER (ORDER BY rel.blocks, rel.oid) ' +
  '+ rel.blocks AS left_over FROM rel, room), ' +
  "warmed AS (SELECT coalesce(sum(pg_prewarm(oid, 'buffer', 'main', 0, " +
  '(least(blocks, left_over) - 1)::bigint)), 0) AS n ' +
  'FROM queue WHERE blocks > 0 AND left_over > 0) ' +
  'SELECT (SELECT sum(blocks) FROM rel), (SELECT blocks FROM room), (SELECT n FROM warmed)';

/**
 * PREWARM_SQL's row (psql -A -t prints it last, after "CREATE EXTENSION"): the
 * database's blocks, shared buffers' size in blocks, and the blocks read.
 */
export function prewarmOutcome(output) {
  const last = output.trim().split('\n').at(-1);
  const [blocks, buffers, warmed] = last.split('|').map(Number);
  if (![blocks, buffers, warmed].every(Number.isFinite)) {
    throw new Error(`pg_prewarm: unexpected output ${JSON.stringify(output.trim())}`);
  }
  return {blocks, buffers, warmed, fits: blocks <= buffers};
}

/** Transactions per client of the shorter and the longer run of a cell. */
export const runLengths = (cell) => [Math.floor(cell.transactionsPerClient / 2), cell.transactionsPerClient];

/** A 32-bit seed made from a number: murmur3's finalizer, so that near numbers give far seeds. */
function derivedSeed(n) {
  let h = (ROWS_SEED ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Where the rows' seeds start: fixed, so that every run of a suite draws the same rows in its nth repeat. */
const ROWS_SEED = 0x5eed5eed;

/**
 * The random seeds (pgbench --random-seed) of a cell's runs, from its repeat
 * alone. Every target draws the same, so a difference between targets is never
 * one between the rows they served, and a repeat's cells are twins, compared
 * run by run (lib/stats/paired.mjs); so do the parts of a run split with
 * --only or --shard, and other runs of the suite. Each repeat draws its own,
 * so the repeats sample the workload's rows instead of replaying one sample
 * (other rows differ in work by up to a few percent). The warm-up, the shorter
 * and the longer run draw rows of their own: a longer run that replayed the
 * shorter one's rows would find them in shared buffers, where the shorter run
 * read them, and at a size that does not fit there the difference would leave
 * out every read.
 * @returns {{warmUp: number, short: number, long: number}}
 */
export const cellSeeds = (repeat) => ({
  warmUp: derivedSeed(0),
  short: derivedSeed(2 * repeat - 1),
  long: derivedSeed(2 * repeat),
});

/** The pgbench command of one of a cell's runs: no vacuum (psql did it), no logs, the seed fixed. */
export function instructionRunArgs(cell, transactionsPerClient, connection, randomSeed) {
  const run = {...cell, durationS: null, transactionsPerClient, scenarioSpec: {...cell.scenarioSpec, vacuum: false}};
  return runArgs(run, connection, {extra: [`--random-seed=${randomSeed}`]});
}

/** psql's arguments for what runs before each of a cell's runs: one -c per statement (VACUUM needs its own). */
export const beforeEachRun = (cell) =>
  [...(cell.workloadSpec.builtin ? VACUUM_SQL : []), CHECKPOINT_SQL].flatMap((sql) => ['-c', sql]);

/** Process ids of the backends pgbench opened, from the server log written after `offset`. */
export function pgbenchBackends(logText) {
  const pids = [];
  for (const m of logText.matchAll(/\[(\d+)\] LOG: {2}connection authorized: [^\n]*application_name=pgbench\b/g)) {
    pids.push(Number(m[1]));
  }
  return pids;
}

const zip = (a, b) => a.map((x, i) => [x, b[i]]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until each backend has exited (its Callgrind file is then complete); the files, with any dump a
 * configuration reload made it write while it ran (callgrind.out.PID.N: a part of its work).
 */
async function backendFiles(dir, pids, timeoutS = 300) {
  const files = pids.map((pid) => path.join(dir, `callgrind.out.${pid}`));
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    throwIfInterrupted();
    const pending = pids.filter((pid, i) => existsSync(`/proc/${pid}`) || !existsSync(files[i]));
    if (pending.length === 0) {
      const parts = readdirSync(dir).filter((name) => pids.some((pid) => name.startsWith(`callgrind.out.${pid}.`)));
      return [...files, ...parts.map((name) => path.join(dir, name))];
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the Callgrind files of backends ${pending.join(', ')} did not appear within ${timeoutS} s after ` +
          `pgbench ended (in ${dir})`,
      );
    }
    await sleep(100);
  }
}

/** Removes the Callgrind files of processes that have exited and were not counted (psql's, autovacuum's). */
function clearFinished(dir) {
  for (const name of readdirSync(dir)) {
    const pid = /^callgrind\.out\.(\d+)(?:\.\d+)?$/.exec(name)?.[1];
    if (pid && !existsSync(`/proc/${pid}`)) rmSync(path.join(dir, name), {force: true});
  }
}

const logSize = (file) => (existsSync(file) ? statSync(file).size : 0);
const logAfter = (file, offset) => readFileSync(file).subarray(offset).toString('utf8');

/**
 * Measures a cell's instructions per transaction; the server must run under Valgrind.
 * @returns {Promise<{cell: object, profiles: {short: object, long: object}|null}>}  the cell record and
 *   the added-up profiles of its shorter and longer runs (null when it failed)
 */
export async function measureInstructions({cell, server, connection, env, record, progress, valgrind, fits}) {
  const seeds = cellSeeds(cell.repeat);
  const startedAt = new Date();
  const runs = [];
  const profiles = [];
  let last = null;
  const failed = (error) => ({
    cell: cellRecord(cell, {
      status: 'failed',
      command: last?.command ?? null,
      exitCode: last?.exitCode ?? null,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      summary: last?.summary ?? null,
      log: null,
      raw: last?.raw ?? {},
      error: {...error, message: redact(error.message, connection.secrets)},
    }),
    profiles: null,
  });
  // A mark: each of the server's other processes writes its counts since the last (other-processes.mjs).
  const mark = () => {
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-c', MARK_SQL]);
    return markOtherProcesses(connection, server.valgrindDir);
  };
  progress.start({cell, expectedS: null});
  clearFinished(server.valgrindDir);
  for (const [transactions, randomSeed] of zip(runLengths(cell), [seeds.short, seeds.long])) {
    try {
      record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, ...beforeEachRun(cell)]);
      await psql(connection, beforeEachRun(cell));
      await mark();
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      return failed({kind: 'connection', message: `before the run: ${error.message}`});
    }
    const argv = ['pgbench', ...instructionRunArgs(cell, transactions, connection, randomSeed)];
    record(argv, env);
    const offset = logSize(server.logFile);
    const out = await runProcess(argv, {env, timeoutS: 6 * 3600});
    const summary = parseOutput(out.stdout, out.stderr);
    last = {
      command: renderCommand(argv, env),
      exitCode: out.exitCode,
      summary,
      raw: {stdout: redact(out.stdout, connection.secrets), stderr: redact(out.stderr, connection.secrets)},
    };
    const {status, error} = statusOf(summary, out.exitCode, out.signal);
    if (status !== 'ok') return failed(error);
    const expected = transactions * cell.clients;
    if (summary.processed !== expected) {
      return failed({
        kind: 'other',
        message: `pgbench processed ${summary.processed} transactions, not the ${expected} asked for.`,
      });
    }
    const pids = pgbenchBackends(logAfter(server.logFile, offset));
    if (pids.length < cell.clients) {
      return failed({
        kind: 'other',
        message:
          `the server log shows ${pids.length} pgbench connection(s) for ${cell.clients} client(s): ` +
          'log_connections must be on (the runner sets it for this measure).',
      });
    }
    let files;
    try {
      files = await backendFiles(server.valgrindDir, pids);
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      return failed({kind: 'other', message: error.message});
    }
    const profile = addProfiles(files.map((f) => parseCallgrind(readFileSync(f, 'utf8'), f)));
    for (const f of files) rmSync(f, {force: true});
    profiles.push(profile);
    // The other processes' work since the mark before the run, the pages it dirtied written by a CHECKPOINT.
    let otherProcesses;
    try {
      record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-c', CHECKPOINT_SQL]);
      await psql(connection, ['-c', CHECKPOINT_SQL]);
      otherProcesses = await mark();
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      return failed({kind: 'other', message: `after the run: ${error.message}`});
    }
    runs.push({
      transactionsPerClient: transactions,
      randomSeed,
      command: last.command,
      backends: pids.length,
      instructions: profile.total,
      otherProcesses,
    });
  }
  const added = (runs[1].transactionsPerClient - runs[0].transactionsPerClient) * cell.clients;
  const perTransaction = (runs[1].instructions - runs[0].instructions) / added;
  const otherPerTransaction = (runs[1].otherProcesses.instructions - runs[0].otherProcesses.instructions) / added;
  return {
    cell: cellRecord(cell, {
      status: 'ok',
      command: last.command,
      exitCode: last.exitCode,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      summary: last.summary,
      log: null,
      raw: last.raw,
      error: null,
      instructions: {
        perTransaction,
        otherPerTransaction,
        counted: COUNTED,
        randomSeed: seeds.short,
        fitsInSharedBuffers: fits,
        valgrind,
        runs,
      },
    }),
    profiles: {short: profiles[0], long: profiles[1]},
  };
}
