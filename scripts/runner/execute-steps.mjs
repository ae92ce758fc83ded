// Executes a run's steps (run-steps.mjs) in order, each on its target's server
// in the mode it needs, the result written again after each. A target that
// cannot be used fails its cells; pgbench -i that failed fails its builtin ones.
import {failedCell} from '../../lib/results/cell-record.mjs';
import {initialize, prepareWorkload} from './preparations.mjs';
import {restorePristine} from './pristine-data.mjs';
import {Interrupted} from './processes.mjs';
import {runInstructionCell} from './run-instruction-cell.mjs';
import {runTimedCell} from './run-timed-cell.mjs';

/**
 * The mode a target's server runs in for a step: under Valgrind for an
 * instructions cell, plain for everything else (pgbench -i and setup SQL would
 * take many times as long under Valgrind, and are not measured).
 */
const modeFor = (step, instructions) => (step?.type === 'cell' && instructions ? 'instrumented' : 'plain');

/**
 * Before an instructions cell: its server on a fresh start (targets.mjs, fresh); whether that failed (the
 * target's error then says why).
 */
async function freshStart(targets, target, state) {
  await targets.fresh(target);
  return Boolean(state.error);
}

/**
 * The data set kept for an instructions run's cells put back (pristine-data.mjs), when one is kept for the data
 * set in place; the error that fails the workload's cells when that failed, or null.
 */
async function restoreKept(state, target, record) {
  if (state.pristineOf === undefined || state.pristineOf !== (state.dataVersion ?? 0)) return null;
  try {
    await restorePristine(state.connection, target.major, record);
    return null;
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    return {kind: 'connection', message: `the kept database could not be put back before the setup: ${error.message}`};
  }
}

/** Executes the steps; returns how many cells failed. Interrupted propagates. */
export async function executeSteps({steps, targets, result, save, progress, record, tmp, instructions}) {
  let failed = 0;
  let state = null;
  const initErrors = new Map();
  // A workload whose setup SQL failed on a target: its cells there fail with why.
  const setupErrors = new Map();
  const setupKey = (target, workload) => `${target}\n${workload}`;
  const fail = (plannedCell, error) => {
    result.cells.push(failedCell(plannedCell, error));
    progress.cell({cell: plannedCell, status: 'failed', note: error.message});
    failed++;
  };
  for (const [i, step] of steps.entries()) {
    if (step.type === 'switch') {
      state = await targets.use(step.target, modeFor(steps[i + 1], instructions));
      save();
      continue;
    }
    if (!state.error) await targets.mode(step.target ?? step.cell.targetSpec, modeFor(step, instructions));
    if (step.type === 'init') {
      if (state.error) continue;
      const {target, scale} = step;
      // A new data set: an instructions run keeps it anew (run-instruction-cell.mjs).
      state.dataVersion = (state.dataVersion ?? 0) + 1;
      initErrors.set(
        target.id,
        await initialize({target, scale, connection: state.connection, result, record, progress}),
      );
    } else if (step.type === 'prepare') {
      if (state.error) continue;
      // A setup changes the data set: it runs on the kept one (the runs since have changed the other), which an
      // instructions run then keeps anew.
      const restoreError = step.workload.setup ? await restoreKept(state, step.target, record) : null;
      if (step.workload.setup) state.dataVersion = (state.dataVersion ?? 0) + 1;
      // (A failed restore leaves no database: the setup then fails too, and with it the workload's cells.)
      const setupError =
        restoreError ??
        (await prepareWorkload({
          target: step.target,
          workload: step.workload,
          connection: state.connection,
          result,
          record,
        }));
      if (setupError) setupErrors.set(setupKey(step.target.id, step.workload.id), setupError);
      else if (step.workload.setup) await targets.recheck(step.target, `workload ${step.workload.id}'s setup SQL`);
    } else if (state.error) {
      fail(step.cell, state.error);
    } else if (setupErrors.has(setupKey(step.cell.target, step.cell.workload))) {
      fail(step.cell, setupErrors.get(setupKey(step.cell.target, step.cell.workload)));
    } else if (initErrors.get(step.cell.target) && step.cell.workloadSpec.builtin) {
      const initError = initErrors.get(step.cell.target);
      fail(step.cell, {...initError, message: `pgbench -i failed: ${initError.message}`});
    } else if (instructions && (await freshStart(targets, step.cell.targetSpec, state))) {
      fail(step.cell, state.error);
    } else {
      const measured = instructions
        ? await runInstructionCell({cell: step.cell, state, result, record, progress, instructions})
        : await runTimedCell({cell: step.cell, connection: state.connection, result, record, progress, tmp});
      // A cell measured with a setting the suite's SQL moved is not kept as ok: the target fails from here on.
      const moved = measured.status === 'ok' && (await targets.recheck(step.cell.targetSpec, `cell ${step.cell.id}`));
      if (moved) {
        Object.assign(measured, {status: 'failed', error: moved});
        progress.note(`${step.cell.id}: ${moved.message}`);
      }
      if (measured.status !== 'ok') {
        failed++;
        // A cell its server died under failed for that reason (pgbench may call it aborted): --resume redoes it.
        const lost = targets.lost(step.cell.targetSpec);
        if (lost) Object.assign(measured, {status: 'failed', error: {...lost, detail: measured.error?.message}});
      }
    }
    save();
  }
  return failed;
}
