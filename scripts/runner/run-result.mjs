// The result a run writes: its file claimed (a new one, or the run --resume
// continues), the result begun with the run's provenance and design, and
// written again whole after every step; a folder that cannot take it stops the
// run with what was measured kept elsewhere.
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gitState, hostInfo, toolInfo} from '../../lib/results/provenance.mjs';
import {SCHEMA_VERSION} from '../../lib/results/validate-result.mjs';
import {writeResult} from '../../lib/results/write-result.mjs';
import {baseRunId, claimExistingRun, claimNewRun} from './run-files.mjs';

/**
 * The runner's way of measuring, named by the day it last changed: History starts a new line where it differs
 * (lib/results/history.mjs), since a step across it may be the runner's, not the server's. Change it with every
 * change to what a run measures or how (2026-11-28: each instructions run on the kept database, the cache
 * simulation; timed runs without -r, the fixed wait sampler, VACUUM (FREEZE), the suite's own role).
 */
export const METHOD = '2026-11-28';

/** How the run was designed, as the pages describe it and the statistics read it. */
const designOf = (suite, seed, measure = 'time', cpus = null) => ({
  method: METHOD,
  order: 'interleaved-rounds',
  seed,
  checkpointBeforeEach: true,
  margin: measure === 'instructions' ? suite.instructions.margin : suite.margin,
  ...(measure === 'instructions' &&
    Object.keys(suite.instructions.margins ?? {}).length > 0 && {margins: suite.instructions.margins}),
  published: suite.published,
  ...(measure === 'instructions' && {measure}),
  ...(cpus && {cpus}),
});

/** A new run's result, before its first cell. */
function newResult(suite, runId, overrides, pgbench, seed, valgrind, startedAt, cpus) {
  return {
    schemaVersion: SCHEMA_VERSION,
    run: {
      id: runId,
      kind: 'run',
      suite: suite.id,
      suiteHash: suite.hash,
      ...(suite.shell && {shell: true}),
      startedAt: startedAt.toISOString(),
      finishedAt: null,
      project: gitState(),
      tool: toolInfo(),
      commands: [],
      overrides,
      design: designOf(suite, seed, valgrind ? 'instructions' : 'time', cpus),
    },
    environment: {
      host: hostInfo(),
      pgbenchVersion: pgbench.version,
      pgbenchVersionFull: pgbench.versionFull,
      ...(valgrind && {valgrindVersion: valgrind.version}),
      targets: [],
    },
    cells: [],
    plans: [],
    preparations: [],
  };
}

/**
 * The file a run writes, locked for it (`release` unlocks it), and its result:
 * the previous run's when resuming, else a new one named after the suite (and
 * measure and shard).
 * @returns {{file: string, result: object, release: () => void}}
 */
export function claimRun({previous, suite, outDir, shard, overrides, pgbench, seed, valgrind, cpus = null}) {
  if (previous) {
    const release = claimExistingRun(previous.file);
    return {file: previous.file, result: previous.result, release};
  }
  const name = valgrind ? `${suite.id}-instructions` : suite.id;
  // One moment names the file and starts the run: taken twice, a second could pass between them, and the
  // file's name was then a second before its run (the build refuses such a file).
  const now = new Date();
  const claimed = claimNewRun(outDir, baseRunId(name, {now, shard: shard ?? null}));
  return {
    file: claimed.file,
    result: newResult(suite, claimed.id, overrides, pgbench, seed, valgrind, now, cpus),
    release: claimed.release,
  };
}

/**
 * Writes the result; when its folder cannot take it (full, read-only), the run
 * stops, the file keeps its last complete state, and what was measured since
 * is written to the temporary folder, which the error names with what to do.
 */
export function saveResult(file, result) {
  try {
    writeResult(file, result);
  } catch (error) {
    throw unwritable(error, file, result);
  }
}

/**
 * The error that stops a run whose results folder cannot be written (a code:
 * ENOSPC, EROFS…), after writing what it measured to the temporary folder;
 * any other error as it is.
 */
export function unwritable(error, file, result) {
  if (!error.code) return error;
  const rescue = path.join(tmpdir(), `${path.basename(file, '.json')}.rescued-${process.pid}.json`);
  let kept;
  try {
    writeResult(rescue, result);
    kept =
      `Everything measured so far (${result.cells.length} cells) is in ${rescue}: once ${path.dirname(file)} ` +
      `can be written, move it to ${file} and finish the run with --resume.`;
  } catch {
    kept = `Finish the run with --resume once ${path.dirname(file)} can be written.`;
  }
  return new Error(`${error.message} The run stopped. ${kept}`);
}
