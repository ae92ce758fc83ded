// Runs a suite's matrix against real servers and writes its result file.
//
// The planned cells come in the matrix's order (lib/suites/matrix.mjs):
// comparison group by group, in rounds of every target in a shuffled order.
// The run executes its steps (run-steps.mjs, execute-steps.mjs): a switch of
// target (one server under test at a time: targets.mjs), pgbench -i when a
// target's tables are not at the cell's scale, a workload's setup SQL and plans
// (preparations.mjs), and every cell (warm-up, CHECKPOINT, the measured run:
// run-timed-cell.mjs, run-instruction-cell.mjs). After each step the whole
// result is written again, atomically (run-result.mjs): an interruption loses
// at most the cell in flight. Ctrl-C (or SIGTERM, SIGHUP) at any step stops the
// run as interrupted: the servers are stopped, the result is saved unfinished,
// and --resume (resume-run.mjs) finishes it in the same order without redoing
// finished cells (processes.mjs).
import {mkdtempSync, rmSync, statfsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {summarizeRepeats} from '../../lib/model/summarize-repeats.mjs';
import {DRIFT_WINDOW_S, STEADY_WITHIN, steadyRuns} from '../../lib/results/throughput-drift.mjs';
import {groupsOf} from '../../lib/suites/like-for-like.mjs';
import {expandMatrix, newSeed} from '../../lib/suites/matrix.mjs';
import {diskProblem, estimateRun, lengthText} from '../../lib/suites/run-estimate.mjs';
import {cpuSplit, pinRunner} from './cpu-pinning.mjs';
import {checkInstalledTargets, checkInstructionsTargets, checkLikeForLike, unlikeServer} from './check-plan.mjs';
import {stopAllServers} from './embedded-server.mjs';
import {executeSteps} from './execute-steps.mjs';
import {findPgbench, findValgrind} from './find-tools.mjs';
import {renderCommand} from './pgbench-commands.mjs';
import {planLines, suiteLines} from './print-plan.mjs';
import {catchInterrupts, Interrupted} from './processes.mjs';
import {resumable, retryFailed} from './resume-run.mjs';
import {claimRun, saveResult} from './run-result.mjs';
import {removeStaleTempDirs, tempPrefix} from './run-files.mjs';
import {runSteps} from './run-steps.mjs';
import {openTargets} from './targets.mjs';

/**
 * @param {object} suite  from loadSuite
 * @param {object} options
 * @param {string} options.outDir
 * @param {object} [options.matrix]  only, shard, repeat, durationS, scale: see expandMatrix
 * @param {boolean} [options.dryRun]  print the commands, run nothing
 * @param {boolean} [options.resume]  finish the newest unfinished run of this suite
 * @param {object} options.progress  from createProgress
 * @returns {Promise<{file: string|null, result: object|null, failed: number, interrupted: string|null}>}
 */
export async function runSuite(suite, {outDir, matrix = {}, dryRun = false, resume = false, pin = false, progress}) {
  let previous = null;
  if (resume) ({previous, matrix} = resumable(suite, outDir, matrix));
  // A resumed run keeps its order: the seed comes from its result.
  const seed = previous?.result.run.design?.seed ?? matrix.seed ?? newSeed();
  const measure = matrix.measure ?? 'time';
  // A resumed run keeps its CPUs as it began (design.cpus): kept apart, or shared, which --pin cannot change.
  if (previous && pin && !previous.result.run.design?.cpus) {
    throw new Error(
      `--resume finishes ${previous.file} as it began, its servers and pgbench sharing the CPUs: leave out --pin, ` +
        'or start a new run with it',
    );
  }
  const cpus = previous ? (previous.result.run.design?.cpus ?? null) : pin ? cpuSplit() : null;
  const {cells: plannedCells, overrides} = expandMatrix(suite, {...matrix, seed});
  if (measure === 'instructions') checkInstructionsTargets(suite, plannedCells);
  checkInstalledTargets(suite, plannedCells);
  // Like for like, as far as the suite decides the settings; each server is checked again once it answers.
  const groups = groupsOf(plannedCells);
  checkLikeForLike(suite, groups);
  const estimate = estimateRun(plannedCells);
  // Every target's data stays to the end of the run: the disk must hold them all.
  const {bavail, bsize} = statfsSync(tmpdir());
  const disk = diskProblem(estimate, bavail * bsize, tmpdir());
  if (dryRun) {
    const diskLine = disk && `# disk: ${disk.refuse ? `the run would be refused: ${disk.refuse}` : disk.warning}`;
    const plan = planLines(plannedCells, seed, {measure, shell: suite.shell, cpus});
    const head = suiteLines(suite, estimate, tmpdir());
    // The estimate again last: the commands scroll the first line away.
    console.log([...head, ...(diskLine ? [diskLine] : []), ...plan, head[0]].join('\n'));
    return {file: null, result: null, failed: 0, interrupted: null};
  }
  if (disk?.refuse) throw new Error(disk.refuse);
  if (disk?.warning) progress.note(disk.warning);
  const valgrind = measure === 'instructions' ? await findValgrind() : null;
  const pgbench = await findPgbench();
  removeStaleTempDirs();
  const {file, result, release} = claimRun({
    previous,
    suite,
    outDir,
    shard: matrix.shard,
    overrides,
    pgbench,
    seed,
    valgrind,
    cpus,
  });
  if (previous) retryFailed(result);
  const {failed, interrupted} = await executeRun({
    suite,
    plannedCells,
    groups,
    file,
    result,
    release,
    valgrind,
    progress,
  });
  if (!interrupted) reportRun(progress, {file, result, failed, valgrind});
  return {file, result, failed, interrupted};
}

/**
 * Measures the planned cells the result does not hold yet, with the servers stopped, the temporary folder
 * removed and the file released on every way out; an interrupt saves the result unfinished.
 * @returns {Promise<{failed: number, interrupted: string|null}>}  the result's cells not ok, and the signal
 */
async function executeRun({suite, plannedCells, groups, file, result, release, valgrind, progress}) {
  const cpus = result.run.design?.cpus ?? null;
  const save = () => saveResult(file, result);
  const done = new Set(result.cells.map((c) => c.id));
  const todo = plannedCells.filter((c) => !done.has(c.id));
  // The length of what is left to do, said first and again at the end beside the time it took.
  const left = estimateRun(todo);
  const estimate = left.countedCells < todo.length ? lengthText(left.seconds) : null;
  progress.begin({total: plannedCells.length, skipped: plannedCells.length - todo.length, file, estimate});

  // A second Ctrl-C ends the process at once: stop the servers synchronously first.
  const stopCatching = catchInterrupts({onForce: () => stopAllServers()});
  const record = (argv, env = {}) => result.run.commands.push(renderCommand(argv, env));
  const targets = openTargets({
    result,
    record,
    progress,
    order: suite.targets.map((t) => t.id),
    unlike: unlikeServer(suite, groups, result),
    shell: suite.shell,
    instrument: valgrind && {valgrind: valgrind.path},
    cpus,
  });
  const tmp = mkdtempSync(tempPrefix());
  let failed = result.cells.filter((c) => c.status !== 'ok').length;
  const instructions = valgrind && {valgrind: valgrind.version, file};
  try {
    if (cpus) await pinRunner(cpus);
    // External servers answer first, before anything is measured: their settings are known only then.
    for (const target of suite.targets.filter((t) => t.kind === 'external' && todo.some((c) => c.target === t.id))) {
      await targets.use(target);
    }
    const steps = [...runSteps(todo)];
    failed += await executeSteps({steps, targets, result, save, progress, record, tmp, instructions});
    result.run.finishedAt = new Date().toISOString();
    save();
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    save();
    progress.interrupted({signal: error.signal, done: result.cells.length, total: plannedCells.length, file});
    return {failed, interrupted: error.signal};
  } finally {
    targets.close();
    rmSync(tmp, {recursive: true, force: true});
    stopCatching();
    release();
  }
  return {failed, interrupted: null};
}

/** A finished run's figures (the median of each cell's repeats) and how it ended, on the progress display. */
function reportRun(progress, {file, result, failed, valgrind}) {
  if (valgrind) {
    progress.summary(
      summarizeRepeats(result.cells, (c) => c.instructions?.perTransaction),
      {label: 'median instructions/transaction', kind: 'instructions'},
    );
  } else {
    progress.summary(summarizeRepeats(result.cells, (c) => c.summary?.tps));
    // Whether the runs measured a steady state, workload by workload (a design goal: lib/results/throughput-drift.mjs).
    for (const workload of new Set(result.cells.map((c) => c.workload))) {
      const {steady, runs} = steadyRuns(result.cells.filter((c) => c.workload === workload));
      if (runs > 0) {
        progress.note(
          `${workload}: ${steady} of ${runs} runs steady (their last ${DRIFT_WINDOW_S} s of throughput within ` +
            `${STEADY_WITHIN * 100}% of their first ${DRIFT_WINDOW_S} s)`,
        );
      }
    }
  }
  progress.end({
    failed,
    file,
    targets: result.environment.targets.filter((t) => t.error),
    retryable: result.cells.filter((c) => c.status === 'failed').length,
    suiteFixes: result.cells.filter((c) => ['settings', 'script'].includes(c.error?.kind)).length,
  });
}
