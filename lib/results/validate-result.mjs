// Checks a result against schemas/result.schema.json, with messages that name
// the file, the JSON path and what to do about it.
import validate from '../validation/compiled/result.mjs';
import {createChecker, readJsonFile} from '../validation/schema-checker.mjs';
import {holdsSecret, REDACTED, settingsWithSecrets} from '../redact.mjs';
import {measureOf} from '../model/measures.mjs';
import {derivationProblems} from './rederive.mjs';

export const SCHEMA_VERSION = 1;

const checker = createChecker({
  validate,
  doc: 'schemas/result.md',
  schemaVersion: SCHEMA_VERSION,
});

/**
 * @param {unknown} data  a parsed result
 * @param {string} [file]  where it came from, for the messages
 * @returns {string[]}  one message per problem; empty when valid
 */
export const resultProblems = (data, file = 'result') => [
  ...checker.problems(data, file),
  ...duplicateCells(data, file),
  ...cellProblems(data, file),
  ...secretProblems(data, file),
];

/**
 * What a schema cannot say of a cell: an ok cell has its figures (a page or a
 * comparison would show an empty one as a measurement), its target is one the
 * environment lists, and its counts add up.
 */
// A value of another type, or a negative one, is the schema's to name.
const absentOrZero = (value) => value === undefined || value === null || value === 0;

function cellProblems(data, file) {
  if (!Array.isArray(data?.cells) || !Array.isArray(data?.environment?.targets)) return [];
  const targets = new Set(data.environment.targets.map((t) => t?.id));
  const instructions = data.run?.design?.measure === 'instructions';
  const problems = [];
  data.cells.forEach((cell, i) => {
    if (!cell || typeof cell !== 'object') return;
    const at = `${file}: cells[${i}]`;
    if (typeof cell.target === 'string' && !targets.has(cell.target)) {
      problems.push(
        `${at}.target: "${cell.target}" is not among environment.targets (${[...targets].join(', ')}): ` +
          'add the target there, or correct the cell',
      );
    }
    const s = cell.summary;
    if (cell.status === 'ok' && s && typeof s === 'object') {
      const missing = instructions
        ? typeof cell.instructions?.perTransaction !== 'number' && 'instructions.perTransaction'
        : absentOrZero(s.processed)
          ? 'summary.processed above 0'
          : absentOrZero(s.tps) && 'summary.tps above 0';
      if (missing) {
        problems.push(`${at}: an ok cell has ${missing}: record the cell as failed, with the reason in its error`);
      }
    }
    // In pgbench 18 a script's "N transactions" counts its failed and skipped ones too (15–17: its processed).
    for (const [j, script] of (Array.isArray(s?.scripts) ? s.scripts : []).entries()) {
      const {transactions, processed = 0, failed = 0, skipped = 0} = script ?? {};
      if (typeof transactions !== 'number' || transactions === processed) continue;
      if (processed + failed + skipped > transactions) {
        problems.push(
          `${at}.summary.scripts[${j}]: ${processed} processed + ${failed} failed + ${skipped} skipped is more ` +
            `than its ${transactions} transactions: the output was altered; import it as pgbench wrote it`,
        );
      }
    }
  });
  return problems;
}

/**
 * Cells with the same id: a schema cannot say that ids are unique, and a copy
 * would count as one more repeat and move a median.
 */
function duplicateCells(data, file) {
  if (!Array.isArray(data?.cells)) return [];
  const first = new Map();
  const problems = [];
  data.cells.forEach((cell, i) => {
    if (typeof cell?.id !== 'string') return;
    if (!first.has(cell.id)) first.set(cell.id, i);
    else {
      problems.push(
        `${file}: cells[${i}].id: "${cell.id}" is the id of cells[${first.get(cell.id)}] too; ` +
          'each repeat of a cell has an id of its own (…/r2): remove the copy, or give it the id of its repeat',
      );
    }
  });
  return problems;
}

/**
 * Secrets the site would publish: a server setting that holds one (lib/redact.mjs redactSettings), a
 * command with a password. Refused rather than redacted here: the build publishes the file as committed
 * (data/<id>.json), and the repository holds it too, so only taking the secret out of the file helps.
 */
function secretProblems(data, file) {
  const problems = [];
  const fix = `replace it with "${REDACTED}" in the file, and change the secret: it has been written down`;
  for (const [i, target] of (Array.isArray(data?.environment?.targets) ? data.environment.targets : []).entries()) {
    for (const key of ['settings', 'keySettings']) {
      for (const name of settingsWithSecrets(target?.[key])) {
        problems.push(
          `${file}: environment.targets[${i}].${key}.${name}: holds a secret (a password, a key, or a command ` +
            `or connection string that may carry one), which the site would publish: ${fix}`,
        );
      }
    }
  }
  const commands = [
    ...(Array.isArray(data?.run?.commands) ? data.run.commands.map((c, i) => [`run.commands[${i}]`, c]) : []),
    ...(Array.isArray(data?.cells) ? data.cells.map((c, i) => [`cells[${i}].command`, c?.command]) : []),
  ];
  for (const [at, command] of commands) {
    if (holdsSecret(command))
      problems.push(`${file}: ${at}: holds a password or key, which the site would publish: ${fix}`);
  }
  return problems;
}

/** Throws one error listing every problem, or returns the data. */
export function assertValidResult(data, file = 'result') {
  return throwIfAny(data, file, resultProblems(data, file));
}

function throwIfAny(data, file, problems) {
  if (problems.length > 0) {
    const error = new Error(`${file} is not a valid result:\n  ${problems.join('\n  ')}`);
    error.problems = problems;
    throw error;
  }
  return data;
}

