// Reads pgbench outputs saved elsewhere, for importOutputs (import-outputs.mjs
// says what a PATH may be): finds the runs under the paths given, reads each
// run's streams, logs and labels, and redacts the secrets of its command.
import {existsSync, lstatSync, readdirSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {readTextFile} from '../read-text.mjs';
import {redact, redactSummary, secretsIn} from '../redact.mjs';

export const OUTPUT_EXTENSIONS = ['.txt', '.out', '.log'];
const LABELS = ['target', 'workload', 'scenario', 'repeat', 'command', 'startedAt'];

const SCALAR = (v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || v instanceof Date;
const isRunFolder = (dir) => existsSync(path.join(dir, 'stdout')) || existsSync(path.join(dir, 'stderr'));
const isOutputFile = (file) =>
  OUTPUT_EXTENSIONS.includes(path.extname(file)) && !path.basename(file).startsWith('pgbench_log');

/**
 * The runs under the given paths, in a stable order. Inside a folder given, a
 * link is followed only to a file or folder inside that folder (and a folder
 * once), so an import never reads what the folder's owner did not put there.
 */
export function findRuns(paths) {
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
export function labelsFromName(runPath) {
  const base = path.basename(runPath, path.extname(runPath));
  const parts = base.split('__');
  const labels = {};
  if (/^r\d+$/.test(parts.at(-1)) && parts.length > 1) labels.repeat = Number(parts.pop().slice(1));
  if (parts.length === 1) Object.assign(labels, {target: path.basename(path.dirname(runPath)), workload: parts[0]});
  else Object.assign(labels, {target: parts[0], workload: parts[1], ...(parts[2] && {scenario: parts[2]})});
  return labels;
}

/** Ids in result files: letters, digits, ".", "_", "-"; anything else becomes "-". */
export const toId = (text) =>
  String(text)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '') || 'unnamed';

export function readRun(run) {
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
export function notPgbench(file, text) {
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
export function redactRun(raw, summary, command) {
  const secrets = secretsIn(command);
  if (secrets.length === 0) return {raw, summary, command};
  return {
    raw: Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, redact(v, secrets)])),
    summary: redactSummary(summary, secrets),
    command: redact(command, secrets),
  };
}
