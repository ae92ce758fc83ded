// Runs a suite's matrix against real servers and writes its result file.
//
// Target by target: start the server (or reach it), record its version and
// non-default settings, then the target's steps (target-steps.mjs): pgbench -i
// per scale, a workload's setup SQL and plans, and every cell (warm-up, then
// the measured run: measure-cell.mjs). After each step the whole result is
// written again, atomically: an interruption loses at most the cell in flight.
// Ctrl-C (or SIGTERM, SIGHUP) at any step stops the run as interrupted: the
// servers are stopped, the result is saved unfinished, and --resume finishes
// it without redoing finished cells (processes.mjs).
import {mkdtempSync, rmSync} from 'node:fs';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {gitState, hostInfo, toolInfo} from '../../lib/results/provenance.mjs';
import {summarizeRepeats} from '../../lib/results/summarize-repeats.mjs';
import {SCHEMA_VERSION} from '../../lib/results/validate-result.mjs';
import {writeResult} from '../../lib/results/write-result.mjs';
import {expandMatrix} from '../../lib/suites/matrix.mjs';
import {embeddedConnection, externalConnection, redact} from './connection.mjs';
import {startServer, stopAllServers} from './embedded-server.mjs';
import {failedCell, measureCell} from './measure-cell.mjs';
import {initArgs, renderCommand, runArgs, sessionEnv} from './pgbench-commands.mjs';
import {planLines} from './print-plan.mjs';
import {catchInterrupts, Interrupted, runProcess} from './processes.mjs';
import {describeServer, psql} from './psql.mjs';
import {
  baseRunId,
  claimExistingRun,
  claimNewRun,
  findUnfinished,
  removeStaleTempDirs,
  tempPrefix,
} from './run-files.mjs';
import {explainedQuery, explainSql, setupCommand, targetSteps, warmupOf} from './target-steps.mjs';

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

