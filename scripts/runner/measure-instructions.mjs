// One cell of the instructions measure: the CPU instructions a server's
// backends execute per transaction, counted by Valgrind's Callgrind inside
// PostgresMain only (the server runs under it: embedded-server.mjs, mode
// 'instrumented'; lib/cachegrind/read-callgrind.mjs says why not Cachegrind).
//
// The cell runs pgbench twice, a shorter run (half the transactions per
// client) and a longer one, each on rows of its own (cellSeeds in
// instruction-commands.mjs) and each after the same preparation: the database
// put back as it was kept (pristine-data.mjs: every run of every repeat starts
// from the same pages), read into shared buffers, a warm-up, VACUUM (FREEZE,
// ANALYZE), the vacuum pgbench itself does before a built-in script (run by
// psql here, so that its work is not counted), then CHECKPOINT. The
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
// waiting of any kind. With the cache simulation (read-callgrind.mjs), the
// same files give the estimated cycles of the same work.
import {existsSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {addProfiles} from '../../lib/cachegrind/read-cachegrind.mjs';
import {COUNTED, estimatedCycles, parseCallgrind} from '../../lib/cachegrind/read-callgrind.mjs';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {cellRecord} from '../../lib/results/cell-record.mjs';
import {statusOf} from '../../lib/results/cell-status.mjs';
import {redact} from './connection.mjs';
import {beforeEachRun, cellSeeds, instructionRunArgs, runLengths} from './instruction-commands.mjs';
import {renderCommand} from './pgbench-commands.mjs';
import {Interrupted, runProcess, throwIfInterrupted} from './processes.mjs';
import {MARK_SQL, markOtherProcesses} from './other-processes.mjs';
import {psql} from './psql.mjs';
import {CHECKPOINT_SQL} from './run-steps.mjs';
import {serverActivity} from '../../lib/results/server-counters.mjs';
import {readStats, SETTLE_SQL} from './server-activity.mjs';

/** Process ids of the backends pgbench opened, from the server log's text written during its run. */
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

/** What the steps of a cell's runs throw to fail the cell: `error` is the record's. */
class CellFailed extends Error {
  constructor(error) {
    super(error?.message);
    this.error = error;
  }
}

/**
 * Measures a cell's instructions per transaction; the server must run under Valgrind.
 * @returns {Promise<{cell: object, profiles: {short: object, long: object}|null}>}  the cell record and
 *   the added-up profiles of its shorter and longer runs (null when it failed)
 */
export async function measureInstructions({cell, server, connection, env, record, progress, valgrind, prepareRun}) {
  const seeds = cellSeeds(cell.repeat);
  // What the runs share; `last` is the latest pgbench run's command and output, which the record keeps.
  const m = {cell, server, connection, env, record, prepareRun, startedAt: new Date(), last: null, fits: null};
  const runs = [];
  const profiles = [];
  progress.start({cell, expectedS: null});
  clearFinished(server.valgrindDir);
  try {
    for (const [transactions, randomSeed] of zip(runLengths(cell), [seeds.short, seeds.long])) {
      const measured = await measureRun(m, transactions, randomSeed);
      runs.push(measured.run);
      profiles.push(measured.profile);
    }
  } catch (failure) {
    if (!(failure instanceof CellFailed)) throw failure;
    const error = {...failure.error, message: redact(failure.error.message, connection.secrets)};
    return {cell: instructionsRecord(m, {status: 'failed', error}), profiles: null};
  }
  const added = (runs[1].transactionsPerClient - runs[0].transactionsPerClient) * cell.clients;
  const perTransaction = (runs[1].instructions - runs[0].instructions) / added;
  const otherPerTransaction = (runs[1].otherProcesses.instructions - runs[0].otherProcesses.instructions) / added;
  const perRun = (read) => (read(runs[1]) - read(runs[0])) / added;
  const cycles = runs.every((r) => Number.isFinite(r.cycles) && Number.isFinite(r.otherProcesses.cycles));
  const instructions = {
    perTransaction,
    otherPerTransaction,
    ...(cycles && {
      cyclesPerTransaction: perRun((r) => r.cycles),
      otherCyclesPerTransaction: perRun((r) => r.otherProcesses.cycles),
      caches: profiles[1].description,
    }),
    counted: COUNTED,
    pageState: 'kept-copy',
    randomSeed: seeds.short,
    fitsInSharedBuffers: m.fits,
    valgrind,
    runs,
  };
  return {
    // What the server did through the longer run: the cell's, as a timed cell's is its run's.
    cell: {
      ...instructionsRecord(m, {status: 'ok', error: null, instructions}),
      ...(runs[1].server && {server: runs[1].server}),
    },
    profiles: {short: profiles[0], long: profiles[1]},
  };
}

/** The cell's record, with what its last pgbench run printed (none when it failed before one). */
function instructionsRecord({cell, startedAt, last}, {status, error, instructions}) {
  return cellRecord(cell, {
    status,
    command: last?.command ?? null,
    exitCode: last?.exitCode ?? null,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    summary: last?.summary ?? null,
    log: null,
    raw: last?.raw ?? {},
    error,
    ...(instructions && {instructions}),
  });
}

/**
 * One of a cell's two runs, between two marks of the other processes' counts: the record's entry for it and
 * the added-up profile of its backends. CellFailed when it failed.
 */
async function measureRun(m, transactions, randomSeed) {
  try {
    m.fits = (await m.prepareRun()).fits;
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    throw new CellFailed({kind: 'connection', message: `before the run: ${error.message}`});
  }
  await beforeRun(m);
  const before = await readStats(m.connection, m.record);
  const offset = await runPgbench(m, transactions, randomSeed);
  const {pids, profile} = await countBackends(m, offset);
  const server = serverActivity(before, await readStats(m.connection, m.record));
  const otherProcesses = await afterRun(m);
  return {
    run: {
      transactionsPerClient: transactions,
      randomSeed,
      command: m.last.command,
      backends: pids.length,
      instructions: profile.total,
      ...(estimatedCycles(profile.events) !== null && {cycles: estimatedCycles(profile.events)}),
      otherProcesses,
      ...(server && {server}),
    },
    profile,
  };
}

/** A mark: each of the server's other processes writes its counts since the last (other-processes.mjs). */
function mark({connection, server, record}) {
  // pg_reload_conf(): the runner's own role (suite-role.mjs).
  const admin = connection.admin ?? connection;
  record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-c', MARK_SQL]);
  return markOtherProcesses(admin, server.valgrindDir);
}

/** VACUUM (FREEZE, ANALYZE) by the runner's role, pgbench's vacuum (by psql) and CHECKPOINT, then a mark. */
async function beforeRun(m) {
  const {cell, connection, record} = m;
  const admin = connection.admin ?? connection;
  try {
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-c', SETTLE_SQL]);
    await psql(admin, ['-c', SETTLE_SQL]);
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, ...beforeEachRun(cell)]);
    await psql(connection, beforeEachRun(cell));
    await mark(m);
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    throw new CellFailed({kind: 'connection', message: `before the run: ${error.message}`});
  }
}

