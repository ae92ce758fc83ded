// Runs a suite's matrix against real servers and writes its result file.
//
// The cells come in the matrix's order (lib/suites/matrix.mjs): comparison
// group by group, in rounds of every target in a shuffled order. The run
// executes its steps (run-steps.mjs): a switch of target (one server under
// test at a time: targets.mjs), pgbench -i when a target's tables are not at
// the cell's scale, a workload's setup SQL and plans, and every cell (warm-up,
// CHECKPOINT, the measured run: measure-cell.mjs). After each step the whole
// result is written again, atomically: an interruption loses at most the cell
// in flight. Ctrl-C (or SIGTERM, SIGHUP) at any step stops the run as
// interrupted: the servers are stopped, the result is saved unfinished, and
// --resume finishes it in the same order without redoing finished cells
// (processes.mjs).
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {gitState, hostInfo, toolInfo} from '../../lib/results/provenance.mjs';
import {summarizeRepeats} from '../../lib/results/summarize-repeats.mjs';
import {differenceText, groupsOf, plannedKeySettings, undeclaredDifferences} from '../../lib/suites/like-for-like.mjs';
import {SCHEMA_VERSION} from '../../lib/results/validate-result.mjs';
import {writeResult} from '../../lib/results/write-result.mjs';
import {expandMatrix, newSeed} from '../../lib/suites/matrix.mjs';
import {redact} from './connection.mjs';
import {stopAllServers} from './embedded-server.mjs';
import {failedCell} from '../../lib/results/cell-record.mjs';
import {measureCell} from './measure-cell.mjs';
import {
  cellSeeds,
  instructionRunArgs,
  measureInstructions,
  PREWARM_SQL,
  prewarmOutcome,
} from './measure-instructions.mjs';
import {addCellProfiles, withProfile} from './profile-files.mjs';
import {initArgs, renderCommand, runArgs, sessionEnv} from './pgbench-commands.mjs';
import {planLines} from './print-plan.mjs';
import {catchInterrupts, Interrupted, runProcess} from './processes.mjs';
import {psql} from './psql.mjs';
import {
  baseRunId,
  claimExistingRun,
  claimNewRun,
  findResumable,
  removeStaleTempDirs,
  tempPrefix,
} from './run-files.mjs';
import {CHECKPOINT_SQL, explainedQuery, explainSql, runSteps, setupCommand, warmupOf} from './run-steps.mjs';
import {openTargets} from './targets.mjs';
import {groupKey} from '../../lib/results/groups.mjs';

const OUTPUT_TAIL = 20000;
const tail = (text) => (text.length > OUTPUT_TAIL ? `…${text.slice(-OUTPUT_TAIL)}` : text);

/** pgbench on PATH, and its version; a clear error with the install command when missing. */
export async function findPgbench() {
  const probe = await runProcess(['pgbench', '--version']);
  if (probe.exitCode !== 0) {
    throw new Error(
      "pgbench is not on PATH. It comes with PostgreSQL's packages: as root run bash scripts/setup-system.sh " +
        '(or: apt-get install postgresql), then try again.',
    );
  }
  const parsed = parseOutput(probe.stdout);
  return {version: parsed.pgbenchVersion ?? null, versionFull: parsed.pgbenchVersionFull ?? null};
}

/**
 * Valgrind on PATH, and its version, for the instructions measure; a clear
 * error with the install command when missing (before any server starts).
 */
export async function findValgrind() {
  const probe = await runProcess(['valgrind', '--version']).catch(() => ({exitCode: 127, stdout: ''}));
  const version = /^valgrind-(\S+)/.exec(probe.stdout.trim())?.[1];
  if (probe.exitCode !== 0 || !version) {
    throw new Error(
      'valgrind is not on PATH: the instructions measure runs the servers under Valgrind. As root run ' +
        'bash scripts/setup-system.sh (or: apt-get install valgrind), then try again.',
    );
  }
  const dir = (process.env.PATH ?? '').split(':').find((d) => d && existsSync(path.join(d, 'valgrind')));
  return {path: dir ? path.join(dir, 'valgrind') : 'valgrind', version};
}