/** The unfinished run --resume continues, with its matrix options restored. */
function resumable(suite, outDir, matrix) {
  const previous = findUnfinished(outDir, suite.id, matrix.shard ?? null);
  if (!previous) {
    throw new Error(
      `Nothing to resume: no unfinished run of suite ${suite.id} in ${outDir}. Start one without --resume.`,
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
    ...matrix,
  };
  if (saved.shard) {
    const [index, count] = saved.shard.split('/').map(Number);
    restored.shard ??= {index, count};
  }
  return {previous, matrix: restored};
}

/** A new run's result, before its first cell. */
function newResult(suite, runId, overrides, pgbench) {
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
    },
    environment: {
      host: hostInfo(),
      pgbenchVersion: pgbench.version,
      pgbenchVersionFull: pgbench.versionFull,
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
 * @param {object} [options.matrix]  only, shard, repeat, durationS: see expandMatrix
 * @param {boolean} [options.dryRun]  print the commands, run nothing
 * @param {boolean} [options.resume]  finish the newest unfinished run of this suite
 * @param {object} options.progress  from createProgress
 * @returns {Promise<{file: string|null, result: object|null, failed: number, interrupted: string|null}>}
 */
export async function runSuite(suite, {outDir, matrix = {}, dryRun = false, resume = false, progress}) {
  let previous = null;
  if (resume) ({previous, matrix} = resumable(suite, outDir, matrix));
  const {cells, overrides} = expandMatrix(suite, matrix);
  if (dryRun) {
    console.log(planLines(suite, cells).join('\n'));
    return {file: null, result: null, failed: 0, interrupted: null};
  }
  const pgbench = await findPgbench();
  removeStaleTempDirs();
  let file;
  let result;
  let release;
  if (previous) {
    release = claimExistingRun(previous.file);
    ({file, result} = previous);
  } else {
    const claimed = claimNewRun(outDir, baseRunId(suite.id, {shard: matrix.shard ?? null}));
    ({file, release} = claimed);
    result = newResult(suite, claimed.id, overrides, pgbench);
  }
  const save = () => writeResult(file, result);
  const done = new Set(result.cells.map((c) => c.id));
  const todo = cells.filter((c) => !done.has(c.id));
  progress.begin({total: cells.length, skipped: cells.length - todo.length, file});

  // A second Ctrl-C ends the process at once: stop the servers synchronously first.
  const stopCatching = catchInterrupts({onForce: () => stopAllServers()});
  let failed = result.cells.filter((c) => c.status !== 'ok').length;
  try {
    for (const target of suite.targets) {
      const targetCells = todo.filter((c) => c.target === target.id);
      if (targetCells.length === 0) continue;
      failed += await runTarget({target, cells: targetCells, result, save, progress});
    }
    result.run.finishedAt = new Date().toISOString();
    save();
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    save();
    progress.interrupted({signal: error.signal, done: result.cells.length, total: cells.length, file});
    return {file, result, failed, interrupted: error.signal};
  } finally {
    stopCatching();
    release();
  }
  progress.summary(summarizeRepeats(result.cells, (c) => c.summary?.tps));
  progress.end({failed, file});
  return {file, result, failed, interrupted: null};
}

/** The target's server, started (embedded) or reached (external). */
async function connect(target, record, progress) {
  if (target.kind !== 'embedded') return {server: null, connection: externalConnection(target.urlVariable)};
  progress.note(`${target.id}: starting PostgreSQL ${target.major}`);
  const server = await startServer({major: target.major, settings: target.settings, onCommand: (argv) => record(argv)});
  return {server, connection: embeddedConnection(server)};
}

/** Runs one target's cells; returns how many failed. Interrupted propagates. */
async function runTarget({target, cells, result, save, progress}) {
  const record = (argv, env = {}) => result.run.commands.push(renderCommand(argv, env));
  const failAll = (error) => {
    for (const cell of cells) {
      result.cells.push(failedCell(cell, error));
      progress.cell({cell, status: 'failed', note: error.message});
    }
    save();
    return cells.length;
  };
  let server = null;
  let connection;
  try {
    ({server, connection} = await connect(target, record, progress));
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    return failAll({kind: 'connection', message: error.message});
  }
  const tmp = mkdtempSync(tempPrefix());
  try {
    let description;
    try {
      description = await describeServer(connection, record);
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      return failAll({kind: 'connection', message: error.message});
    }
    const entry = {id: target.id, kind: target.kind, ...description};
    const known = result.environment.targets.find((t) => t.id === target.id);
    if (known) Object.assign(known, entry);
    else result.environment.targets.push(entry);
    return await runSteps({target, cells, connection, result, save, progress, record, tmp});
  } finally {
    rmSync(tmp, {recursive: true, force: true});
    server?.stop();
  }
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

async function runSteps({target, cells, connection, result, save, progress, record, tmp}) {
  let failed = 0;
  let initError = null;
  for (const step of targetSteps(cells)) {
    if (step.type === 'init') {
      initError = await initialize({target, scale: step.scale, connection, result, record, progress});
    } else if (step.type === 'prepare') {
      await prepareWorkload({target, workload: step.workload, connection, result, record});
    } else if (initError && step.cell.workloadSpec.builtin) {
      result.cells.push(failedCell(step.cell, {...initError, message: `pgbench -i failed: ${initError.message}`}));
      progress.cell({cell: step.cell, status: 'failed', note: initError.message});
      failed++;
    } else {
      const measured = await runCell({target, cell: step.cell, connection, result, record, progress, tmp});
      if (measured.status !== 'ok') failed++;
    }
    save();
  }
  return failed;
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

async function runCell({target, cell, connection, result, record, progress, tmp}) {
  const env = {...connection.env, ...sessionEnv(cell.workloadSpec)};
  const {warmupS} = cell.scenarioSpec;
  if (warmupS > 0) {
    const argv = ['pgbench', ...runArgs(warmupOf(cell), connection)];
    record(argv, env);
    progress.note(`${cell.id}: warm-up ${warmupS} s`);
    const out = await runProcess(argv, {env, timeoutS: warmupS + 300});
    result.preparations.push(
      preparation(target, {kind: 'warmup', workload: cell.workload, cell: cell.id}, argv, out, connection, env),
    );
  }
  const measured = await measureCell({cell, connection, env, tmp, record, progress});
  result.cells.push(measured);
  progress.cell({cell, status: measured.status, tps: measured.summary?.tps, note: measured.error?.message});
  return measured;
}
