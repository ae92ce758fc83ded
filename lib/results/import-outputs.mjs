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
import {existsSync, lstatSync, readdirSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {NOTHING_RECOGNIZED, parseOutput} from '../pgbench/parse-output.mjs';
import {logColumnsOf, readLogs} from '../pgbench/read-logs.mjs';
import {readTextFile} from '../read-text.mjs';
import {redact, redactSummary, secretsIn} from '../redact.mjs';
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

const SCALAR = (v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || v instanceof Date;
const isRunFolder = (dir) => existsSync(path.join(dir, 'stdout')) || existsSync(path.join(dir, 'stderr'));
const isOutputFile = (file) =>
  OUTPUT_EXTENSIONS.includes(path.extname(file)) && !path.basename(file).startsWith('pgbench_log');

/**
 * The runs under the given paths, in a stable order. Inside a folder given, a
 * link is followed only to a file or folder inside that folder (and a folder
 * once), so an import never reads what the folder's owner did not put there.
 */
function findRuns(paths) {
  const runs = [];
  const seen = new Set();
  const visit = (p, root) => {
    if (!existsSync(p))
      throw new Error(`${p}: no such file or folder. Give files of pgbench output, or folders of them.`);
    if (root) insideOrThrow(p, root);
    if (statSync(p).isDirectory()) {
      const real = realpathSync(p);
      if (seen.has(real)) return;
      seen.add(real);
      if (isRunFolder(p)) runs.push({kind: 'folder', path: p, root: root ?? real});
      else for (const entry of readdirSync(p).sort()) visit(path.join(p, entry), root ?? real);
    } else if (!root || isOutputFile(p)) runs.push({kind: 'file', path: p, root});
  };
  for (const p of paths) visit(p, null);
  return runs;
}

/** Refuses a link inside a folder given that leads out of it. */
function insideOrThrow(p, root) {
  if (!lstatSync(p).isSymbolicLink()) return;
  const real = realpathSync(p);
  if (real !== root && !real.startsWith(`${root}${path.sep}`)) {
    throw new Error(
      `${p}: a link to ${real}, outside the folder imported (${root}): copy the file into the folder, ` +
        'or name it on the command line.',
    );
  }
}

function readSidecar(file) {
  if (!existsSync(file)) return {};
  let labels;
  try {
    labels = YAML.parse(readTextFile(file)) ?? {};
  } catch (error) {
    throw new Error(`${file}:${error.linePos?.[0]?.line ?? '?'}: not valid YAML: ${error.message.split('\n')[0]}`);
  }
  if (typeof labels !== 'object' || Array.isArray(labels))
    throw new Error(`${file}: must be a mapping of labels (${LABELS.join(', ')}).`);
  for (const [key, value] of Object.entries(labels)) {
    if (!LABELS.includes(key)) throw new Error(`${file}: "${key}" is not a label; use ${LABELS.join(', ')}.`);
    // "target:" or "target: null" says nothing: the label comes from the name, as when the line is missing.
    if (value === null) delete labels[key];
    // A list or a mapping would be written as "[object Object]"; the schema checks the repeat's number.
    else if (!SCALAR(value)) throw new Error(`${file}: ${key}: expected a text, found ${JSON.stringify(value)}.`);
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
    if (sidecar && run.root) insideOrThrow(sidecar, run.root);
    return {raw: {output: readTextFile(run.path)}, labels: sidecar ? readSidecar(sidecar) : {}, logs: []};
  }
  const read = (name) => {
    const file = path.join(run.path, name);
    if (!existsSync(file)) return undefined;
    insideOrThrow(file, run.root);
    return readTextFile(file);
  };
  const raw = {stdout: read('stdout') ?? '', stderr: read('stderr') ?? ''};
  // cmd: the command; a second line, when there is one, is the environment it ran with.
  const [command, environment] = (read('cmd') ?? '').split('\n').map((l) => l.trim());
  const rc = read('rc')?.trim();
  const logs = readdirSync(run.path)
    .filter((f) => f.startsWith('pgbench_log'))
    .sort()
    .map((f) => path.join(run.path, f));
  for (const log of logs) insideOrThrow(log, run.root);
  return {
    raw,
    labels: {
      ...(command && {command: environment ? `${environment} ${command}` : command}),
      ...readSidecar(path.join(run.path, 'labels.yaml')),
    },
    exitCode: rc !== undefined && /^\d+$/.test(rc) ? Number(rc) : null,
    logs,
  };
}

/** Why a text that is no pgbench output is refused: what it looks like instead. */
function notPgbench(file, text) {
  let what = "no line of it is pgbench's";
  if (text.trim() === '') what = 'it is empty';
  else if (/^\s*[[{]/.test(text)) {
    try {
      JSON.parse(text);
      what = "it is JSON, but not in PostgresBench's result layout";
    } catch (error) {
      what = `it starts as JSON but is not valid JSON, perhaps cut short (${error.message})`;
    }
  }
  return new Error(
    `${file}: neither pgbench output nor a PostgresBench result file: ${what}. Import pgbench's output as ` +
      'it printed it (pgbench … > run.txt 2>&1), or a PostgresBench file (an object with "benchmark.scale_factor" ' +
      'and "results"). Nothing was written.',
  );
}

/** The run's texts with the secrets of its command replaced by "***" (as the runner keeps them). */
function redactRun(raw, summary, command) {
  const secrets = secretsIn(command);
  if (secrets.length === 0) return {raw, summary, command};
  return {
    raw: Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, redact(v, secrets)])),
    summary: redactSummary(summary, secrets),
    command: redact(command, secrets),
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