/**
 * The run's pgbench, kept as m.last; returns where the server log stood before it. CellFailed when it
 * failed or did not process every transaction asked for.
 */
async function runPgbench(m, transactions, randomSeed) {
  const {cell, server, connection, env, record} = m;
  const argv = ['pgbench', ...instructionRunArgs(cell, transactions, connection, randomSeed)];
  record(argv, env);
  const offset = logSize(server.logFile);
  const out = await runProcess(argv, {env, timeoutS: 6 * 3600});
  const summary = parseOutput(out.stdout, out.stderr);
  m.last = {
    command: renderCommand(argv, env),
    exitCode: out.exitCode,
    summary,
    raw: {stdout: redact(out.stdout, connection.secrets), stderr: redact(out.stderr, connection.secrets)},
  };
  const {status, error} = statusOf(summary, out.exitCode, out.signal);
  // pgbench can report aborted clients without printing why: the cell still fails with a reason, and the
  // run goes on (the record needs an error to name).
  if (status !== 'ok') {
    throw new CellFailed(error ?? {kind: 'aborted', message: 'pgbench reported aborted clients without a reason.'});
  }
  const expected = transactions * cell.clients;
  if (summary.processed !== expected) {
    throw new CellFailed({
      kind: 'other',
      message: `pgbench processed ${summary.processed} transactions, not the ${expected} asked for.`,
    });
  }
  return offset;
}

/**
 * The backends that served the run (from the server log after `offset`) and their Callgrind files, added up
 * into one profile and removed.
 */
async function countBackends({cell, server}, offset) {
  const pids = pgbenchBackends(logAfter(server.logFile, offset));
  if (pids.length < cell.clients) {
    throw new CellFailed({
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
    throw new CellFailed({kind: 'other', message: error.message});
  }
  const parsed = files.map((f) => parseCallgrind(readFileSync(f, 'utf8'), f));
  // The simulated caches, as Callgrind names them (the same in every file of a run).
  const profile = {...addProfiles(parsed), description: parsed[0]?.description ?? null};
  for (const f of files) rmSync(f, {force: true});
  return {pids, profile};
}

/** The other processes' work since the mark before the run, the pages it dirtied written by a CHECKPOINT. */
async function afterRun(m) {
  const {connection, record} = m;
  try {
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-c', CHECKPOINT_SQL]);
    await psql(connection, ['-c', CHECKPOINT_SQL]);
    return await mark(m);
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    throw new CellFailed({kind: 'other', message: `after the run: ${error.message}`});
  }
}
