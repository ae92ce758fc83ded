// Runs a suite's matrix against real servers and writes its result file.
//
// Target by target: start the server (or reach it), record its version and
// non-default settings, then per scale pgbench -i, per workload its setup SQL
// and plans, and every cell: warm-up, measured run (always with -P 1; -l when
// the scenario logs), parsed. After each cell the whole result is written
// again, atomically: an interruption loses at most the cell in flight, and
// --resume finishes the run without redoing finished cells.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {logColumnsOf, readLogs} from '../../lib/pgbench/read-logs.mjs';
import {gitState, hostInfo, toolInfo} from '../../lib/results/provenance.mjs';
import {statusOf} from '../../lib/results/cell-status.mjs';
import {summarizeRepeats} from '../../lib/results/summarize-repeats.mjs';
import {SCHEMA_VERSION} from '../../lib/results/validate-result.mjs';
import {writeResult} from '../../lib/results/write-result.mjs';
import {embeddedConnection, externalConnection, redact} from './connection.mjs';
import {planServer, startServer} from './embedded-server.mjs';
import {expandMatrix} from '../../lib/suites/matrix.mjs';
import {initArgs, renderCommand, runArgs, sessionEnv} from './pgbench-commands.mjs';

const OUTPUT_TAIL = 20000;
const tail = (text) => (text.length > OUTPUT_TAIL ? `…${text.slice(-OUTPUT_TAIL)}` : text);

/** pgbench on PATH, and its version; a clear error with the install command when missing. */
export function findPgbench() {
  const probe = spawnSync('pgbench', ['--version'], {encoding: 'utf8'});
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'pgbench is not on PATH. It comes with PostgreSQL\'s packages: as root run bash scripts/setup-system.sh ' +
        '(or: apt-get install postgresql), then try again.',
    );
  }
  const parsed = parseOutput(probe.stdout);
  return {version: parsed.pgbenchVersion ?? null, versionFull: parsed.pgbenchVersionFull ?? null};
}

/** Runs a command, collecting its output; never throws for a non-zero exit. */
function runProcess(argv, {env = {}, cwd, timeoutS, onStderrLine = () => {}}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(argv[0], argv.slice(1), {cwd, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
      const lines = (partial + d).split(/\r?\n|\r/);
      partial = lines.pop();
      lines.forEach(onStderrLine);
    });
    const timer = timeoutS ? setTimeout(() => child.kill('SIGTERM'), timeoutS * 1000) : null;
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({exitCode: null, stdout, stderr: `${stderr}${error.message}\n`, seconds: (Date.now() - started) / 1000});
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({exitCode: code, signal, stdout, stderr, seconds: (Date.now() - started) / 1000});
    });
  });
}

