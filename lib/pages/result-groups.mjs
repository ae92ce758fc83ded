// The comparison groups of a run as every page of results shows them: per group (one scenario, workload and
// client count) each target's medians with their spread, each compared with the first (lib/stats decides), the
// A/A control against its twin, one statement of the findings, the charts, the instructions counted for it
// and the commands that ran it. A page names its groups (`names`) and adds what is only its own.
import {formatFigure} from '../numbers/format.mjs';
import {byTargetOrder, comparableBuilds, targetById} from '../model/targets.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {groupFigures, versusBaseline} from '../numbers/repeat-stats.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {marginOf} from '../model/measures.mjs';
import {controlOf, groupRows} from './control-figures.mjs';
import {groupCharts, PERCENTILES} from './versions-charts.mjs';
import {instructionGroup} from './instruction-figures.mjs';
import {verdictParts} from './verdict-parts.mjs';
import {ANSWER_TIME_PART} from '../i18n/message-keys.mjs';
import {readerCommand} from './reader-command.mjs';
import {listOf} from '../i18n/list.mjs';
import {groupAnchor, groupKey} from '../model/keys.mjs';
import {groupActivity} from './server-activity.mjs';
import {untimed} from '../model/measures.mjs';
import {uncheckedFigures, uncheckedOfRun} from '../results/rederive.mjs';
import {DRIFT_SHOWN, DRIFT_WINDOW_S, samplerHeldSnapshot, throughputDrift} from '../results/throughput-drift.mjs';

export const TABLE = ['count', 'tps', 'min', 'max', 'p95', 'p99'];

/**
 * Every comparison group of a run, in its suite's order (scenario, workload, clients) when the suite is known,
 * else in the order the run met them.
 * @param {object} result  a valid result
 * @param {{locale: string, t: Function, name: Function, names: Function, page: string, suite?: object,
 *   instructions?: object, instructionName?: Function, profiles?: Map, figures?: string[], charts?: boolean,
 *   anchor?: Function}} options  name: a target's name; names(group): {scenario, workload} as the page writes
 *   them, and `title`; page: the prefix of chart ids; figures: each row's (TABLE); charts: false for a page that
 *   draws none per group; anchor(group): its id on the page, instead of groupAnchor
 */
export function resultGroups(result, options) {
  const {cells} = result;
  const {suite = null, locale, figures = TABLE, charts = true} = options;
  const all = [...groupFigures(cells, [...figures, ...(charts ? PERCENTILES : [])], locale).values()].sort(
    byTargetOrder(result),
  );
  // Each group by its first cell: in the suite's order when it is known, else as the run met them. A workload and
  // scenario the instructions run counted and the timed run did not measure is a group of its own.
  const rank = (list, id) => list.findIndex((x) => x.id === id);
  const timedFirsts = [...new Map(cells.map((c) => [groupKey(c), c])).values()];
  const timedPairs = new Set(timedFirsts.map((c) => `${c.scenario}\n${c.workload}`));
  const countedOnly = (options.instructions?.cells ?? []).filter(
    (c) => !timedPairs.has(`${c.scenario}\n${c.workload}`),
  );
  const firsts = [...timedFirsts, ...new Map(countedOnly.map((c) => [groupKey(c), c])).values()];
  if (suite) {
    firsts.sort(
      (a, b) =>
        rank(suite.scenarios, a.scenario) - rank(suite.scenarios, b.scenario) ||
        rank(suite.workloads, a.workload) - rank(suite.workloads, b.workload) ||
        a.parameters.clients - b.parameters.clients,
    );
  }
  // A scenario's client counts: a group's anchor names its clients only where there are several.
  const counts = (scenario, workload) =>
    new Set(firsts.filter((c) => c.scenario === scenario && c.workload === workload).map((c) => c.parameters.clients))
      .size;
  const context = {
    ...options,
    figures,
    charts,
    result,
    all,
    controls: controlsOf(result),
    margin: marginOf(result),
    unchecked: uncheckedOfRun(result),
  };
  const anchor = options.anchor ?? ((first) => groupAnchor(first, counts(first.scenario, first.workload)));
  return firsts.map((first) => resultGroup(first, anchor(first), context));
}

