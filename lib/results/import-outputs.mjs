// Turns pgbench outputs saved elsewhere (`pgbench … > run.txt 2>&1`, or stdout
// and stderr kept apart) into one result file.
//
// What a PATH may be:
// - a file: one run's output, both streams merged;
// - a folder holding `stdout` and/or `stderr`: one run, its streams apart, with
//   optional `cmd` (the command line; a second line gives PGOPTIONS), `rc` (the
//   exit code) and the run's logs (`pgbench_log.*`);
// - any other folder: every such file and folder inside it, recursively.
//
// Labels (target, workload, scenario, repeat, command, startedAt) come from a
// sidecar YAML: `run.yaml` beside `run.txt`, or `labels.yaml` inside a run's
// folder. Missing labels come from the names: `pg15__tpcb__small__r2.txt` is
// target pg15, workload tpcb, scenario small, repeat 2; a name without "__" is
// the workload, and its folder's name the target.
import {createHash} from 'node:crypto';
import path from 'node:path';
import {NOTHING_RECOGNIZED, parseOutput} from '../pgbench/parse-output.mjs';
import {logColumnsOf, readLogs} from '../pgbench/read-logs.mjs';
import {unsupportedFigures} from '../pgbench/supported-figures.mjs';
import {gitState, toolInfo, UNKNOWN_HOST} from './provenance.mjs';
import {findRuns, labelsFromName, notPgbench, OUTPUT_EXTENSIONS, readRun, redactRun, toId} from './import-runs.mjs';
import {statusOf} from './cell-status.mjs';
import {resultProblems, SCHEMA_VERSION} from './validate-result.mjs';
import {derivationProblems} from './rederive.mjs';

const BUILTINS = {
  '<builtin: TPC-B (sort of)>': 'tpcb-like',
  '<builtin: simple update>': 'simple-update',
  '<builtin: select only>': 'select-only',
};

function parametersOf(summary) {
  const builtin = BUILTINS[summary.transactionType] ?? null;
  const script =
    !builtin && summary.transactionType && summary.transactionType !== 'multiple scripts'
      ? summary.transactionType
      : null;
  return {
    scale: summary.scale ?? null,
    clients: summary.clients ?? null,
    threads: summary.threads ?? null,
    durationS: summary.durationS ?? null,
    transactionsPerClient: summary.transactionsPerClient ?? null,
    mode: summary.queryMode ?? null,
    builtin,
    script,
    latencyLimitMs: summary.latencyLimitMs ?? null,
    maxTries: summary.maxTries ?? null,
  };
}

/**
 * @param {string[]} paths
 * @param {object} [options]
 * @param {Date} [options.now]
 * @returns {Promise<object>} a result (not yet validated or written)
 */
export async function importOutputs(paths, {now = new Date()} = {}) {
  const runs = findRuns(paths);
  if (runs.length === 0)
    throw new Error(
      `No pgbench outputs found in ${paths.join(', ')} (files ending ${OUTPUT_EXTENSIONS.join(', ')}, or folders ` +
        `with stdout/stderr).`,
    );
  const cells = [];
  const targets = new Map();
  const repeats = new Map();
  for (const run of runs) {
    const cell = await cellOf(run, repeats);
    cells.push(cell);
    noteTarget(targets, cell, run.path);
  }
  if (!cells.some((c) => c.status === 'ok')) {
    const first = cells.find((c) => c.error);
    throw new Error(
      `Every output imported is of a failed run (${runs[cells.indexOf(first)].path}: ${first.error.message}): ` +
        'a result needs at least one run that measured something; nothing was written.',
    );
  }
  const duplicate = cells.find((c, i) => cells.findIndex((d) => d.id === c.id) !== i);
  if (duplicate)
    throw new Error(`Two outputs are labelled ${duplicate.id}: give them different labels or repeats (sidecar YAML).`);
  const result = assembleResult(cells, runs, targets, now);
  // Derived again as the build will: a redacted password that was also a figure of an output would hide it.
  const problems = [...resultProblems(result, IMPORT), ...derivationProblems(result, IMPORT)].map((p) =>
    inputOf(p, runs),
  );
  if (problems.length > 0) throw new Error(`The outputs cannot make a valid result:\n  ${problems.join('\n  ')}`);
  return result;
}

