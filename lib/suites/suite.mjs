// Reads a suite (benchmarks/<suite>/suite.yaml): checks it against
// schemas/suite.schema.json and the rules a schema cannot say, and gives it
// back with every default filled in. Every problem names the file and line.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, realpathSync} from 'node:fs';
import path from 'node:path';
import YAML, {LineCounter} from 'yaml';
import {DEFAULT_MARGIN, MIN_INSTRUCTION_MARGIN, MIN_MARGIN} from '../stats/compare.mjs';
import validate from '../validation/compiled/suite.mjs';
import {explainSchemaError, readablePath} from '../validation/schema-messages.mjs';

const DOC = 'schemas/suite.md';
// The suite's schema, to say where a field put in the wrong place belongs: read when a suite has one, and
// done without when it cannot be read (the message then says less).
function suiteSchema() {
  try {
    return JSON.parse(readFileSync(new URL('../../schemas/suite.schema.json', import.meta.url), 'utf8'));
  } catch {
    return null;
  }
}
// Six rounds: enough for an exact test to decide at the 5% level (3 against 3 never can).
export const DEFAULT_REPEAT = 6;
// Below this many repeats, no comparison of a published page could be decided.
export const PUBLISHED_MIN_REPEAT = 5;
/** The measures a suite can take: see schemas/suite.md. */
export const MEASURES = ['time', 'instructions'];
// Transactions per client of an instructions cell's longer run (the shorter runs half).
export const DEFAULT_INSTRUCTION_TRANSACTIONS = 1000;
// Until a suite's instructions A/A sets its own: instruction counts repeat far closer than this.
export const DEFAULT_INSTRUCTION_MARGIN = 0.01;

export class SuiteError extends Error {
  constructor(problems) {
    super(problems.join('\n'));
    this.name = 'SuiteError';
    this.problems = problems;
  }
}

/** The longest run a duration may ask for: pgbench -T takes whole seconds, and no cell needs a day. */
export const MAX_DURATION_S = 86_400;

/**
 * Whole seconds from 1 s to a day, in "300s", "5m", "1h" or a plain number of
 * seconds; `{zero: true}` allows 0 (no warm-up).
 */
export function parseDuration(value, {zero = false} = {}) {
  const m = /^(\d+)(ms|s|m|h)?$/.exec(String(value).trim());
  if (!m) throw new Error(`"${value}" is not a duration: write seconds, or 300s, 5m, 1h`);
  const seconds = Number(m[1]) * {ms: 0.001, s: 1, m: 60, h: 3600}[m[2] ?? 's'];
  if (!Number.isInteger(seconds) || seconds < (zero ? 0 : 1) || seconds > MAX_DURATION_S) {
    throw new Error(
      `"${value}" is not a run length pgbench can take: give whole seconds from 1s to 24h ` +
        '(pgbench -T counts whole seconds)',
    );
  }
  return seconds;
}

/**
 * Settings the runner sets itself, so that it can reach the server it started
 * (and only that one), and postgresql.conf directives that would read other
 * files: a suite may not set them.
 */
export const RUNNER_SETTINGS = [
  'listen_addresses',
  'port',
  'unix_socket_directories',
  'data_directory',
  'config_file',
  'hba_file',
  'ident_file',
  'include',
  'include_dir',
  'include_if_exists',
];

// A setting's name as PostgreSQL spells it: an identifier, or a custom one with its prefix
// (auto_explain.log_min_duration).
const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/** What is wrong with one setting (name and value), or null. */
function settingProblem(name, value, {server}) {
  if (!SETTING_NAME.test(name)) {
    return (
      `${JSON.stringify(name)} is not a setting name: PostgreSQL's are letters, digits and _ ` +
      '(a custom one prefixed, as auto_explain.log_analyze)'
    );
  }
  if (server && RUNNER_SETTINGS.includes(name.toLowerCase())) {
    return (
      `${name} is the runner's own: it starts each server on a port and address of its choosing, ` +
      'and reaches it there. Remove it'
    );
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(String(value))) {
    return `the value of ${name} holds a control character (a line break?): a setting's value is one line`;
  }
  return null;
}

/**
 * @param {string} file  the suite's YAML
 * @returns {object} the suite, with defaults: see schemas/suite.md
 */
