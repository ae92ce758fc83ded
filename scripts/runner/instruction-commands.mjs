// What an instructions cell runs besides its servers' starts, planned without
// running anything: the prewarm of shared buffers, the lengths of its two runs,
// their random seeds and commands, and what runs before each. The run executes
// them (measure-instructions.mjs, run-instruction-cell.mjs); --dry-run prints
// them (print-plan.mjs).
import {runArgs} from './pgbench-commands.mjs';
import {psql} from './psql.mjs';
import {CHECKPOINT_SQL} from './run-steps.mjs';
import {RUNNER_SCHEMA} from './suite-role.mjs';

/** What pgbench runs before a built-in script unless -n: here by psql, so that it is not counted. */
export const VACUUM_SQL = ['VACUUM pgbench_branches', 'VACUUM pgbench_tellers', 'TRUNCATE pgbench_history'];

/**
 * Fills shared buffers with the database (pg_prewarm), smallest relation
 * first, as far as they hold it. At a size that fits, each run then finds
 * every page in memory, where the previous left it, and no run pays for a read
 * another would not. At a size that does not fit, the buffers are full when the
 * runs start, as in a long run: a transaction that needs a page not in them
 * evicts another to read it (from the kernel's page cache), and its figure
 * includes that work. What the buffers do not hold is read into the kernel's
 * page cache (pg_prewarm's read mode, through a private buffer: the shared
 * ones stay as filled), so that no run starts by waiting for the disk: the
 * runner moves between servers, whose data sets evict each other's pages.
 * Its one row: the blocks of the database, shared buffers' size in blocks,
 * the blocks it read into them, and those it read into the page cache.
 */
// As the superuser, beside the suite's objects: every function and relation named with its schema (the
// extension's in the runner's own, suite-role.mjs), and the session's search_path fixed (connection.mjs).
export const PREWARM_SQL =
  `CREATE EXTENSION IF NOT EXISTS pg_prewarm SCHEMA ${RUNNER_SCHEMA}; ` +
  'WITH rel AS (SELECT c.oid, pg_catalog.pg_relation_size(c.oid) / ' +
  "pg_catalog.current_setting('block_size')::pg_catalog.int8 AS blocks " +
  'FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace ' +
  "WHERE c.relkind IN ('r', 'i', 'm') AND n.nspname = 'public'), " +
  "room AS (SELECT pg_catalog.pg_size_bytes(pg_catalog.current_setting('shared_buffers')) / " +
  "pg_catalog.current_setting('block_size')::pg_catalog.int8 AS blocks), " +
  'queue AS (SELECT rel.oid, rel.blocks, room.blocks - pg_catalog.sum(rel.blocks) OVER (ORDER BY rel.blocks, ' +
  'rel.oid) + rel.blocks AS left_over FROM rel, room), ' +
  `warmed AS (SELECT coalesce(pg_catalog.sum(${RUNNER_SCHEMA}.pg_prewarm(oid, 'buffer', 'main', 0, ` +
  '(least(blocks, left_over) - 1)::pg_catalog.int8)), 0) AS n ' +
  'FROM queue WHERE blocks > 0 AND left_over > 0), ' +
  `cached AS (SELECT coalesce(pg_catalog.sum(${RUNNER_SCHEMA}.pg_prewarm(oid, 'read', 'main', ` +
  'greatest(left_over, 0)::pg_catalog.int8, (blocks - 1)::pg_catalog.int8)), 0) AS n ' +
  'FROM queue WHERE blocks > greatest(left_over, 0)) ' +
  'SELECT (SELECT pg_catalog.sum(blocks) FROM rel), (SELECT blocks FROM room), (SELECT n FROM warmed), ' +
  '(SELECT n FROM cached)';

/**
 * PREWARM_SQL's row (psql -A -t prints it last, after "CREATE EXTENSION"): the
 * database's blocks, shared buffers' size in blocks, the blocks read into them,
 * and those read into the kernel's page cache.
 */
export function prewarmOutcome(output) {
  const last = output.trim().split('\n').at(-1);
  const [blocks, buffers, warmed, cached] = last.split('|').map(Number);
  if (![blocks, buffers, warmed, cached].every(Number.isFinite)) {
    throw new Error(`pg_prewarm: unexpected output ${JSON.stringify(output.trim())}`);
  }
  return {blocks, buffers, warmed, cached, fits: blocks <= buffers};
}

/**
 * Fills shared buffers (PREWARM_SQL) as the runner's own role, recorded: what it read (prewarmOutcome). Rejects
 * with psql's words when it fails.
 */
export async function prewarm(connection, record) {
  const admin = connection.admin ?? connection;
  const args = ['-A', '-t', '-c', PREWARM_SQL];
  record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, ...args]);
  return prewarmOutcome(await psql(admin, args));
}

/** Transactions per client of the shorter and the longer run of a cell. */
export const runLengths = (cell) => [Math.floor(cell.transactionsPerClient / 2), cell.transactionsPerClient];

/**
 * The warm-up before each of an instructions cell's runs, in transactions per client: the shorter run's length.
 * Every run starts on the database as it was kept (pristine-data.mjs), on a server started for its cell
 * (targets.mjs, fresh), and a start leaves work of its own for the first transactions (the WAL buffers to fill,
 * the caches to load), some of it done by the backend or by a background process as their timing falls: the
 * warm-up does it, on rows of its own, so that both runs find it done.
 */
export const warmUpTransactions = (cell) => runLengths(cell)[0];

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