/** One comparison group: its targets' figures against the first, its control, statement, charts and commands. */
function resultGroup(first, id, context) {
  const {result, all, controls, margin, locale, t, name, names: namesOf, page, instructions, profiles} = context;
  const {scenario, workload} = first;
  const key = groupKey(first);
  const inGroup = all.filter((g) => groupKey(g) === key);
  const {rows, unpaired} = groupRows(inGroup, controls);
  const groupCells = result.cells.filter((c) => groupKey(c) === key);
  // A server built otherwise than the first, and not of its version, is shown without a comparison; so is an A/A
  // control whose twin did not run the group (control-figures.mjs).
  const comparable = (r) => !unpaired.has(r.target) && comparableBuilds(result, r.target, rows[0].target);
  const versus = timedVersus(rows, {locale, margin, comparable});
  const p = first.parameters;
  const {title, ...names} = namesOf(first);
  const findings = rows.slice(1).flatMap((r, i) =>
    versus[i + 1]
      ? [
          {
            name: name(r.target),
            base: name(rows[0].target),
            target: r.target,
            baseTarget: rows[0].target,
            ...versus[i + 1],
          },
        ]
      : [],
  );
  const shown = context.figures.filter((f) => rows.some((r) => r.figures[f]));
  return {
    id,
    key,
    scenario,
    workload,
    clients: p.clients,
    title,
    names,
    parameters: {
      scale: p.scale === null ? null : formatFigure(p.scale, 'integer', locale),
      clients: formatFigure(p.clients, 'integer', locale),
      threads: formatFigure(p.threads, 'integer', locale),
      durationS: p.durationS === null ? null : formatFigure(p.durationS, 'integer', locale),
      repeats: rows.length === 0 ? null : formatFigure(rows[0].repeats, 'integer', locale),
      builtin: p.builtin,
    },
    rows: rows.map((r, i) => ({
      target: r.target,
      name: name(r.target),
      version: targetById(result, r.target).serverVersion,
      // A figure no server of the group has is no column; one some lack is an empty cell (null) of its column.
      figures: Object.fromEntries(shown.map((f) => [f, r.figures[f] ?? null])),
      comparison: versus[i],
      ...(unpaired.has(r.target) ? {unpairedControl: true} : i > 0 && !comparable(r) && {otherBuild: true}),
    })),
    // Every target against the first in one statement (the table gives each); one for them all when the
    // runs are too few for any test.
    ...findingsOf(findings, locale),
    statement: statementOf(findings, {t, locale, margin}),
    control: rows.length === 0 ? null : controlOf(inGroup, controls, {name, locale, margin, t}),
    commands: commandsOf(rows.length === 0 ? instructions : result, first),
    untimed: untimedRuns(groupCells, locale),
    unchecked: uncheckedOf(groupCells, shown, locale, context.unchecked),
    drift: driftOf(result, groupCells, locale),
    activity: groupActivity(result, groupCells, {name, locale, t, unchecked: context.unchecked}),
    charts:
      context.charts && rows.length > 0
        ? groupCharts({result, locale, t, id, page, words: context.words, title, rows, groupCells, name})
        : [],
    instructions: instructionGroup(instructions, {
      scenario,
      workload,
      id: `${page}-${id}`,
      title,
      locale,
      t,
      name: context.instructionName ?? name,
      profiles: profiles ?? new Map(),
      timedClients: p.clients,
    }),
  };
}

/**
 * How the group's throughput moved through its runs, where it moved more than DRIFT_SHOWN either way, and
 * whether the run's wait sampler held a snapshot through them (a cause the page names); else null.
 */
function driftOf(result, cells, locale) {
  const drift = throughputDrift(cells);
  if (!drift || Math.abs(drift.ratio - 1) <= DRIFT_SHOWN) return null;
  return {
    way: drift.ratio < 1 ? 'fell' : 'rose',
    share: formatFigure(drift.ratio, 'share', locale),
    runs: formatFigure(drift.runs, 'integer', locale),
    seconds: formatFigure(DRIFT_WINDOW_S, 'integer', locale),
    sampler: samplerHeldSnapshot(result),
  };
}

// The figures read from a run's transaction log (cell-figures.mjs).
const LOG_FIGURES = new Set(['min', 'p50', 'p90', 'p95', 'p99', 'max']);