export function loadSuite(file) {
  if (!existsSync(file)) throw new SuiteError([`${file}: no such suite file. Suites are benchmarks/<id>/suite.yaml.`]);
  const text = readFileSync(file, 'utf8');
  const lineCounter = new LineCounter();
  const doc = YAML.parseDocument(text, {lineCounter});
  const where = (pathParts) => {
    // The nearest node that exists: a missing key is reported at its parent.
    for (let n = pathParts.length; n >= 0; n--) {
      const node = doc.getIn(pathParts.slice(0, n), true);
      if (node?.range) return `${file}:${lineCounter.linePos(node.range[0]).line}`;
    }
    return file;
  };
  if (doc.errors.length > 0) {
    throw new SuiteError(
      doc.errors.map((e) => `${file}:${e.linePos?.[0]?.line ?? '?'}: not valid YAML: ${e.message.split('\n')[0]}`),
    );
  }
  const suite = doc.toJS();
  const problems = [];
  let schema = null;
  const report = (pathParts, message) =>
    problems.push(`${where(pathParts)}: ${readablePath(pathParts.map((p) => `/${p}`).join(''))}: ${message}`);

  if (!validate(suite)) {
    for (const e of validate.errors) {
      const parts = e.instancePath
        .split('/')
        .slice(1)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      // An unknown key is shown at its own line, under its parent's path.
      const at = e.keyword === 'additionalProperties' ? [...parts, e.params.additionalProperty] : parts;
      const why = explainSchemaError(e, {doc: DOC, schemaVersion: null, schema: (schema ??= suiteSchema())});
      problems.push(`${where(at)}: ${readablePath(e.instancePath)}: ${why}`);
    }
    throw new SuiteError(problems);
  }

  const dir = path.dirname(file);
  const exactlyOne = (obj, keys, at, advice) => {
    if (keys.filter((k) => obj[k] !== undefined).length !== 1) report(at, advice);
  };
  const sqlFile = (rel, at) => {
    const full = path.join(dir, rel);
    // A suite runs what its own folder holds: a path leading out of it (../, absolute, a link) is refused.
    const inside = (p, folder) => p.startsWith(`${folder}${path.sep}`);
    if (path.isAbsolute(rel) || !inside(path.resolve(full), path.resolve(dir))) {
      report(at, `${rel} is outside the suite's folder (${dir}): put the file in the folder, next to suite.yaml`);
    } else if (!existsSync(full)) report(at, `${rel} does not exist next to the suite (${full})`);
    else if (!inside(realpathSync(full), realpathSync(dir))) {
      report(at, `${rel} is a link to ${realpathSync(full)}, outside the suite's folder: copy the file in`);
    }
    return full;
  };
  const checkSettings = (settings, at, server) => {
    for (const [name, value] of Object.entries(settings ?? {})) {
      const problem = settingProblem(name, value, {server});
      // A name that is no identifier is quoted in the message, not printed raw in the path.
      if (problem) report(SETTING_NAME.test(name) ? [...at, name] : at, problem);
    }
  };
  checkSettings(suite.settings, ['settings'], true);
  for (const [i, t] of suite.targets.entries()) checkSettings(t.settings, ['targets', i, 'settings'], true);
  for (const [i, w] of suite.workloads.entries()) checkSettings(w.session, ['workloads', i, 'session'], false);
  const unique = (list, kind) => {
    const seen = new Set();
    list.forEach((item, i) => {
      if (seen.has(item.id)) report([kind, i, 'id'], `"${item.id}" is used twice: ids must be unique among ${kind}`);
      seen.add(item.id);
    });
  };
  unique(suite.targets, 'targets');
  unique(suite.workloads, 'workloads');
  unique(suite.scenarios, 'scenarios');

  const targets = suite.targets.map((t, i) => {
    if (t.checksums !== undefined && t.embedded === undefined)
      report(['targets', i, 'checksums'], 'data checksums are chosen at initdb: only for an embedded server');
    // PostgreSQL before 18 refuses to start on a setting it does not know.
    if (t.embedded < 18 && 'io_method' in {...suite.settings, ...t.settings})
      report(
        ['targets', i],
        `io_method exists from PostgreSQL 18 on; ${t.embedded} would not start with it: set it on the 18 target only`,
      );
    exactlyOne(
      t,
      ['embedded', 'url'],
      ['targets', i],
      'give either "embedded: 15" (16, 17, 18) for a local server, or "url: env:NAME" for an external one',
    );
    return {
      id: t.id,
      kind: t.embedded !== undefined ? 'embedded' : 'external',
      ...(t.embedded !== undefined && {major: t.embedded}),
      ...(t.url !== undefined && {urlVariable: t.url.slice(4)}),
      settings: {...suite.settings, ...t.settings},
      checksums: t.checksums ?? null,
      differs: t.differs ?? [],
      control: t.control ?? null,
      scenarios: t.scenarios ?? null,
      workloads: t.workloads ?? null,
    };
  });
  const workloads = suite.workloads.map((w, i) => {
    exactlyOne(
      w,
      ['builtin', 'script'],
      ['workloads', i],
      'give either "builtin: tpcb-like" (simple-update, select-only) or "script: file.sql"',
    );
    return {
      id: w.id,
      ...(w.builtin && {builtin: w.builtin}),
      ...(w.script && {script: sqlFile(w.script, ['workloads', i, 'script']), scriptName: w.script}),
      weight: w.weight ?? null,
      setup: w.setup ? sqlFile(w.setup, ['workloads', i, 'setup']) : null,
      explain: (w.explain ?? []).map((e, j) => ({file: sqlFile(e, ['workloads', i, 'explain', j]), name: e})),
      session: Object.fromEntries(Object.entries(w.session ?? {}).map(([k, v]) => [k, String(v)])),
      scenarios: w.scenarios ?? null,
      measures: w.measures ?? null,
      instructionTransactions: w.instructions?.transactions ?? null,
    };
  });
  const scenarios = suite.scenarios.map((s, i) => {
    // A scenario only counted in instructions needs no run length: its cells count transactions.
    const timed = (s.measures ?? suite.measures ?? ['time']).includes('time');
    if (timed || s.duration !== undefined || s.transactions !== undefined) {
      exactlyOne(
        s,
        ['duration', 'transactions'],
        ['scenarios', i],
        'give either "duration: 300s" or "transactions: 1000" (per client)',
      );
    }
    const clients = [s.clients].flat();
    const threads = s.threads ?? 1;
    if (threads > Math.min(...clients))
      report(
        ['scenarios', i, 'threads'],
        `${threads} threads for ${Math.min(...clients)} client(s): pgbench needs at least as many clients as threads`,
      );
    let durationS = null;
    let warmupS = 0;
    try {
      if (s.duration !== undefined) durationS = parseDuration(s.duration);
      if (s.warmup !== undefined) warmupS = parseDuration(s.warmup, {zero: true});
    } catch (error) {
      report(['scenarios', i], error.message);
    }
    return {
      id: s.id,
      scale: s.scale ?? null,
      clients,
      threads,
      durationS,
      transactionsPerClient: s.transactions ?? null,
      mode: s.mode ?? 'simple',
      warmupS,
      log: s.log ?? false,
      vacuum: s.vacuum ?? null,
      measures: s.measures ?? null,
      instructionTransactions: s.instructions?.transactions ?? null,
      instructionClients: s.instructions?.clients ?? null,
    };
  });
  checkReferences(suite, targets, report);
  const margin = suite.margin === undefined ? DEFAULT_MARGIN : Number(suite.margin.slice(0, -1)) / 100;
  if (margin < MIN_MARGIN) report(['margin'], `${suite.margin} is below 2%: no machine here measures that finely`);
  const instructions = instructionsOf(suite, report);
  if (problems.length > 0) throw new SuiteError(problems);
  return {
    id: suite.id,
    description: suite.description ?? null,
    file,
    hash: createHash('sha256').update(text).digest('hex'),
    targets,
    workloads,
    scenarios,
    repeat: suite.repeat ?? DEFAULT_REPEAT,
    published: suite.published ?? false,
    margin,
    measures: suite.measures ?? ['time'],
    instructions,
  };
}

