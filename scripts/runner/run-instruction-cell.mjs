// A cell of the instructions measure, as the run executes it, on a freshly
// started server: its tables and indexes read into shared buffers (when they
// fit), a warm-up, then the cell's two runs (measure-instructions.mjs); its
// profiles are added to its group's files.
import {failedCell} from '../../lib/results/cell-record.mjs';
import {groupKey} from '../../lib/model/keys.mjs';
import {
  cellSeeds,
  instructionRunArgs,
  PREWARM_SQL,
  prewarmOutcome,
  warmUpTransactions,
} from './instruction-commands.mjs';
import {measureInstructions} from './measure-instructions.mjs';
import {sessionEnv} from './pgbench-commands.mjs';
import {warmUp} from './preparations.mjs';
import {Interrupted} from './processes.mjs';
import {addCellProfiles, withProfile} from './profile-files.mjs';
import {psql} from './psql.mjs';
import {unwritable} from './run-result.mjs';

/**
 * An instructions cell, its record and profiles joining the result. `state` is the target's (targets.mjs):
 * what it prewarmed and warmed up is remembered there.
 */
export async function runInstructionCell({cell, state, result, record, progress, instructions}) {
  const {server, connection} = state;
  const env = {...connection.env, ...sessionEnv(cell.workloadSpec)};
  let measured;
  if (state.prewarmed !== server.starts()) {
    const args = ['-A', '-t', '-c', PREWARM_SQL];
    // CREATE EXTENSION pg_prewarm: the runner's own role (suite-role.mjs).
    const admin = connection.admin ?? connection;
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, ...args]);
    try {
      state.fits = prewarmOutcome(await psql(admin, args)).fits;
      state.prewarmed = server.starts();
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      measured = {cell: failedCell(cell, {kind: 'connection', message: `pg_prewarm failed: ${error.message}`})};
    }
  }
  // Before every cell, on rows of its own and not counted: a warm-up, longer before a target's first cell of a
  // group (warmUpTransactions says why).
  const group = groupKey(cell);
  state.warmed ??= new Set();
  if (!measured) {
    const transactions = warmUpTransactions(cell, {first: !state.warmed.has(group)});
    const seed = cellSeeds(cell.repeat).warmUp;
    const argv = ['pgbench', ...instructionRunArgs(cell, transactions, connection, seed)];
    const note = `${cell.id}: warm-up, ${transactions} transactions per client`;
    await warmUp({cell, argv, env, connection, result, record, progress, note, timeoutS: 6 * 3600});
    state.warmed.add(group);
  }
  measured ??= await measureInstructions({
    cell,
    server,
    connection,
    env,
    record,
    progress,
    valgrind: instructions.valgrind,
    fits: state.fits,
  });
  // Its profiles first: a cell is in the result only once its profiles are (a full disk stops the run with the
  // result as it was, and the cell is measured again on --resume).
  if (measured.profiles) {
    try {
      result.profiles = withProfile(
        result.profiles,
        addCellProfiles(instructions.file, measured.cell, measured.profiles),
      );
    } catch (error) {
      throw unwritable(error, instructions.file, result);
    }
  }
  result.cells.push(measured.cell);
  const perTransaction = measured.cell.instructions?.perTransaction;
  progress.cell({
    cell,
    status: measured.cell.status,
    note: measured.cell.error?.message,
    figure:
      perTransaction === undefined
        ? undefined
        : `${perTransaction.toLocaleString('en', {maximumFractionDigits: 1})} instructions/transaction`,
  });
  return measured.cell;
}