/**
 * What of the group's figures the table shows could not be checked (uncheckedRuns), each or null; null too where
 * the page says it of the whole run (`run`: uncheckedOfRun), once.
 */
const uncheckedOf = (cells, shown, locale, run) => ({
  throughput: run.throughput ? null : uncheckedRuns(cells, 'throughput', locale),
  latencies: run.latencies || !shown.some((f) => LOG_FIGURES.has(f)) ? null : uncheckedRuns(cells, 'latencies', locale),
});

/**
 * How many of a group's ok runs (those whose latencies the table shows, for `latencies`) kept not what their
 * `figure` is checked against (lib/results/rederive.mjs, uncheckedFigures), of how many; or null.
 */
function uncheckedRuns(cells, figure, locale) {
  const shown = cells.filter((c) => c.status === 'ok' && (figure !== 'latencies' || (c.log?.latencyUs && !untimed(c))));
  const count = shown.filter((c) => uncheckedFigures(c)[figure]).length;
  if (count === 0) return null;
  return {
    all: count === shown.length,
    count: formatFigure(count, 'integer', locale),
    total: formatFigure(shown.length, 'integer', locale),
  };
}

/** How many of a group's logged runs pgbench did not time throughout (cell-figures.mjs), of how many; or null. */
function untimedRuns(cells, locale) {
  const logged = cells.filter((c) => c.status === 'ok' && c.log?.latencyUs);
  const count = logged.filter(untimed).length;
  if (count === 0) return null;
  return {
    count,
    all: count === logged.length,
    runs: formatFigure(count, 'integer', locale),
    total: formatFigure(logged.length, 'integer', locale),
  };
}

/**
 * Each row against the first (null for one of another build and version); none for a group the timed run did not
 * measure (its instructions stand alone).
 */
const timedVersus = (rows, {locale, margin, comparable}) =>
  rows.length === 0
    ? []
    : [
        null,
        ...versusBaseline(
          rows[0].figures.tps,
          rows.slice(1).map((r) => (comparable(r) ? r.figures.tps : null)),
          {locale, margin},
        ),
      ];

/** The timed findings of a group in one statement: how many targets per verdict, and what a 5% change would take. */
function statementOf(findings, {t, locale, margin}) {
  if (findings.length === 0 || findings.every((f) => f.low === null)) return null;
  const parts = verdictParts(findings, ANSWER_TIME_PART, {
    t,
    locale,
    margin: unsignedPercent(margin, locale),
    detectable: (f) => f.detectable,
  });
  const list = listOf(parts, locale, {clauses: true});
  const sentences = [t('versions.statement.time', {base: findings[0].base, runs: findings[0].runs, parts: list})];
  const rounds = findings.filter((f) => f.verdict === 'inconclusive' && f.rounds !== null);
  if (rounds.length > 0) {
    const counts = rounds.map((f) => f.rounds).sort((a, b) => a - b);
    const [low, high] = [counts[0], counts.at(-1)].map((n) => formatFigure(n, 'integer', locale));
    sentences.push(
      low === high
        ? t('versions.statement.roundsOne', {wanted: rounds[0].wantedText, rounds: low})
        : t('versions.statement.rounds', {wanted: rounds[0].wantedText, low, high}),
    );
  }
  return sentences;
}

/** The findings of a group, and `undecidable` when no comparison could have been decided. */
function findingsOf(findings, locale) {
  if (findings.length === 0 || findings.some((f) => f.low !== null)) return {findings, undecidable: null};
  const names = listOf(
    findings.map((f) => f.name),
    locale,
  );
  return {findings, undecidable: {name: names, base: findings[0].base, runs: findings[0].runs}};
}

/** The commands that made a group's figures: the data load, the workload's setup SQL and the first measured run. */
export function commandsOf(result, first) {
  const cell = result.cells.find((c) => groupKey(c) === groupKey(first)) ?? first;
  const preparation = (kind, match) =>
    readerCommand(
      (result.preparations ?? []).find((p) => p.kind === kind && p.target === cell.target && match(p))?.command ?? null,
    );
  return {
    target: cell.target,
    init: preparation('init', (p) => p.scale === cell.parameters.scale),
    setup: preparation('setup', (p) => p.workload === cell.workload),
    run: readerCommand(cell.command),
  };
}
