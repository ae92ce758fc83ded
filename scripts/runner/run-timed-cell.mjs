// A cell of the time measure, as the run executes it: shared buffers filled
// with the database as far as they hold it (the server was most likely just
// started again: the run moves to another target between cells), its warm-up
// (not measured), VACUUM (FREEZE, ANALYZE) and CHECKPOINT (dead rows gone,
// every row hinted and frozen; where earlier runs moved rows stays as they left
// it: pristine-data.mjs says why), then the measured pgbench run (measure-cell.mjs),
// with what the server did through it (server-activity.mjs), then its
// statements' latencies (pgbench -r) in a short run of their own.
import {failedCell} from '../../lib/results/cell-record.mjs';
import {measureCell, statementsRun} from './measure-cell.mjs';
import {runArgs, sessionEnv} from './pgbench-commands.mjs';
import {warmUp} from './preparations.mjs';
import {Interrupted} from './processes.mjs';
import {psql} from './psql.mjs';
import {CHECKPOINT_SQL, warmupOf} from './run-steps.mjs';
import {prewarm} from './instruction-commands.mjs';
import {serverActivity} from '../../lib/results/server-counters.mjs';
import {pgbenchGone, readStats, sampleWaits, SETTLE_SQL} from './server-activity.mjs';

/** A cell: its warm-up (not measured), vacuum and CHECKPOINT, then the measured run; its record joins the result. */
export async function runTimedCell({cell, connection, result, record, progress, tmp}) {
  const env = {...connection.env, ...sessionEnv(cell.workloadSpec)};
  const {warmupS} = cell.scenarioSpec;
  const prewarmed = await prewarmedBuffers(connection, record);
  if (prewarmed.error) {
    const failed = failedCell(cell, prewarmed.error);
    result.cells.push(failed);
    progress.cell({cell, status: failed.status, note: failed.error.message});
    return failed;
  }
  if (warmupS > 0) {
    const argv = ['pgbench', ...runArgs(warmupOf(cell), connection)];
    const note = `${cell.id}: warm-up ${warmupS} s`;
    await warmUp({cell, argv, env, connection, result, record, progress, note, timeoutS: warmupS + 300});
  }
  const settleError = await settle(connection, record);
  const measured = settleError
    ? failedCell(cell, settleError)
    : {
        ...(await measuredWithActivity({cell, connection, env, tmp, record, progress})),
        ...(prewarmed.outcome && {prewarm: prewarmed.outcome}),
      };
  result.cells.push(measured);
  progress.cell({cell, status: measured.status, tps: measured.summary?.tps, note: measured.error?.message});
  return measured;
}

/**
 * Shared buffers filled with the database, smallest relation first, as far as they hold it, the rest read into the
 * kernel's page cache (PREWARM_SQL, by the
 * runner's own role): what the buffers held before the restart, not what a 10 s warm-up happens to read.
 */
async function prewarmedBuffers(connection, record) {
  // Only a server the runner started: another's extensions are not the runner's to make.
  if (!connection.admin) return {outcome: null};
  try {
    const {blocks, buffers, warmed, cached} = await prewarm(connection, record);
    return {outcome: {blocks, buffers, warmed, cached}};
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    return {error: {kind: 'connection', message: `pg_prewarm before the run failed: ${error.message}`}};
  }
}

/** VACUUM (FREEZE, ANALYZE) of the database (the runner's own role: it may vacuum every table) and CHECKPOINT. */
async function settle(connection, record) {
  const admin = connection.admin ?? connection;
  for (const sql of [SETTLE_SQL, CHECKPOINT_SQL]) {
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-c', sql]);
    try {
      await psql(admin, ['-c', sql]);
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      return {kind: 'connection', message: `${sql} before the run failed: ${error.message}`};
    }
  }
  return null;
}

/**
 * The measured run, with the server's counters read before and after it and its backends' waits sampled;
 * then, outside what they count, its statements' latencies in a run of their own.
 */
async function measuredWithActivity({cell, connection, env, tmp, record, progress}) {
  const before = await readStats(connection, record);
  const waits = sampleWaits(connection, cell.durationS ?? 3600, record, tmp);
  const measured = await measureCell({cell, connection, env, tmp, record, progress});
  const sampled = await waits.done();
  await pgbenchGone(connection);
  const activity = serverActivity(before, await readStats(connection, record));
  const withActivity = activity ? {...measured, server: {...activity, waits: sampled}} : measured;
  if (measured.status !== 'ok' || !cell.scenarioSpec.statements) return withActivity;
  const statements = await statementsRun({cell, connection, env, record, progress});
  return statements ? {...withActivity, statementsRun: statements} : withActivity;
}