/** The run --resume continues (unfinished, or with failed cells), with its matrix options restored. */
function resumable(suite, outDir, matrix) {
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
      `${previous.file} ran another version of ${suite.file} (it changed since). Start a new run without --resume.`,
    );
  }
  const saved = previous.result.run.overrides ?? {};
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

/** How the run was designed, as the pages describe it and the statistics read it. */
export const designOf = (suite, seed, measure = 'time') => ({
  order: 'interleaved-rounds',
  seed,
  checkpointBeforeEach: true,
  margin: measure === 'instructions' ? suite.instructions.margin : suite.margin,
  published: suite.published,
  ...(measure === 'instructions' && {measure}),
});

/** A new run's result, before its first cell. */
function newResult(suite, runId, overrides, pgbench, seed, valgrind) {
  return {
    schemaVersion: SCHEMA_VERSION,
    run: {
      id: runId,
      kind: 'run',
      suite: suite.id,
      suiteHash: suite.hash,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      project: gitState(),
      tool: toolInfo(),
      commands: [],
      overrides,
      design: designOf(suite, seed, valgrind ? 'instructions' : 'time'),
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
 * @param {object} suite  from loadSuite
 * @param {object} options
 * @param {string} options.outDir
 * @param {object} [options.matrix]  only, shard, repeat, durationS, scale: see expandMatrix
 * @param {boolean} [options.dryRun]  print the commands, run nothing
 * @param {boolean} [options.resume]  finish the newest unfinished run of this suite
 * @param {object} options.progress  from createProgress
 * @returns {Promise<{file: string|null, result: object|null, failed: number, interrupted: string|null}>}
 */
export async function runSuite(suite, {outDir, matrix = {}, dryRun = false, resume = false, progress}) {
  let previous = null;
  if (resume) ({previous, matrix} = resumable(suite, outDir, matrix));
  // A resumed run keeps its order: the seed comes from its result.
  const seed = previous?.result.run.design?.seed ?? matrix.seed ?? newSeed();
  const measure = matrix.measure ?? 'time';
  const {cells, overrides} = expandMatrix(suite, {...matrix, seed});
  if (measure === 'instructions') {
    const external = [...new Set(cells.filter((c) => c.targetSpec.kind !== 'embedded').map((c) => c.target))];
    if (external.length > 0) {
      throw new Error(
        `${suite.file}: ${external.join(', ')} ` +
          `${external.length > 1 ? 'are external servers' : 'is an external server'}: ` +
          'instructions are counted only on embedded servers, which the runner starts under Valgrind. Leave ' +
          `${external.length > 1 ? 'them' : 'it'} out with --only target=…`,
      );
    }
  }
  // Like for like, as far as the suite decides the settings; each server is checked again once it answers.
  const groups = groupsOf(cells);
  const planned = new Map(suite.targets.map((t) => [t.id, {differs: t.differs, keySettings: plannedKeySettings(t)}]));
  const unlike = undeclaredDifferences(groups, planned);
  if (unlike.length > 0) {
    throw new Error(
      `${suite.file}: the targets would not be compared like for like:\n  ${unlike.map(differenceText).join('\n  ')}`,
    );
  }
  if (dryRun) {
    console.log(planLines(cells, seed, {measure}).join('\n'));
    return {file: null, result: null, failed: 0, interrupted: null};
  }
  const valgrind = measure === 'instructions' ? await findValgrind() : null;
  const pgbench = await findPgbench();
  removeStaleTempDirs();
  let file;
  let result;
  let release;
  if (previous) {
    release = claimExistingRun(previous.file);
    ({file, result} = previous);
  } else {
    const name = measure === 'instructions' ? `${suite.id}-instructions` : suite.id;
    const claimed = claimNewRun(outDir, baseRunId(name, {shard: matrix.shard ?? null}));
    ({file, release} = claimed);
    result = newResult(suite, claimed.id, overrides, pgbench, seed, valgrind);
  }
  const save = () => saveResult(file, result);
  if (previous) retryFailed(result);
  const done = new Set(result.cells.map((c) => c.id));
  const todo = cells.filter((c) => !done.has(c.id));
  progress.begin({total: cells.length, skipped: cells.length - todo.length, file});

  // A second Ctrl-C ends the process at once: stop the servers synchronously first.
  const stopCatching = catchInterrupts({onForce: () => stopAllServers()});
  const record = (argv, env = {}) => result.run.commands.push(renderCommand(argv, env));
  const targets = openTargets({
    result,
    record,
    progress,
    order: suite.targets.map((t) => t.id),
    // What a server reports, against what the others reported (or, not yet started, will run with): a
    // difference the suite did not declare fails it.
    unlike: (entry) => {
      const settingsOf = (t) =>
        t.id === entry.id
          ? entry.keySettings
          : (result.environment.targets.find((d) => d.id === t.id && !d.error)?.keySettings ?? plannedKeySettings(t));
      const known = new Map(suite.targets.map((t) => [t.id, {differs: t.differs, keySettings: settingsOf(t)}]));
      const found = undeclaredDifferences(groups, known).filter((d) => d.values.some((v) => v.target === entry.id));
      return found.length > 0 ? `not like for like: ${found.map(differenceText).join('; ')}` : null;
    },
    instrument: valgrind && {valgrind: valgrind.path},
  });
  const tmp = mkdtempSync(tempPrefix());
  let failed = result.cells.filter((c) => c.status !== 'ok').length;
  const instructions = valgrind && {valgrind: valgrind.version, file};
  try {
    // External servers answer first, before anything is measured: their settings are known only then.
    for (const target of suite.targets.filter((t) => t.kind === 'external' && todo.some((c) => c.target === t.id))) {
      await targets.use(target);
    }
    failed += await executeSteps({
      steps: [...runSteps(todo)],
      targets,
      result,
      save,
      progress,
      record,
      tmp,
      instructions,
    });
    result.run.finishedAt = new Date().toISOString();
    save();
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    save();
    progress.interrupted({signal: error.signal, done: result.cells.length, total: cells.length, file});
    return {file, result, failed, interrupted: error.signal};
  } finally {
    targets.close();
    rmSync(tmp, {recursive: true, force: true});
    stopCatching();
    release();
  }
  if (valgrind) {
    progress.summary(
      summarizeRepeats(result.cells, (c) => c.instructions?.perTransaction),
      {
        label: 'median instructions/transaction',
      },
    );
  } else {
    progress.summary(summarizeRepeats(result.cells, (c) => c.summary?.tps));
  }
  progress.end({
    failed,
    file,
    targets: result.environment.targets.filter((t) => t.error),
    retryable: result.cells.filter((c) => c.status === 'failed').length,
  });
  return {file, result, failed, interrupted: null};
}

/**
 * Writes the result; when its folder cannot take it (full, read-only), the run
 * stops, the file keeps its last complete state, and what was measured since
 * is written to the temporary folder, which the error names with what to do.
 */
function saveResult(file, result) {
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
function unwritable(error, file, result) {
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

/**
 * A resumed run measures its failed cells again: their records leave `cells`
 * for `failedAttempts`, kept as they were (what failed, and why, stays on
 * record), and the run is unfinished until they are done.
 */
function retryFailed(result) {
  const failed = result.cells.filter((c) => c.status === 'failed');
  if (failed.length === 0) return;
  result.failedAttempts = [...(result.failedAttempts ?? []), ...failed];
  result.cells = result.cells.filter((c) => c.status !== 'failed');
  result.run.finishedAt = null;
}

/** A preparation record: a command that is not a measured cell, with its output. */
function preparation(target, fields, argv, out, connection, env = {}) {
  return {
    target: target.id,
    ...fields,
    command: renderCommand(argv, env),
    exitCode: out.exitCode,
    durationS: out.seconds,
    output: tail(redact(`${out.stdout}${out.stderr}`, connection.secrets)),
  };
}

/**
 * The mode a target's server runs in for a step: under Valgrind for an
 * instructions cell, plain for everything else (pgbench -i and setup SQL would
 * take many times as long under Valgrind, and are not measured).
 */
const modeFor = (step, instructions) => (step?.type === 'cell' && instructions ? 'instrumented' : 'plain');

/** Executes the steps; returns how many cells failed. Interrupted propagates. */
async function executeSteps({steps, targets, result, save, progress, record, tmp, instructions}) {
  let failed = 0;
  let state = null;
  const initErrors = new Map();
  const fail = (cell, error) => {
    result.cells.push(failedCell(cell, error));
    progress.cell({cell, status: 'failed', note: error.message});
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
      initErrors.set(
        target.id,
        await initialize({target, scale, connection: state.connection, result, record, progress}),
      );
    } else if (step.type === 'prepare') {
      if (state.error) continue;
      await prepareWorkload({
        target: step.target,
        workload: step.workload,
        connection: state.connection,
        result,
        record,
      });
    } else if (state.error) {
      fail(step.cell, state.error);
    } else if (initErrors.get(step.cell.target) && step.cell.workloadSpec.builtin) {
      const initError = initErrors.get(step.cell.target);
      fail(step.cell, {...initError, message: `pgbench -i failed: ${initError.message}`});
    } else {
      const measured = instructions
        ? await runInstructionCell({cell: step.cell, state, result, record, progress, instructions})
        : await runCell({cell: step.cell, connection: state.connection, result, record, progress, tmp});
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

/**
 * An instructions cell: the server's tables and indexes read into shared
 * buffers once per start under Valgrind (when they fit), then the cell's two
 * runs (measure-instructions.mjs); its profiles are added to its group's files.
 */
async function runInstructionCell({cell, state, result, record, progress, instructions}) {
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

/** pgbench -i at a scale; returns the error that fails the builtin cells, or null. */
async function initialize({target, scale, connection, result, record, progress}) {
  const argv = ['pgbench', ...initArgs(scale, connection)];
  progress.note(`${target.id}: pgbench -i -s ${scale}`);
  record(argv);
  const out = await runProcess(argv, {env: connection.env});
  const parsed = parseOutput(`${out.stdout}${out.stderr}`);
  result.preparations.push({
    ...preparation(target, {kind: 'init', scale}, argv, out, connection),
    ...(parsed.init && {init: parsed.init}),
  });
  if (out.exitCode === 0) return null;
  const error = parsed.errors[0] ?? {kind: 'other', message: `pgbench -i exited with code ${out.exitCode}`};
  return {...error, message: redact(error.message, connection.secrets)};
}

async function prepareWorkload({target, workload, connection, result, record}) {
  const env = sessionEnv(workload);
  // The script pgbench runs, as it was: the suite's file may change after the run.
  if (workload.script && !(result.scripts ?? []).some((s) => s.workload === workload.id)) {
    result.scripts = [
      ...(result.scripts ?? []),
      {workload: workload.id, file: workload.scriptName, sql: readFileSync(workload.script, 'utf8')},
    ];
  }
  if (workload.setup) {
    const argv = setupCommand(workload, connection);
    record(argv);
    const out = await runProcess(argv, {env: connection.env});
    result.preparations.push(preparation(target, {kind: 'setup', workload: workload.id}, argv, out, connection));
  }
  for (const {file, name} of workload.explain) {
    const sql = explainedQuery(file);
    record(['psql', ...connection.psqlArgs, '-c', explainSql(sql)], env);
    let plan = null;
    let error = null;
    try {
      plan = (await psql(connection, ['-A', '-t', '-c', explainSql(sql)], env)).trimEnd();
    } catch (e) {
      if (e instanceof Interrupted) throw e;
      error = {kind: 'script', message: e.message};
    }
    result.plans.push({
      target: target.id,
      workload: workload.id,
      query: name,
      sql,
      session: workload.session,
      plan,
      error,
    });
  }
}

/** An unmeasured pgbench run before a cell, kept among the result's preparations. */
async function warmUp({cell, argv, env, connection, result, record, progress, note, timeoutS}) {
  record(argv, env);
  progress.note(note);
  const out = await runProcess(argv, {env, timeoutS});
  result.preparations.push(
    preparation(cell.targetSpec, {kind: 'warmup', workload: cell.workload, cell: cell.id}, argv, out, connection, env),
  );
}

/** A cell: its warm-up (not measured), CHECKPOINT, then the measured run. */
async function runCell({cell, connection, result, record, progress, tmp}) {
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
