// One cell of the instructions measure: the CPU instructions a server's
// backends execute per transaction, counted by Valgrind's Callgrind inside
// PostgresMain only (the server runs under it: embedded-server.mjs, mode
// 'instrumented'; lib/cachegrind/read-callgrind.mjs says why not Cachegrind).
//
// The cell runs pgbench twice with the same random seed, a shorter run (half
// the transactions per client) and a longer one, each after the same
// preparation: the vacuum pgbench itself does before a built-in script
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
import {psql} from './psql.mjs';
import {CHECKPOINT_SQL} from './run-steps.mjs';

/** What pgbench runs before a built-in script unless -n: here by psql, so that it is not counted. */
export const VACUUM_SQL = ['VACUUM pgbench_branches', 'VACUUM pgbench_tellers', 'TRUNCATE pgbench_history'];

/**
 * Reads every table and index of the database into shared buffers (pg_prewarm)
 * when they fit: each run then finds its pages where the previous left them,
 * and no run pays for reading what another would find cached.
 */
export const PREWARM_SQL =
  'CREATE EXTENSION IF NOT EXISTS pg_prewarm; ' +
  "SELECT CASE WHEN sum(pg_relation_size(c.oid)) <= pg_size_bytes(current_setting('shared_buffers')) " +
  'THEN sum(pg_prewarm(c.oid)) ELSE 0 END FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace ' +
  "WHERE c.relkind IN ('r', 'i', 'm') AND n.nspname = 'public'";

/** Transactions per client of the shorter and the longer run of a cell. */
export const runLengths = (cell) => [Math.floor(cell.transactionsPerClient / 2), cell.transactionsPerClient];

/**
 * The random seed of a cell's runs: the run's, for every cell, so that every
 * target and every repeat serves the same transactions. Another seed is other
 * transactions, whose work differs by a few tenths of a percent (which pages
 * they touch, how many full-page images follow a checkpoint): a difference
 * between targets is then never a difference between the transactions they ran.
 */
export const randomSeedOf = (seed) => seed >>> 0;

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until each backend has exited (its Callgrind file is then complete); the files. */
async function backendFiles(dir, pids, timeoutS = 300) {
  const files = pids.map((pid) => path.join(dir, `callgrind.out.${pid}`));
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    throwIfInterrupted();
    const pending = pids.filter((pid, i) => existsSync(`/proc/${pid}`) || !existsSync(files[i]));
    if (pending.length === 0) return files;
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
    const pid = /^callgrind\.out\.(\d+)$/.exec(name)?.[1];
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
export async function measureInstructions({cell, server, connection, env, record, progress, seed, valgrind}) {
  const randomSeed = randomSeedOf(seed);
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
  progress.start({cell, expectedS: null});
  clearFinished(server.valgrindDir);
  for (const transactions of runLengths(cell)) {
    try {
      record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, ...beforeEachRun(cell)]);
      await psql(connection, beforeEachRun(cell));
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
    runs.push({
      transactionsPerClient: transactions,
      command: last.command,
      backends: pids.length,
      instructions: profile.total,
    });
  }
  const added = (runs[1].transactionsPerClient - runs[0].transactionsPerClient) * cell.clients;
  const perTransaction = (runs[1].instructions - runs[0].instructions) / added;
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
      instructions: {perTransaction, counted: COUNTED, randomSeed, valgrind, runs},
    }),
    profiles: {short: profiles[0], long: profiles[1]},
  };
}
