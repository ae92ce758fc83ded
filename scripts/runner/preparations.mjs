// What a run does to a target besides measuring it, each kept in the result
// with its command and output: pgbench -i at a scale, a workload's setup SQL,
// script and query plans, and the unmeasured warm-up before a cell.
import {readFileSync} from 'node:fs';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {redact} from './connection.mjs';
import {initArgs, renderCommand, sessionEnv} from './pgbench-commands.mjs';
import {Interrupted, runProcess} from './processes.mjs';
import {psql} from './psql.mjs';
import {explainedQuery, explainSql, setupCommand} from './run-steps.mjs';

const OUTPUT_TAIL = 20000;
const tail = (text) => (text.length > OUTPUT_TAIL ? `…${text.slice(-OUTPUT_TAIL)}` : text);

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

/** pgbench -i at a scale; returns the error that fails the builtin cells, or null. */
export async function initialize({target, scale, connection, result, record, progress}) {
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

/**
 * A workload's first time on a target: its script kept, its setup SQL run, its queries' plans recorded.
 * @returns {Promise<object|null>}  the error that fails the workload's cells on this target (its setup SQL
 *   failed: its tables may be missing or half made), or null
 */
export async function prepareWorkload({target, workload, connection, result, record}) {
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
    if (out.exitCode !== 0) {
      return {kind: 'script', message: redact(setupFailure(workload, out), connection.secrets)};
    }
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
  return null;
}

/**
 * Why a workload's setup SQL failed: its ERROR line and the next (DETAIL, HINT, CONTEXT say more), after the
 * file and line of the failing statement (psql names them when it reads the file; a statement sent as -c is
 * found by the text psql echoes, ECHO=errors).
 */
function setupFailure(workload, out) {
  const lines = (out.stderr || `psql exited with code ${out.exitCode}`).trim().split('\n');
  const at = Math.max(
    0,
    lines.findIndex((l) => /\b(ERROR|FATAL):/.test(l)),
  );
  const why = lines.slice(at, at + 2).join(' ');
  const echoed = /^STATEMENT: {2}([^\n]*)/m.exec(out.stderr)?.[1];
  const failed = echoed && workload.setupStatements?.find((s) => s.sql.split('\n')[0] === echoed);
  const where = failed ? `${workload.setup}:${failed.line}: ` : '';
  return `workload ${workload.id}'s setup SQL failed: ${where}${why}`;
}

/** An unmeasured pgbench run before a cell, kept among the result's preparations. */
export async function warmUp({cell, argv, env, connection, result, record, progress, note, timeoutS}) {
  record(argv, env);
  progress.note(note);
  const out = await runProcess(argv, {env, timeoutS});
  result.preparations.push(
    preparation(cell.targetSpec, {kind: 'warmup', workload: cell.workload, cell: cell.id}, argv, out, connection, env),
  );
}