/** The instructions measure's settings, with defaults. */
function instructionsOf(suite, report) {
  const given = suite.instructions?.margin;
  const margin = given === undefined ? DEFAULT_INSTRUCTION_MARGIN : Number(given.slice(0, -1)) / 100;
  if (margin < MIN_INSTRUCTION_MARGIN) {
    report(['instructions', 'margin'], `${given} is below 0.01%: set it from the instructions A/A, never below it`);
  }
  const all = suite.measures ?? ['time'];
  const takes = suite.workloads.some((w) =>
    suite.scenarios.some((s) => [w, s].every((x) => (x.measures ?? all).includes('instructions'))),
  );
  if (suite.instructions && !takes) {
    report(['instructions'], 'no group takes the instructions measure: add instructions to measures, or remove this');
  }
  return {transactions: suite.instructions?.transactions ?? DEFAULT_INSTRUCTION_TRANSACTIONS, margin};
}

/**
 * The measures a comparison group takes: those both its workload and its
 * scenario take (each the suite's unless it lists its own).
 */
export function groupMeasures(suite, workload, scenario) {
  const all = suite.measures ?? ['time'];
  return (workload.measures ?? all).filter((m) => (scenario.measures ?? all).includes(m));
}

/** Transactions per client of an instructions cell's longer run: the workload's, the scenario's or the suite's. */
export const instructionTransactions = (suite, workload, scenario) =>
  workload.instructionTransactions ??
  scenario.instructionTransactions ??
  suite.instructions?.transactions ??
  DEFAULT_INSTRUCTION_TRANSACTIONS;

/** Names in a target's or workload's scenarios/workloads lists, and a control's twin, must exist. */
function checkReferences(suite, targets, report) {
  const ids = (list) => new Set(list.map((x) => x.id));
  const known = {scenarios: ids(suite.scenarios), workloads: ids(suite.workloads)};
  const listed = (owner, i, key) => {
    (suite[owner][i][key] ?? []).forEach((id, j) => {
      if (!known[key].has(id)) report([owner, i, key, j], `no ${key.slice(0, -1)} "${id}" in the suite`);
    });
  };
  suite.targets.forEach((_, i) => {
    listed('targets', i, 'scenarios');
    listed('targets', i, 'workloads');
  });
  suite.workloads.forEach((_, i) => {
    listed('workloads', i, 'scenarios');
  });
  targets.forEach((t, i) => {
    if (t.control === null) return;
    const twin = targets.find((o) => o.id === t.control);
    if (!twin || twin.control !== null) {
      report(['targets', i, 'control'], `"${t.control}" is not another (non-control) target of the suite`);
    } else if (t.kind !== 'embedded' || twin.major !== t.major) {
      report(['targets', i, 'control'], `an A/A control is an embedded server of the same version as "${twin.id}"`);
    }
  });
}
