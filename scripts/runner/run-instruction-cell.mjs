// A cell of the instructions measure, as the run executes it, on a freshly
// started server: its two runs (measure-instructions.mjs), each on the
// database as it was kept (pristine-data.mjs), read into shared buffers as far
// as they hold it, after a warm-up; its profiles are added to its group's files.
import {failedCell} from '../../lib/results/cell-record.mjs';
import {cellSeeds, instructionRunArgs, prewarm, warmUpTransactions} from './instruction-commands.mjs';
import {measureInstructions} from './measure-instructions.mjs';
import {sessionEnv} from './pgbench-commands.mjs';
import {warmUp} from './preparations.mjs';
import {Interrupted} from './processes.mjs';
import {addCellProfiles, withProfile} from './profile-files.mjs';
import {keepPristine, restorePristine} from './pristine-data.mjs';
import {unwritable} from './run-result.mjs';

/**
 * An instructions cell, its record and profiles joining the result. `state` is the target's (targets.mjs):
 * which of its data sets (state.dataVersion: execute-steps.mjs) was kept is remembered there.
 */
export async function runInstructionCell({cell, state, result, record, progress, instructions}) {
  const {server, connection} = state;
  const env = {...connection.env, ...sessionEnv(cell.workloadSpec)};
  const major = state.target.major;
  let measured;
  // The data as pgbench -i and the setups left it, kept once for every run to start from (pristine-data.mjs).
  // A data set no step made (a scenario without a scale, workloads without setup) is the database as it started.
  const dataVersion = state.dataVersion ?? 0;
  if (state.pristineOf !== dataVersion) {
    progress.note(`${state.id}: keeping a copy of the database for every run to start from`);
    try {
      await keepPristine(connection, major, record);
      state.pristineOf = dataVersion;
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      const message = `the copy of the database every run starts from could not be made: ${error.message}`;
      measured = {cell: failedCell(cell, {kind: 'connection', message})};
    }
  }
  // Before each of the cell's runs: the database put back, read into shared buffers, then a warm-up on rows of
  // its own, not counted (warmUpTransactions says why).
  const prepareRun = async () => {
    await restorePristine(connection, major, record);
    // CREATE EXTENSION pg_prewarm: the runner's own role (suite-role.mjs).
    const {fits} = await prewarm(connection, record);
    const transactions = warmUpTransactions(cell);
    const seed = cellSeeds(cell.repeat).warmUp;
    const argv = ['pgbench', ...instructionRunArgs(cell, transactions, connection, seed)];
    const note = `${cell.id}: warm-up, ${transactions} transactions per client`;
    await warmUp({cell, argv, env, connection, result, record, progress, note, timeoutS: 6 * 3600});
    return {fits};
  };
  measured ??= await measureInstructions({
    cell,
    server,
    connection,
    env,
    record,
    progress,
    valgrind: instructions.valgrind,
    prepareRun,
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