/** psql with the target's connection; returns the output or throws with psql's words. */
function psql(connection, psqlArgs, env = {}) {
  try {
    return execFileSync('psql', ['-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, ...psqlArgs], {
      encoding: 'utf8',
      env: {...process.env, ...connection.env, ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    throw new Error(redact((error.stderr || error.message).trim(), connection.secret));
  }
}

const VERSION_SQL = 'SELECT version()';
const SETTINGS_SQL =
  "SELECT name, current_setting(name) FROM pg_settings WHERE source NOT IN ('default', 'override', 'client') ORDER BY name";
const describeCommands = (connection) => [
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-c', VERSION_SQL],
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-F', '\t', '-c', SETTINGS_SQL],
];

/** version(), and the settings that differ from PostgreSQL's defaults. */
function describeServer(connection, record) {
  describeCommands(connection).forEach((argv) => record(argv));
  const versionFull = psql(connection, ['-A', '-t', '-c', VERSION_SQL]).trim();
  const rows = psql(connection, ['-A', '-t', '-F', '\t', '-c', SETTINGS_SQL]);
  const settings = Object.fromEntries(rows.trim().split('\n').filter(Boolean).map((l) => l.split('\t')));
  return {serverVersion: /PostgreSQL (\S+)/.exec(versionFull)?.[1] ?? null, serverVersionFull: versionFull, settings};
}

/** The newest unfinished result of this suite in `outDir`, for --resume. */
export function findUnfinished(outDir, suiteId) {
  if (!existsSync(outDir)) return null;
  const files = readdirSync(outDir).filter((f) => f.startsWith(`${suiteId}-`) && f.endsWith('.json')).sort().reverse();
  for (const f of files) {
    const result = JSON.parse(readFileSync(path.join(outDir, f), 'utf8'));
    if (result.run?.suite === suiteId && result.run.finishedAt === null) return {file: path.join(outDir, f), result};
  }
  return null;
}

/**
 * @param {object} suite  from loadSuite
 * @param {object} options
 * @param {string} options.outDir
 * @param {object} [options.matrix]  only, shard, repeat, durationS: see expandMatrix
 * @param {boolean} [options.dryRun]  print the commands, run nothing
 * @param {boolean} [options.resume]  finish the newest unfinished run of this suite
 * @param {object} options.progress  from createProgress
 * @returns {Promise<{file: string|null, result: object|null, failed: number}>}
 */
export async function runSuite(suite, {outDir, matrix = {}, dryRun = false, resume = false, progress}) {
  let previous = null;
  if (resume) {
    previous = findUnfinished(outDir, suite.id);
    if (!previous) throw new Error(`Nothing to resume: no unfinished run of suite ${suite.id} in ${outDir}. Start one without --resume.`);
    if (previous.result.run.suiteHash !== suite.hash) {
      throw new Error(`${previous.file} ran another version of ${suite.file} (it changed since). Start a new run without --resume.`);
    }
    const saved = previous.result.run.overrides ?? {};
    matrix = {only: saved.only ?? {}, repeat: saved.repeat ?? null, durationS: saved.durationS ?? null, ...matrix};
    if (saved.shard) {
      const [index, count] = saved.shard.split('/').map(Number);
      matrix.shard ??= {index, count};
    }
  }
  const {cells, overrides} = expandMatrix(suite, matrix);
  if (dryRun) {
    printPlan(suite, cells);
    return {file: null, result: null, failed: 0};
  }
  const pgbench = findPgbench();
  const now = new Date();
  const runId = previous?.result.run.id ?? `${suite.id}-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
  const file = previous?.file ?? path.join(outDir, `${runId}.json`);
  const result = previous?.result ?? {
    schemaVersion: SCHEMA_VERSION,
    run: {
      id: runId,
      kind: 'run',
      suite: suite.id,
      suiteHash: suite.hash,
      startedAt: now.toISOString(),
      finishedAt: null,
      project: gitState(),
      tool: toolInfo(),
      commands: [],
      overrides,
    },
    environment: {host: hostInfo(), pgbenchVersion: pgbench.version, pgbenchVersionFull: pgbench.versionFull, targets: []},
    cells: [],
    plans: [],
    preparations: [],
  };
  const done = new Set(result.cells.map((c) => c.id));
  const todo = cells.filter((c) => !done.has(c.id));
  const save = () => writeResult(file, result);
  progress.begin({total: cells.length, skipped: cells.length - todo.length, file});

  let failed = result.cells.filter((c) => c.status !== 'ok').length;
  for (const target of suite.targets) {
    const targetCells = todo.filter((c) => c.target === target.id);
    if (targetCells.length === 0) continue;
    const outcome = await runTarget({suite, target, cells: targetCells, result, save, progress});
    failed += outcome.failed;
  }
  result.run.finishedAt = new Date().toISOString();
  save();
  progress.summary(summarizeRepeats(result.cells, (c) => c.summary?.tps));
  progress.end({failed, file});
  return {file, result, failed};
}

async function runTarget({suite, target, cells, result, save, progress}) {
  const record = (argv, env = {}) => result.run.commands.push(renderCommand(argv, env));
  let server = null;
  let connection;
  const failAll = (error) => {
    for (const cell of cells) {
      result.cells.push(failedCell(cell, error));
      progress.cell({cell, status: 'failed', note: error.message});
    }
    save();
    return {failed: cells.length};
  };
  try {
    if (target.kind === 'embedded') {
      progress.note(`${target.id}: starting PostgreSQL ${target.major}`);
      server = await startServer({major: target.major, settings: target.settings, onCommand: (argv) => record(argv)});
      connection = embeddedConnection(server);
    } else {
      connection = externalConnection(target.urlVariable);
    }
  } catch (error) {
    return failAll({kind: 'connection', message: error.message});
  }
  try {
    let description;
    try {
      description = describeServer(connection, record);
    } catch (error) {
      return failAll({kind: 'connection', message: error.message});
    }
    const known = result.environment.targets.find((t) => t.id === target.id);
    const entry = {id: target.id, kind: target.kind, ...description};
    if (known) Object.assign(known, entry);
    else result.environment.targets.push(entry);

    const tmp = mkdtempSync(path.join(tmpdir(), 'bench-run-'));
    // Ctrl-C ends the process from a signal handler: remove the folder on exit too.
    const removeTmp = () => rmSync(tmp, {recursive: true, force: true});
    process.once('exit', removeTmp);
    try {
      return await runCells({suite, target, cells, connection, result, save, progress, record, tmp});
    } finally {
      process.off('exit', removeTmp);
      removeTmp();
    }
  } finally {
    server?.stop();
    save();
  }
}

/**
 * The steps of one target, in order: pgbench -i when the scale changes (for
 * scenarios with a scale), a workload's preparation the first time it comes,
 * then each cell. The run executes them; --dry-run prints them.
 */
export function* targetSteps(cells) {
  let initialized = null;
  const prepared = new Set();
  for (const cell of cells) {
    const {scenarioSpec: scenario, workloadSpec: workload} = cell;
    if (scenario.scale !== null && initialized !== scenario.scale) {
      initialized = scenario.scale;
      yield {type: 'init', scale: scenario.scale};
    }
    if (!prepared.has(workload.id)) {
      prepared.add(workload.id);
      yield {type: 'prepare', workload};
    }
    yield {type: 'cell', cell};
  }
}

async function runCells({target, cells, connection, result, save, progress, record, tmp}) {
  let failed = 0;
  let initError = null;
  for (const step of targetSteps(cells)) {
    if (step.type === 'init') {
      const argv = ['pgbench', ...initArgs(step.scale, connection)];
      progress.note(`${target.id}: pgbench -i -s ${step.scale}`);
      record(argv);
      const out = await runProcess(argv, {env: connection.env});
      const text = redact(`${out.stdout}${out.stderr}`, connection.secret);
      const parsed = parseOutput(text);
      result.preparations.push({target: target.id, kind: 'init', scale: step.scale, command: renderCommand(argv), exitCode: out.exitCode, durationS: out.seconds, output: tail(text), ...(parsed.init && {init: parsed.init})});
      initError = out.exitCode === 0 ? null : parsed.errors[0] ?? {kind: 'other', message: `pgbench -i exited with code ${out.exitCode}`};
      save();
      continue;
    }
    if (step.type === 'prepare') {
      await prepareWorkload({target, workload: step.workload, connection, result, record});
      save();
      continue;
    }
    const {cell} = step;
    const {scenarioSpec: scenario, workloadSpec: workload} = cell;
    if (initError && workload.builtin) {
      result.cells.push(failedCell(cell, {...initError, message: `pgbench -i failed: ${initError.message}`}));
      progress.cell({cell, status: 'failed', note: initError.message});
      failed++;
      save();
      continue;
    }
    const env = {...connection.env, ...sessionEnv(workload)};
    if (scenario.warmupS > 0) {
      const warm = {...cell, durationS: scenario.warmupS, transactionsPerClient: null};
      const argv = ['pgbench', ...runArgs(warm, connection)];
      record(argv, env);
      progress.note(`${cell.id}: warm-up ${scenario.warmupS} s`);
      const out = await runProcess(argv, {env, timeoutS: scenario.warmupS + 300});
      result.preparations.push({target: target.id, kind: 'warmup', workload: workload.id, cell: cell.id, command: renderCommand(argv, env), exitCode: out.exitCode, durationS: out.seconds, output: tail(redact(`${out.stdout}${out.stderr}`, connection.secret))});
    }
    const measured = await measure({cell, connection, env, tmp, record, progress});
    result.cells.push(measured);
    if (measured.status !== 'ok') failed++;
    progress.cell({cell, status: measured.status, tps: measured.summary?.tps, note: measured.error?.message});
    save();
  }
  return {failed};
}

/** A query file's statement, ready to follow EXPLAIN (no trailing semicolon). */
const explainedQuery = (file) => readFileSync(file, 'utf8').trim().replace(/;\s*$/, '');

async function prepareWorkload({target, workload, connection, result, record}) {
  const env = sessionEnv(workload);
  if (workload.setup) {
    const argv = ['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-f', workload.setup];
    record(argv);
    const out = await runProcess(argv, {env: connection.env});
    result.preparations.push({target: target.id, kind: 'setup', workload: workload.id, command: renderCommand(argv), exitCode: out.exitCode, durationS: out.seconds, output: tail(redact(`${out.stdout}${out.stderr}`, connection.secret))});
  }
  for (const {file, name} of workload.explain) {
    const sql = explainedQuery(file);
    record(['psql', ...connection.psqlArgs, '-c', `EXPLAIN (ANALYZE, BUFFERS) ${sql}`], env);
    let plan = null;
    let error = null;
    try {
      plan = psql(connection, ['-A', '-t', '-c', `EXPLAIN (ANALYZE, BUFFERS) ${sql}`], env).trimEnd();
    } catch (e) {
      error = {kind: 'script', message: e.message};
    }
    result.plans.push({target: target.id, workload: workload.id, query: name, sql, session: workload.session, plan, error});
  }
}

async function measure({cell, connection, env, tmp, record, progress}) {
  const {scenarioSpec: scenario, workloadSpec: workload} = cell;
  const logDir = scenario.log ? mkdtempSync(path.join(tmp, 'log-')) : null;
  const argv = ['pgbench', ...runArgs(cell, connection, {logPrefix: logDir && path.join(logDir, 'pgbench_log')})];
  record(argv, env);
  const startedAt = new Date();
  progress.start({cell, expectedS: cell.durationS});
  // From the project root, so that the recorded command, with its relative
  // script path, runs as it is; logs go to the temporary folder by prefix.
  const out = await runProcess(argv, {
    env,
    timeoutS: cell.durationS !== null ? cell.durationS + 300 : 24 * 3600,
    onStderrLine: (line) => {
      const tps = /^progress: [\d.]+ s, ([\d.]+) tps/.exec(line)?.[1];
      if (tps) progress.tick({tps: Number(tps)});
    },
  });
  const stdout = redact(out.stdout, connection.secret);
  const stderr = redact(out.stderr, connection.secret);
  const summary = parseOutput(stdout, stderr);
  let log = null;
  if (logDir) {
    const files = readdirSync(logDir).sort().map((f) => path.join(logDir, f));
    if (files.length > 0) {
      log = await readLogs(files, logColumnsOf(summary));
    }
    rmSync(logDir, {recursive: true, force: true});
  }
  const timedOut = out.exitCode === null && out.signal === 'SIGTERM';
  const {status, error} = timedOut
    ? {status: 'failed', error: {kind: 'other', message: `pgbench did not finish within ${cell.durationS ?? 'its'} s plus 300 s and was stopped.`}}
    : statusOf(summary, out.exitCode);
  return cellRecord(cell, {
    status,
    command: renderCommand(argv, env),
    exitCode: out.exitCode,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    summary,
    log,
    raw: {stdout, stderr},
    error,
  });
}

function parametersOf(cell) {
  const {scenarioSpec: scenario, workloadSpec: workload} = cell;
  return {
    scale: scenario.scale,
    clients: cell.clients,
    threads: Math.min(scenario.threads, cell.clients),
    durationS: cell.durationS,
    transactionsPerClient: cell.transactionsPerClient,
    mode: scenario.mode,
    warmupS: scenario.warmupS,
    builtin: workload.builtin ?? null,
    script: workload.scriptName ?? null,
    session: workload.session,
  };
}

/** A cell of the result: what it was asked, then what happened (`outcome`). */
function cellRecord(cell, outcome) {
  return {
    id: cell.id,
    target: cell.target,
    workload: cell.workload,
    scenario: cell.scenario,
    parameters: parametersOf(cell),
    repeat: cell.repeat,
    ...outcome,
  };
}

/** A cell that could not run (its server did not start, pgbench -i failed…). */
const failedCell = (cell, error) =>
  cellRecord(cell, {status: 'failed', command: null, exitCode: null, startedAt: null, finishedAt: null, summary: null, log: null, raw: {}, error});

/** --dry-run: every command, in the order a run would execute them. */
function printPlan(suite, cells) {
  const lines = [];
  for (const target of suite.targets) {
    const targetCells = cells.filter((c) => c.target === target.id);
    if (targetCells.length === 0) continue;
    lines.push(`# target ${target.id}`);
    let connection;
    let server = null;
    if (target.kind === 'embedded') {
      server = planServer({major: target.major, settings: target.settings});
      lines.push(renderCommand(server.commands.initdb), `# postgresql.auto.conf: ${Object.entries(server.conf).map(([k, v]) => `${k}=${v}`).join(', ')}`, renderCommand(server.commands.start));
      connection = embeddedConnection({host: '127.0.0.1', port: '<port>', user: 'bench', database: 'postgres'});
    } else {
      connection = {args: [`<URL from $${target.urlVariable}, password removed>`], psqlArgs: ['-d', `<URL from $${target.urlVariable}>`], env: {}};
    }
    lines.push(...describeCommands(connection).map((argv) => renderCommand(argv)));
    for (const step of targetSteps(targetCells)) {
      if (step.type === 'init') {
        lines.push(renderCommand(['pgbench', ...initArgs(step.scale, connection)]));
      } else if (step.type === 'prepare') {
        const {workload} = step;
        const env = sessionEnv(workload);
        if (workload.setup) lines.push(renderCommand(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-f', workload.setup]));
        for (const {file} of workload.explain) lines.push(renderCommand(['psql', ...connection.psqlArgs, '-c', `EXPLAIN (ANALYZE, BUFFERS) ${explainedQuery(file)}`], env));
      } else {
        const {cell} = step;
        const {scenarioSpec: scenario, workloadSpec: workload} = cell;
        const env = sessionEnv(workload);
        if (scenario.warmupS > 0) lines.push(renderCommand(['pgbench', ...runArgs({...cell, durationS: scenario.warmupS, transactionsPerClient: null}, connection)], env));
        lines.push(renderCommand(['pgbench', ...runArgs(cell, connection, {logPrefix: scenario.log ? '<tmp>/pgbench_log' : null})], env));
      }
    }
    if (server) lines.push(renderCommand(server.commands.stop));
  }
  console.log(lines.join('\n'));
}
