// One measured pgbench run of a cell.
import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {logColumnsOf, readLogs} from '../../lib/pgbench/read-logs.mjs';
import {cellRecord} from '../../lib/results/cell-record.mjs';
import {statusOf} from '../../lib/results/cell-status.mjs';
import {redact, redactSummary} from '../../lib/redact.mjs';
import {renderCommand, runArgs} from './pgbench-commands.mjs';
import {runProcess} from './processes.mjs';
import {statementsRunArgs, statementsRunOf} from './run-steps.mjs';

// pgbench is stopped when it runs this long past its duration.
const GRACE_S = 300;

/**
 * Runs a cell's measured pgbench (always -P 1; -l when the scenario logs; never -r: statementsRun),
 * from the project root so the recorded command, with its relative script
 * path, runs as it is. The output is parsed first; only then are the texts
 * that are kept redacted, so no secret can change a figure.
 */
export async function measureCell({cell, connection, env, tmp, record, progress}) {
  const {scenarioSpec: scenario} = cell;
  const logDir = scenario.log ? mkdtempSync(path.join(tmp, 'log-')) : null;
  const argv = ['pgbench', ...runArgs(cell, connection, {logPrefix: logDir && path.join(logDir, 'pgbench_log')})];
  record(argv, env);
  const startedAt = new Date();
  progress.start({cell, expectedS: cell.durationS});
  try {
    const out = await runProcess(argv, {
      env,
      timeoutS: cell.durationS !== null ? cell.durationS + GRACE_S : 24 * 3600,
      onStderrLine: (line) => {
        const tps = /^progress: [\d.]+ s, ([\d.]+) tps/.exec(line)?.[1];
        if (tps) progress.tick({tps: Number(tps)});
      },
    });
    const summary = parseOutput(out.stdout, out.stderr);
    let log = null;
    if (logDir) {
      const files = readdirSync(logDir)
        .sort()
        .map((f) => path.join(logDir, f));
      if (files.length > 0) log = await readLogs(files, logColumnsOf(summary));
    }
    const {status, error} = out.timedOut
      ? {
          status: 'failed',
          error: {
            kind: 'other',
            message: `pgbench did not finish within ${cell.durationS ?? 'its'} s plus ${GRACE_S} s and was stopped.`,
          },
        }
      : statusOf(summary, out.exitCode, out.signal);
    return cellRecord(cell, {
      status,
      command: renderCommand(argv, env),
      exitCode: out.exitCode,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      summary: redactSummary(summary, connection.secrets),
      log,
      raw: {stdout: redact(out.stdout, connection.secrets), stderr: redact(out.stderr, connection.secrets)},
      error: error && {...error, message: redact(error.message, connection.secrets)},
    });
  } finally {
    if (logDir) rmSync(logDir, {recursive: true, force: true});
  }
}

/**
 * Each statement's mean latency, to tell where a transaction's time goes: pgbench -r in a run of its own
 * (run-steps.mjs, statementsRunOf), after the measured one. Its command, the statements and its output as it
 * printed it; null when it gave none (the cell's figures are the measured run's, and stand without it).
 */
export async function statementsRun({cell, connection, env, record, progress}) {
  const run = statementsRunOf(cell);
  const argv = ['pgbench', ...statementsRunArgs(cell, connection)];
  record(argv, env);
  const length = run.durationS === null ? `${run.transactionsPerClient} transactions` : `${run.durationS} s`;
  progress.note(`${cell.id}: each statement's latency, pgbench -r, ${length}`);
  const out = await runProcess(argv, {env, timeoutS: run.durationS !== null ? run.durationS + GRACE_S : 24 * 3600});
  const {statements} = parseOutput(out.stdout, out.stderr);
  if (out.exitCode !== 0 || !statements?.length) return null;
  return {
    command: renderCommand(argv, env),
    statements,
    raw: {stdout: redact(out.stdout, connection.secrets), stderr: redact(out.stderr, connection.secrets)},
  };
}