const DAY_MS = 86_400_000;
// The time the runner writes into a run's name (lib/runner: baseRunId), 20261123T130951Z.
const NAME_TIME = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/;

/**
 * What a file's name and dates say against what it holds: a run is named after its suite (the runner's
 * results/<suite>-<time>.json, CI's <suite>-github-N.json, Kubernetes' bench-<suite>-<time>.json), a time in
 * its name lies within the run, and no date is later than a day from now (clocks differ by hours, not
 * more). A run relabelled as another suite's, or dated ahead, would become that suite's newest run and the
 * page made from it.
 * @param {object} data  a result that passed its schema
 * @param {string} file  its path (its name is checked)
 * @param {{now?: Date}} [options]
 */
export function nameAndDateProblems(data, file, {now = new Date()} = {}) {
  const run = data?.run;
  if (!run || typeof run !== 'object') return [];
  const problems = [];
  const latest = now.getTime() + DAY_MS;
  const ahead = (at, value) =>
    typeof value === 'string' && Date.parse(value) > latest
      ? `${file}: ${at}: ${value} is later than a day from now: a run is dated when it ran; correct the date ` +
        '(or the clock of the machine that wrote it), or remove the file if it was not measured'
      : null;
  problems.push(...[ahead('run.startedAt', run.startedAt), ahead('run.finishedAt', run.finishedAt)].filter(Boolean));
  const cell = (Array.isArray(data.cells) ? data.cells : []).findIndex(
    (c) => ahead('', c?.startedAt) || ahead('', c?.finishedAt),
  );
  if (cell !== -1) {
    const c = data.cells[cell];
    const at = ahead('', c.startedAt) ? 'startedAt' : 'finishedAt';
    problems.push(ahead(`cells[${cell}].${at}`, c[at]));
  }
  if (run.finishedAt && Date.parse(run.finishedAt) < Date.parse(run.startedAt)) {
    problems.push(
      `${file}: run.finishedAt: ${run.finishedAt} is before run.startedAt (${run.startedAt}): correct the dates`,
    );
  }
  if (run.kind === 'run' && typeof run.suite === 'string') problems.push(...nameProblems(data, file));
  return problems;
}

function nameProblems(data, file) {
  const {run} = data;
  const name = file
    .split(/[\\/]/)
    .pop()
    .replace(/\.json$/, '');
  const problems = [];
  // Kubernetes names hold lower-case letters, digits and "-" only (scripts/bench/k8s.mjs).
  const k8s = run.suite.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  if (![run.suite, k8s].some((suite) => `-${name}-`.includes(`-${suite}-`))) {
    problems.push(
      `${file}: the name does not name the run's suite, "${run.suite}" (run.suite): a run's file is named after ` +
        `its suite (results/${run.suite}-<time>.json): rename the file, or correct run.suite if the name is right`,
    );
  }
  const m = NAME_TIME.exec(name);
  if (m) {
    const time = Date.UTC(m[1], m[2] - 1, m[3], m[4], m[5], m[6]);
    // The name's time is the run's start, or a part's when merged, to the second.
    const start = Math.floor(Date.parse(run.startedAt) / 1000) * 1000;
    const end = run.finishedAt ? Date.parse(run.finishedAt) : Number.POSITIVE_INFINITY;
    if (!(time >= start && time <= end)) {
      problems.push(
        `${file}: the name's time, ${new Date(time).toISOString()}, is not within the run (run.startedAt ` +
          `${run.startedAt} to run.finishedAt ${run.finishedAt}): rename the file after its run, or correct ` +
          'the dates if the name is right',
      );
    }
  }
  const suffix = measureOf(data) === 'instructions' ? `${run.suite}-instructions` : run.suite;
  if (m && !name.slice(0, m.index).endsWith(`${suffix}-`) && problems.length === 0) {
    problems.push(
      `${file}: the name is not the run's (${suffix}-<time>): a run of suite "${run.suite}" that measured ` +
        `${measureOf(data)} is named ${suffix}-<time>.json; rename the file`,
    );
  }
  return problems;
}

/**
 * Everything checked before a result is published, by the build and by bench validate: the result
 * (resultProblems), its figures derived again from its own output (rederive.mjs), its name and dates.
 * The figures are derived only where the schema holds: otherwise its problems come first.
 */
export function publishableProblems(data, file = 'result', {now = new Date()} = {}) {
  const problems = resultProblems(data, file);
  if (problems.length > 0) return problems;
  return [...derivationProblems(data, file), ...nameAndDateProblems(data, file, {now})];
}

/** Throws one error listing every problem publishableProblems finds, or returns the data. */
export function assertPublishable(data, file = 'result', options = {}) {
  return throwIfAny(data, file, publishableProblems(data, file, options));
}

/**
 * Two files of one run (the same run.id): the site publishes each run as data/<id>.json, so one would
 * silently replace the other, and a page would show whichever came last.
 * @param {{file: string, id: string}[]} files
 * @returns {string[]}  one message per file whose id an earlier file has
 */
export function sameRunProblems(files) {
  const first = new Map();
  const problems = [];
  for (const {file, id} of files) {
    if (!first.has(id)) first.set(id, file);
    else {
      problems.push(
        `${file}: run.id "${id}" is the id of ${first.get(id)} too: two files of one run would be published as ` +
          'one; keep one of them (a merged result takes the place of its parts: move the parts out of results/)',
      );
    }
  }
  return problems;
}

/** Reads a result file: JSON syntax errors name the line and column. */
export const readResultFile = readJsonFile;
