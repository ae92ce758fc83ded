// A cell of the time measure, as the run executes it: its warm-up (not
// measured), CHECKPOINT, then the measured pgbench run (measure-cell.mjs).
import {failedCell} from '../../lib/results/cell-record.mjs';
import {measureCell} from './measure-cell.mjs';
import {runArgs, sessionEnv} from './pgbench-commands.mjs';
import {warmUp} from './preparations.mjs';
import {Interrupted} from './processes.mjs';
import {psql} from './psql.mjs';
import {CHECKPOINT_SQL, warmupOf} from './run-steps.mjs';

/** A cell: its warm-up (not measured), CHECKPOINT, then the measured run; its record joins the result. */
export async function runTimedCell({cell, connection, result, record, progress, tmp}) {
  const env = {...connection.env, ...sessionEnv(cell.workloadSpec)};
  const {warmupS} = cell.scenarioSpec;
  if (warmupS > 0) {
    const argv = ['pgbench', ...runArgs(warmupOf(cell), connection)];
    const note = `${cell.id}: warm-up ${warmupS} s`;
    await warmUp({cell, argv, env, connection, result, record, progress, note, timeoutS: warmupS + 300});
  }
  record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-c', CHECKPOINT_SQL]);
  let checkpointError = null;
  try {
    await psql(connection, ['-c', CHECKPOINT_SQL]);
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    checkpointError = {kind: 'connection', message: `CHECKPOINT before the run failed: ${error.message}`};
  }
  const measured = checkpointError
    ? failedCell(cell, checkpointError)
    : await measureCell({cell, connection, env, tmp, record, progress});
  result.cells.push(measured);
  progress.cell({cell, status: measured.status, tps: measured.summary?.tps, note: measured.error?.message});
  return measured;
}
