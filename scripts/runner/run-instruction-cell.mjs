// A cell of the instructions measure, as the run executes it: the server's
// tables and indexes read into shared buffers once per start under Valgrind
// (when they fit), a warm-up once per target and group, then the cell's two
// runs (measure-instructions.mjs); its profiles are added to its group's files.
import {failedCell} from '../../lib/results/cell-record.mjs';
import {groupKey} from '../../lib/results/groups.mjs';
import {cellSeeds, instructionRunArgs, PREWARM_SQL, prewarmOutcome} from './instruction-commands.mjs';
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
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, ...args]);
    try {
      state.fits = prewarmOutcome(await psql(connection, args)).fits;
      state.prewarmed = server.starts();
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      measured = {cell: failedCell(cell, {kind: 'connection', message: `pg_prewarm failed: ${error.message}`})};
    }
  }
  // Once per target and group, before its first cell: twice the longer run on rows of its own, not counted.
  // Right after pgbench -i, a transaction's work drifts as the pages it updates settle; then it holds still.
  const group = groupKey(cell);
  state.warmed ??= new Set();
  if (!measured && !state.warmed.has(group)) {
    const seed = cellSeeds(cell.repeat).warmUp;
    const argv = ['pgbench', ...instructionRunArgs(cell, 2 * cell.transactionsPerClient, connection, seed)];
    const note = `${cell.id}: warm-up, ${2 * cell.transactionsPerClient} transactions per client`;
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
