// Reads a suite (benchmarks/<suite>/suite.yaml): checks it against
// schemas/suite.schema.json and the rules a schema cannot say, and gives it
// back with every default filled in. Every problem names the file and line.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import YAML, {LineCounter} from 'yaml';
import validate from '../validation/compiled/suite.mjs';
import {explainSchemaError, readablePath} from '../validation/schema-messages.mjs';
import {invisibleIn, markupIn} from '../plain-text.mjs';
import {readTextFile} from '../read-text.mjs';
import {needsShell} from './setting-rules.mjs';
import {shellAccess} from './shell-access.mjs';
import {splitSql} from './sql-lexer.mjs';
import {checkCapacity} from './capacity.mjs';
import {
  checkReferences,
  checkSettingsAndIds,
  DEFAULT_INSTRUCTION_TRANSACTIONS,
  instructionsOf,
  suiteMargin,
  scenariosOf,
  sectionChecks,
  targetsOf,
  workloadsOf,
} from './suite-sections.mjs';

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
const DEFAULT_REPEAT = 6;
// Below this many repeats, no comparison of a published page could be decided.
export const PUBLISHED_MIN_REPEAT = 5;
/** The measures a suite can take: see schemas/suite.md. */
export const MEASURES = ['time', 'instructions'];

export class SuiteError extends Error {
  constructor(problems) {
    super(problems.join('\n'));
    this.name = 'SuiteError';
    this.problems = problems;
  }
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
  const lineOf = (pathParts) => {
    // The nearest node that exists: a missing key is reported at its parent.
    for (let n = pathParts.length; n >= 0; n--) {
      const node = doc.getIn(pathParts.slice(0, n), true);
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return null;
  };
  const where = (pathParts) => (lineOf(pathParts) === null ? file : `${file}:${lineOf(pathParts)}`);
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

  wordProblems(suite, report);
  const check = sectionChecks(path.dirname(file), report, {shell: suite.shell === true});
  checkSettingsAndIds(suite, check);
  const targets = targetsOf(suite, check);
  const workloads = workloadsOf(suite, check);
  const scenarios = scenariosOf(suite, check);
  checkReferences(suite, targets, report);
  checkCapacity(suite, {targets, scenarios}, report);
  const margin = suiteMargin(suite, report);
  const instructions = instructionsOf(suite, report);
  if (problems.length > 0) throw new SuiteError(problems);
  const shell = suite.shell === true;
  const sql = sqlFilesOf(workloads, path.dirname(file), {shell});
  problems.push(...sqlProblems(sql, {shell, file}));
  const sent = shell ? workloads : workloads.map(withSetupStatements);
  problems.push(...sent.flatMap(longStatements));
  if (problems.length > 0) throw new SuiteError(problems);
  return {
    id: suite.id,
    words: wordsOf(suite),
    file,
    // Every file the suite runs, with suite.yaml: --resume and merge refuse a result of other files.
    hash: suiteHash(text, sql.files, path.dirname(file)),
    // What runs before 2026-11-27 recorded: suite.yaml's alone (issue 67 added its SQL files).
    yamlHash: createHash('sha256').update(text).digest('hex'),
    shell,
    shellUses: [...settingUses(suite, file, lineOf), ...sql.uses],
    sqlFiles: sql.files,
    targets,
    workloads: sent,
    scenarios,
    repeat: suite.repeat ?? DEFAULT_REPEAT,
    published: suite.published ?? false,
    margin,
    marginSet: suite.margin !== undefined,
    measures: suite.measures ?? ['time'],
    instructions,
  };
}

/** The settings a suite sets that only shell: true allows, each where suite.yaml sets it. */
const settingUses = (suite, file, lineOf) =>
  [['settings'], ...suite.targets.map((_, i) => ['targets', i, 'settings'])].flatMap((at) =>
    Object.entries(at.reduce((node, part) => node?.[part], suite) ?? {})
      .filter(([name, value]) => needsShell(name, value))
      .map(([name]) => ({
        file: path.relative(process.cwd(), file) || file,
        line: lineOf([...at, name]),
        what: `sets ${name}, a setting that needs shell: true`,
      })),
  );

/** What of the suite's SQL is refused: what it may never do, and what it does beyond its database undeclared. */
const sqlProblems = (sql, {shell, file}) => [
  ...sql.refused.map((u) => `${u.file}:${u.line}: ${u.what}`),
  ...(shell ? [] : sql.uses).map(
    (u) =>
      `${u.file}:${u.line}: ${u.what}. A suite's SQL stays in its database unless the suite says otherwise: ` +
      `remove it, or declare "shell: true" in ${file} (the pages and --dry-run then say the suite runs commands)`,
  ),
];

/**
 * A suite's words are untrusted text that every page, the sidebar, the tab's title, meta tags, JSON-LD, the
 * catalogs and the search show in four languages: plain text, refused at load when it holds markup or a
 * character not seen (lib/plain-text.mjs), with its file and line.
 */
function wordProblems(suite, report) {
  const check = (at, text, {lines = false} = {}) => {
    if (typeof text !== 'string') return;
    const markup = markupIn(text);
    if (markup) {
      report(
        at,
        `holds markup (${JSON.stringify(markup)}): a suite's words are plain text, shown as written on every ` +
          "page; write it as words (a URL or a link belongs in the suite folder's README)",
      );
    }
    const invisible = invisibleIn(text, {lines});
    if (invisible) {
      report(at, `holds ${invisible}, which no reader sees but every page would carry: remove it`);
    }
  };
  check(['title'], suite.title);
  check(['description'], suite.description, {lines: true});
  for (const part of ['targets', 'workloads', 'scenarios']) {
    for (const [i, item] of (suite[part] ?? []).entries())
      check([part, i, 'description'], item.description, {lines: true});
  }
}

/** The suite's own words: its title and description, and what each target, workload and scenario is. */
const wordsOf = (suite) => ({
  title: suite.title ?? null,
  description: suite.description ?? null,
  ...Object.fromEntries(
    ['targets', 'workloads', 'scenarios'].map((part) => [
      part,
      Object.fromEntries(suite[part].filter((x) => x.description).map((x) => [x.id, x.description])),
    ]),
  ),
});

/**
 * The SQL files of the workloads, as psql and pgbench read them: what they do beyond the database, and every
 * file read (includes followed), each once, as {file, dialect, workload, text}.
 */
function sqlFilesOf(workloads, dir, {shell}) {
  const uses = [];
  const refused = [];
  const files = [];
  const relative = (f) => path.relative(process.cwd(), f) || f;
  const scan = (file, dialect, by) => {
    const found = shellAccess(file, {dialect, dir, shell});
    const at = (u) => ({...u, file: relative(u.file)});
    uses.push(...found.uses.map(at));
    refused.push(...found.refused.map(at));
    for (const [i, f] of found.files.entries()) {
      if (!files.some((k) => k.file === relative(f))) {
        const text = readFileSync(f, 'utf8');
        files.push({file: relative(f), dialect, workload: by, text, ...(i > 0 && {includedBy: relative(file)})});
      }
    }
  };
  for (const w of workloads) {
    if (w.setup) scan(w.setup, 'psql', w.id);
    if (w.script) scan(w.script, 'pgbench', w.id);
    for (const e of w.explain) scan(e.file, 'psql', w.id);
  }
  const key = (u) => `${u.file}:${u.line}:${u.what}`;
  const once = (list) => [...new Map(list.map((u) => [key(u), u])).values()];
  return {uses: once(uses), refused: once(refused), files};
}

/**
 * A workload whose suite may not run commands, with the statements of its setup SQL as the runner sends them,
 * one psql -c each (scripts/runner/run-steps.mjs): {sql, line}, in the file's order, comments left out.
 */
function withSetupStatements(workload) {
  if (!workload.setup) return workload;
  const {statements} = splitSql(readTextFile(workload.setup), 'psql');
  return {...workload, setupStatements: statements.map((s) => ({sql: s.text.trim(), line: s.line}))};
}

// A statement is one argument of psql's command line, which Linux holds to 128 KiB.
const MOST_STATEMENT_BYTES = 100 * 1024;

/** A setup statement too long to be given to psql as one argument. */
const longStatements = (workload) =>
  (workload.setupStatements ?? [])
    .filter((s) => Buffer.byteLength(s.sql) > MOST_STATEMENT_BYTES)
    .map(
      (s) =>
        `${workload.setup}:${s.line}: a statement of ${Math.round(Buffer.byteLength(s.sql) / 1024)} KiB: each ` +
        'statement is given to psql on its command line, which holds at most 100 KiB of one; split it (INSERT … ' +
        'SELECT generate_series makes rows without writing them out)',
    );

/** SHA-256 of suite.yaml and of each SQL file it runs, by its name in the suite's folder. */
function suiteHash(text, files, dir) {
  const hash = createHash('sha256').update(text);
  for (const {file} of [...files].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    hash.update(`\0${path.relative(dir, file)}\0`).update(readFileSync(file));
  }
  return hash.digest('hex');
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
