// --resume: the run it continues, found in the results folder with the matrix
// options it ran with, and its failed cells put aside to be measured again.
import {findResumable} from './run-files.mjs';

/** The run --resume continues (unfinished, or with failed cells), with its matrix options restored. */
export function resumable(suite, outDir, matrix) {
  const measure = matrix.measure ?? 'time';
  const previous = findResumable(outDir, suite.id, matrix.shard ?? null, measure);
  if (!previous) {
    throw new Error(
      `Nothing to resume: no run of suite ${suite.id} in ${outDir} is unfinished or has failed cells (measure: ` +
        `${measure}). Start one ` +
        `without --resume${measure === 'time' ? ', or resume an instructions run with --measure instructions' : ''}.`,
    );
  }
  if (previous.result.run.suiteHash !== suite.hash) {
    throw new Error(
      `${previous.file} ran another version of ${suite.file} or of an SQL file it runs (one changed since): a ` +
        'resumed run would join figures of two different workloads. Start a new run without --resume, or put ' +
        'the files back as they were.',
    );
  }
  const saved = previous.result.run.overrides ?? {};
  refuseChanges(previous, saved, matrix);
  const restored = {
    only: saved.only ?? {},
    repeat: saved.repeat ?? null,
    durationS: saved.durationS ?? null,
    scale: saved.scale ?? null,
    ...matrix,
  };
  if (saved.shard) {
    const [index, count] = saved.shard.split('/').map(Number);
    restored.shard ??= {index, count};
  }
  return {previous, matrix: restored};
}

/** The options a resumed run keeps from its start, by the name the command line gives them. */
const KEPT = {only: '--only', repeat: '--repeat', durationS: '--duration', scale: '--scale'};

/**
 * A resumed run measures as it began: an option typed again must say what the run started with, or its
 * result would record one setting while its cells ran with another.
 */
function refuseChanges(previous, saved, matrix) {
  for (const [key, option] of Object.entries(KEPT)) {
    if (matrix[key] === undefined) continue;
    const before = saved[key] ?? (key === 'only' ? {} : null);
    if (JSON.stringify(matrix[key]) !== JSON.stringify(before)) {
      throw new Error(
        `${previous.file} started with ${option} ${before === null ? "(the suite's)" : JSON.stringify(before)}, ` +
          `not ${JSON.stringify(matrix[key])}: a resumed run measures as it began. Leave out ${option} to resume, ` +
          'or start a new run without --resume.',
      );
    }
  }
}

/**
 * A resumed run measures its failed cells again: their records leave `cells`
 * for `failedAttempts`, kept as they were (what failed, and why, stays on
 * record), and the run is unfinished until they are done.
 */
export function retryFailed(result) {
  const failed = result.cells.filter((c) => c.status === 'failed');
  if (failed.length === 0) return;
  result.failedAttempts = [...(result.failedAttempts ?? []), ...failed];
  result.cells = result.cells.filter((c) => c.status !== 'failed');
  result.run.finishedAt = null;
}
