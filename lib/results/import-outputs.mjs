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
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {parseOutput} from '../pgbench/parse-output.mjs';
import {logColumnsOf, readLogs} from '../pgbench/read-logs.mjs';
import {gitState, toolInfo, UNKNOWN_HOST} from './provenance.mjs';
import {statusOf} from './cell-status.mjs';
import {resultProblems, SCHEMA_VERSION} from './validate-result.mjs';

const OUTPUT_EXTENSIONS = ['.txt', '.out', '.log'];
const LABELS = ['target', 'workload', 'scenario', 'repeat', 'command', 'startedAt'];
const BUILTINS = {
  '<builtin: TPC-B (sort of)>': 'tpcb-like',
  '<builtin: simple update>': 'simple-update',
  '<builtin: select only>': 'select-only',
};

const isRunFolder = (dir) => existsSync(path.join(dir, 'stdout')) || existsSync(path.join(dir, 'stderr'));
const isOutputFile = (file) =>
  OUTPUT_EXTENSIONS.includes(path.extname(file)) && !path.basename(file).startsWith('pgbench_log');

/** The runs under the given paths, in a stable order. */
function findRuns(paths) {
  const runs = [];
  const visit = (p, explicit) => {
    if (!existsSync(p))
      throw new Error(`${p}: no such file or folder. Give files of pgbench output, or folders of them.`);
    if (statSync(p).isDirectory()) {
      if (isRunFolder(p)) runs.push({kind: 'folder', path: p});
      else for (const entry of readdirSync(p).sort()) visit(path.join(p, entry), false);
    } else if (explicit || isOutputFile(p)) runs.push({kind: 'file', path: p});
  };
  for (const p of paths) visit(p, true);
  return runs;
}

function readSidecar(file) {
  if (!existsSync(file)) return {};
  let labels;
  try {
    labels = YAML.parse(readFileSync(file, 'utf8')) ?? {};
  } catch (error) {
    throw new Error(`${file}:${error.linePos?.[0]?.line ?? '?'}: not valid YAML: ${error.message.split('\n')[0]}`);
  }
  if (typeof labels !== 'object' || Array.isArray(labels))
    throw new Error(`${file}: must be a mapping of labels (${LABELS.join(', ')}).`);
  for (const key of Object.keys(labels)) {
    if (!LABELS.includes(key)) throw new Error(`${file}: "${key}" is not a label; use ${LABELS.join(', ')}.`);
  }
  // YAML reads an unquoted date as a Date: both it and a string must name a real time.
  if (labels.startedAt !== undefined && Number.isNaN(new Date(labels.startedAt).getTime())) {
    throw new Error(`${file}: startedAt "${labels.startedAt}" is not a date-time; write it as 2025-01-02T03:04:05Z.`);
  }
  return labels;
}

/** Labels from `target__workload[__scenario][__rN]`, or workload alone with its folder as target. */
function labelsFromName(runPath) {
  const base = path.basename(runPath, path.extname(runPath));
  const parts = base.split('__');
  const labels = {};
  if (/^r\d+$/.test(parts.at(-1)) && parts.length > 1) labels.repeat = Number(parts.pop().slice(1));
  if (parts.length === 1) Object.assign(labels, {target: path.basename(path.dirname(runPath)), workload: parts[0]});
  else Object.assign(labels, {target: parts[0], workload: parts[1], ...(parts[2] && {scenario: parts[2]})});
  return labels;
}

/** Ids in result files: letters, digits, ".", "_", "-"; anything else becomes "-". */
const toId = (text) =>
  String(text)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '') || 'unnamed';

function readRun(run) {
  if (run.kind === 'file') {
    const dir = path.dirname(run.path);
    const base = path.basename(run.path, path.extname(run.path));
    const sidecar = [path.join(dir, `${base}.yaml`), `${run.path}.yaml`].find(existsSync);
    return {raw: {output: readFileSync(run.path, 'utf8')}, labels: sidecar ? readSidecar(sidecar) : {}, logs: []};
  }
  const read = (name) =>
    existsSync(path.join(run.path, name)) ? readFileSync(path.join(run.path, name), 'utf8') : undefined;
  const raw = {stdout: read('stdout') ?? '', stderr: read('stderr') ?? ''};
  // cmd: the command; a second line, when there is one, is the environment it ran with.
  const [command, environment] = (read('cmd') ?? '').split('\n').map((l) => l.trim());
  const rc = read('rc')?.trim();
  return {
    raw,
    labels: {
      ...(command && {command: environment ? `${environment} ${command}` : command}),
      ...readSidecar(path.join(run.path, 'labels.yaml')),
    },
    exitCode: rc !== undefined && /^\d+$/.test(rc) ? Number(rc) : null,
    logs: readdirSync(run.path)
      .filter((f) => f.startsWith('pgbench_log'))
      .sort()
      .map((f) => path.join(run.path, f)),
  };
}

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
    const {raw, labels: sidecar, exitCode = null, logs} = readRun(run);
    const summary = raw.output !== undefined ? parseOutput(raw.output) : parseOutput(raw.stdout, raw.stderr);
    const impossible = summary.errors.find((e) => e.kind === 'impossible');
    if (impossible) throw new Error(`${run.path}: ${impossible.message}. Import the output as pgbench wrote it.`);
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
    cells.push({
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
    });
    // pgbench prints the server's version only when it differs from its own.
    const serverFull = summary.serverVersionFull ?? summary.pgbenchVersionFull ?? null;
    const known = targets.get(target);
    if (known && serverFull !== null && known.serverVersionFull !== null && known.serverVersionFull !== serverFull) {
      throw new Error(
        `Outputs labelled target "${target}" come from different servers: ${known.serverVersionFull} ` +
          `(${known.source}) ` +
          `and ${serverFull} (${run.path}). Label them as different targets (a sidecar YAML with "target: …").`,
      );
    }
    if (!known || (known.serverVersionFull === null && serverFull !== null)) {
      targets.set(target, {
        id: target,
        kind: 'imported',
        serverVersion: summary.serverVersion ?? summary.pgbenchVersion ?? null,
        serverVersionFull: serverFull,
        settings: {},
        source: run.path,
      });
    }
  }
  const duplicate = cells.find((c, i) => cells.findIndex((d) => d.id === c.id) !== i);
  if (duplicate)
    throw new Error(`Two outputs are labelled ${duplicate.id}: give them different labels or repeats (sidecar YAML).`);
  const result = assembleResult(cells, runs, targets, now);
  const problems = resultProblems(result, IMPORT).map((p) => inputOf(p, runs));
  if (problems.length > 0) throw new Error(`The outputs cannot make a valid result:\n  ${problems.join('\n  ')}`);
  return result;
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