/** One run as a result's cell; runs with the same labels are repeats of one cell, numbered in path order. */
async function cellOf(run, repeats) {
  const read = readRun(run);
  const parsed =
    read.raw.output !== undefined ? parseOutput(read.raw.output) : parseOutput(read.raw.stdout, read.raw.stderr);
  if (parsed.errors.some((e) => e.message === NOTHING_RECOGNIZED)) {
    throw notPgbench(run.path, read.raw.output ?? `${read.raw.stdout}${read.raw.stderr}`);
  }
  const {exitCode = null, logs} = read;
  const {raw, summary, command} = redactRun(read.raw, parsed, read.labels.command);
  const sidecar = {...read.labels, command};
  const impossible = summary.errors.find((e) => e.kind === 'impossible');
  if (impossible) throw new Error(`${run.path}: ${impossible.message}. Import the output as pgbench wrote it.`);
  const [unsupported] = unsupportedFigures(summary);
  if (unsupported) {
    throw new Error(
      `${lineOf(run, read.raw, unsupported.line)}: ${unsupported.message}: pgbench prints no such figures. ` +
        'Import the output as pgbench wrote it.',
    );
  }
  const labels = {...labelsFromName(run.path), ...sidecar};
  const target = toId(labels.target);
  const workload = toId(labels.workload);
  const scenario = toId(labels.scenario ?? 'imported');
  const clients = summary.clients ?? 0;
  // Runs with the same labels are repeats of one cell, numbered in path order.
  const key = `${target}/${workload}/${scenario}/c${clients}`;
  const repeat = labels.repeat ?? (repeats.get(key) ?? 0) + 1;
  repeats.set(key, Math.max(repeats.get(key) ?? 0, repeat));
  const log = logs.length > 0 ? await readLogs(logs, logColumnsOf(summary)) : null;
  const badLog = log?.errors?.find((e) => e.kind === 'impossible');
  if (badLog) throw new Error(`${run.path}: ${badLog.message}. Import the log as pgbench wrote it.`);
  return {
    id: `${key}/r${repeat}`,
    target,
    workload,
    scenario,
    parameters: parametersOf(summary),
    repeat,
    ...statusOf(summary, exitCode),
    command: labels.command ?? null,
    exitCode,
    startedAt: labels.startedAt ? new Date(labels.startedAt).toISOString() : null,
    finishedAt: null,
    summary,
    log,
    raw,
  };
}

/** Where a run's output has the line that starts with `start`: FILE:LINE (its path alone without one). */
function lineOf(run, raw, start) {
  const texts =
    raw.output !== undefined
      ? [[run.path, raw.output]]
      : [
          [path.join(run.path, 'stdout'), raw.stdout],
          [path.join(run.path, 'stderr'), raw.stderr],
        ];
  for (const [file, text] of texts) {
    const index = (text ?? '').split(/\r\n|\r|\n/).findIndex((line) => line.startsWith(start));
    if (index !== -1) return `${file}:${index + 1}`;
  }
  return run.path;
}

/** Records the server a cell's target ran on; outputs of one target from two servers are refused. */
function noteTarget(targets, cell, source) {
  const {target, summary} = cell;
  // pgbench prints the server's version only when it differs from its own.
  const serverFull = summary.serverVersionFull ?? summary.pgbenchVersionFull ?? null;
  const known = targets.get(target);
  if (known && serverFull !== null && known.serverVersionFull !== null && known.serverVersionFull !== serverFull) {
    throw new Error(
      `Outputs labelled target "${target}" come from different servers: ${known.serverVersionFull} ` +
        `(${known.source}) ` +
        `and ${serverFull} (${source}). Label them as different targets (a sidecar YAML with "target: …").`,
    );
  }
  if (!known || (known.serverVersionFull === null && serverFull !== null)) {
    targets.set(target, {
      id: target,
      kind: 'imported',
      serverVersion: summary.serverVersion ?? summary.pgbenchVersion ?? null,
      serverVersionFull: serverFull,
      settings: {},
      source,
    });
  }
}

const IMPORT = '<import>';

/** A problem of the assembled result, told by the input it came from: "run.txt: summary.tps: …". */
function inputOf(problem, runs) {
  const m = new RegExp(`^${IMPORT}: cells\\[(\\d+)\\]\\.?(.*)$`).exec(problem);
  return m ? `${runs[Number(m[1])].path}: ${m[2]}` : problem.replace(`${IMPORT}: `, '');
}

function assembleResult(cells, runs, targets, now) {
  const versions = new Set(cells.map((c) => c.summary.pgbenchVersionFull).filter(Boolean));
  const [onlyVersion] = versions.size === 1 ? versions : [null];
  const sources = runs.map((r) => path.relative(process.cwd(), r.path) || '.');
  const digest = createHash('sha256')
    .update(JSON.stringify(cells.map((c) => c.raw)))
    .digest('hex')
    .slice(0, 8);
  return {
    schemaVersion: SCHEMA_VERSION,
    run: {
      id: `import-${now.toISOString().slice(0, 10)}-${digest}`,
      kind: 'import',
      suite: null,
      startedAt: now.toISOString(),
      finishedAt: now.toISOString(),
      project: gitState(),
      tool: toolInfo(),
      commands: cells.map((c) => c.command).filter(Boolean),
      sources,
    },
    environment: {
      host: UNKNOWN_HOST,
      pgbenchVersion: onlyVersion
        ? cells.find((c) => c.summary.pgbenchVersionFull === onlyVersion).summary.pgbenchVersion
        : null,
      pgbenchVersionFull: onlyVersion,
      targets: [...targets.values()].map(({source, ...t}) => t),
    },
    cells,
  };
}
