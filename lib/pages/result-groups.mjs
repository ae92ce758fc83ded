// The comparison groups of a run as every page of results shows them: per group (one scenario, workload and client
// count) a table of each server's medians with their spread and its comparison with the run's baseline (decided
// once: lib/model/comparisons.mjs), the A/A control against its twin, one statement of the findings, the charts,
// what the server did, the instructions counted for it, the published study's figures beside ours, the plans,
// and the commands that ran it; every sentence written here, in the page's language.
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {groupFigures} from '../numbers/repeat-stats.mjs';
import {compareRun, controlsOf} from '../model/comparisons.mjs';
import {MIN_ROUND_PAIRS} from '../model/round-pairs.mjs';
import {groupAnchor, groupKey} from '../model/keys.mjs';
import {FIGURES, MEASURES, marginOf, untimed} from '../model/measures.mjs';
import {byTargetOrder} from '../model/targets.mjs';
import {uncheckedFigures, uncheckedOfRun} from '../results/rederive.mjs';
import {
  DRIFT_SHOWN,
  DRIFT_WINDOW_S,
  STEADY_WITHIN,
  samplerHeldSnapshot,
  throughputDrift,
} from '../results/throughput-drift.mjs';
import {groupCharts, PERCENTILES} from './group-charts.mjs';
import {instructionGroup} from './instruction-figures.mjs';
import {readerCommand} from './reader-command.mjs';
import {groupActivity} from './server-activity.mjs';
import {groupStatement} from './verdict-parts.mjs';
import {sentences} from './verdict-words.mjs';
import {groupParts, tableOf, versusOf} from './figure-table.mjs';

/** The words of a page's groups: its servers are versions, or any servers. */
export const GROUP_WORDS = {
  versions: {
    firstColumn: 'common.table.version',
    versusNote: 'common.table.versusNote',
    // The change taken round by round (round-pairs.mjs, roundsApart), for every server or for some.
    versusNoteRounds: 'common.table.versusNoteRounds',
    versusNoteMixed: 'common.table.versusNoteMixed',
    versusNoteNoInterval: 'common.table.versusNoteNoInterval',
    parameters: 'versions.parameters',
  },
  servers: {
    firstColumn: 'common.server',
    versusNote: 'suite.versusNote',
    versusNoteRounds: 'suite.versusNoteRounds',
    versusNoteMixed: 'suite.versusNoteMixed',
    versusNoteNoInterval: 'suite.versusNoteNoInterval',
    parameters: 'suite.parameters',
  },
};

/**
 * Every comparison group of a run, in its suite's order (scenario, workload, clients) when the suite is known, else
 * in the order the run met them; a group the instructions run counted and the timed run did not measure, too.
 * @param {object} result  a valid result
 * @param {{locale: string, t: Function, name: Function, names: Function, page: string, suite?: object,
 *   instructions?: object, profiles?: Map, words: 'versions'|'servers', as?: string, charts?: boolean,
 *   anchor?: Function, slots?: Function}} options  names(first): {scenario, workload, title}; page: the prefix of
 *   chart ids; as: 'ratio' where changes show as times; slots(group, findings): what the page adds to a group
 */
export function resultGroups(result, options) {
  const {cells} = result;
  const {suite = null, locale, charts = true} = options;
  const timedFirsts = [...new Map(cells.map((c) => [groupKey(c), c])).values()];
  const timedPairs = new Set(timedFirsts.map((c) => `${c.scenario}\n${c.workload}`));
  const countedOnly = (options.instructions?.cells ?? []).filter(
    (c) => !timedPairs.has(`${c.scenario}\n${c.workload}`),
  );
  const firsts = [...timedFirsts, ...new Map(countedOnly.map((c) => [groupKey(c), c])).values()];
  const rank = (list, id) => list.findIndex((x) => x.id === id);
  if (suite) {
    firsts.sort(
      (a, b) =>
        rank(suite.scenarios, a.scenario) - rank(suite.scenarios, b.scenario) ||
        rank(suite.workloads, a.workload) - rank(suite.workloads, b.workload) ||
        a.parameters.clients - b.parameters.clients,
    );
  }
  // Exact latencies come from per-transaction logs (scenario log: true); without them, pgbench's mean.
  const figures = cells.some((c) => c.log) ? MEASURES.time.table : MEASURES.time.tableWithoutLog;
  const context = {
    ...options,
    result,
    charts,
    figures: options.figures ?? figures,
    all: [...groupFigures(cells, [...figures, ...(charts ? PERCENTILES : [])], locale).values()].sort(
      byTargetOrder(result),
    ),
    decisions: compareRun(result),
    controls: controlsOf(result),
    margin: marginOf(result),
    unchecked: uncheckedOfRun(result),
  };
  // A scenario's client counts: a group's anchor names its clients only where there are several.
  const counts = (f) =>
    new Set(
      firsts.filter((c) => c.scenario === f.scenario && c.workload === f.workload).map((c) => c.parameters.clients),
    ).size;
  const anchor = options.anchor ?? ((first) => groupAnchor(first, counts(first)));
  return firsts.map((first) => resultGroup(first, anchor(first), context));
}

/** One comparison group: its table against the baseline, its control, statement, charts, slots and commands. */
function resultGroup(first, id, context) {
  const {result, locale, t, name, page, instructions} = context;
  const key = groupKey(first);
  const groupCells = result.cells.filter((c) => groupKey(c) === key);
  const inGroup = context.all.filter((g) => groupKey(g) === key);
  const {rows, findings, control} = groupParts(inGroup, {...context, key, figure: 'tps'});
  const {title, ...names} = context.names(first);
  const counted = instructionGroup(instructions, {
    ...context,
    scenario: first.scenario,
    workload: first.workload,
    id,
    title,
    timedClients: rows.length > 0 ? first.parameters.clients : null,
  });
  const group = {
    id,
    key,
    keys: {time: rows.length > 0 ? key : null, instructions: counted?.key ?? null},
    scenario: first.scenario,
    workload: first.workload,
    title,
    names,
    parameters: rows.length > 0 ? parametersText(first, rows, context) : null,
    timedMissing: rows.length === 0 ? t('common.timedMissing') : null,
    statement: groupStatement(findings, {t, locale, margin: context.margin, measure: 'time', as: context.as}),
    control,
    drift: driftOf(result, groupCells, context),
    table: rows.length > 0 ? figureTable(rows, findings, {...context, groupCells}) : null,
    activity: groupActivity(result, groupCells, {name, locale, t, unchecked: context.unchecked}),
    charts:
      context.charts && rows.length > 0
        ? groupCharts({result, locale, t, id, page, words: context.words, title, rows, groupCells, name})
        : [],
    instructions: counted,
    commands: commandsText(t, commandsOf(rows.length === 0 ? instructions : result, first)),
  };
  return {...group, ...context.slots?.(group, findings)};
}

/** The table of a group: each server's figures, and its change against the baseline (or why it has none). */
function figureTable(rows, findings, context) {
  const {t, result, decisions, controls, name, words, as, figures, groupCells} = context;
  const shown = figures.filter((f) => rows.some((r) => r.figures[f]));
  return tableOf(rows, {
    t,
    result,
    name,
    figures: shown,
    versus: versusOf({t, result, base: decisions.baseline, controls, findings, as}),
    firstColumn: GROUP_WORDS[words].firstColumn,
    base: name(decisions.baseline),
    caption: captionOf(groupCells, shown, rows, {...context, pairing: pairingOf(findings)}),
  });
}

/** The run's parameters for the group, in a sentence: workload, scale, clients, threads, duration, repeats. */
function parametersText(first, rows, {t, locale, words}) {
  const p = first.parameters;
  const n = (v) => (v === null || v === undefined ? null : formatFigure(v, 'integer', locale));
  const values = {
    builtin: p.builtin,
    scale: n(p.scale),
    clients: n(p.clients),
    threads: n(p.threads),
    duration: n(p.durationS) ?? '—',
    repeats: n(rows[0].repeats),
  };
  if (words === 'versions' && p.builtin) return t('versions.parameters', values);
  return t(p.scale === null ? 'suite.parameters' : 'suite.parametersScale', values);
}

/**
 * How the group's throughput moved through its runs: where it moved more than DRIFT_SHOWN either way, said with
 * whether the run's wait sampler held a snapshot through them (a cause the page names); else that it held, with
 * the spread of its runs, how many were steady, and as many of its A/A pair's runs (one version twice: the count
 * this machine's noise alone gives). Null where no run was long enough to tell.
 */
function driftOf(result, cells, {t, locale, controls}) {
  const drift = throughputDrift(cells);
  if (!drift) return null;
  const share = (v) => formatFigure(v, 'share', locale);
  const n = (v) => formatFigure(v, 'integer', locale);
  const values = {share: share(drift.ratio), runs: n(drift.runs), seconds: n(DRIFT_WINDOW_S)};
  if (Math.abs(drift.ratio - 1) <= DRIFT_SHOWN) {
    // The controls that ran in this group, and their twins.
    const ran = new Set(cells.map((c) => c.target));
    const pair = new Set([...controls].filter(([control]) => ran.has(control)).flat());
    const control = throughputDrift(cells.filter((c) => pair.has(c.target)));
    const within = unsignedPercent(STEADY_WITHIN, locale);
    const held = {...values, low: share(drift.low), high: share(drift.high), steady: n(drift.steady)};
    const said = [
      t('common.drift.held', {...held, shown: unsignedPercent(DRIFT_SHOWN, locale), within}),
      control && t('common.drift.heldControl', {steady: n(control.steady), runs: n(control.runs), within}),
    ];
    return {way: 'held', text: sentences(said, locale)};
  }
  const way = drift.ratio < 1 ? 'fell' : 'rose';
  const said = [
    t(way === 'fell' ? 'common.drift.fell' : 'common.drift.rose', values),
    samplerHeldSnapshot(result) && t('common.drift.sampler'),
  ];
  return {way, text: sentences(said, locale)};
}

// The figures read from a run's transaction log.
const fromLog = (f) => FIGURES[f].source === 'log';

/**
 * The table's note: what a figure is and how the change is made, why it has no latencies where pgbench did not
 * time every transaction of a run, and what of a part of the run the build could not check (where the page does
 * not say it of the whole run, once: uncheckedOfRun).
 */
function captionOf(cells, shown, rows, {t, locale, words, as, unchecked, pairing}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const runs = (list, of) => {
    const count = list.filter(of).length;
    return count === 0 ? null : {all: count === list.length, count: n(count), runs: n(count), total: n(list.length)};
  };
  const ok = cells.filter((c) => c.status === 'ok');
  const logged = ok.filter((c) => c.log?.latencyUs);
  const untimedRuns = runs(logged, untimed);
  const timedLogs = logged.filter((c) => !untimed(c));
  const throughput = unchecked.throughput ? null : runs(ok, (c) => uncheckedFigures(c).throughput);
  const latencies =
    unchecked.latencies || !shown.some(fromLog) ? null : runs(timedLogs, (c) => uncheckedFigures(c).latencies);
  return sentences(
    [
      t('common.table.note', {repeats: n(rows[0].repeats)}),
      as !== 'ratio' &&
        t(GROUP_WORDS[words][NOTE_OF[pairing]], {
          rounds: formatFigure(MIN_ROUND_PAIRS, 'integer', locale),
        }),
      untimedRuns && t(untimedRuns.all ? 'common.table.untimedAll' : 'common.table.untimed', untimedRuns),
      throughput &&
        t(throughput.all ? 'common.table.uncheckedThroughputAll' : 'common.table.uncheckedThroughput', throughput),
      latencies && t(latencies.all ? 'common.table.uncheckedAll' : 'common.table.unchecked', latencies),
    ],
    locale,
  );
}

// The caption's note on how the change was taken, by pairingOf.
const NOTE_OF = {
  all: 'versusNoteRounds',
  some: 'versusNoteMixed',
  none: 'versusNote',
  noInterval: 'versusNoteNoInterval',
};

/**
 * Whether a group's comparisons were taken round by round: 'all', 'some' or 'none' of them; 'noInterval' where none
 * has an interval (too few runs), so that the caption does not promise one.
 */
function pairingOf(findings) {
  const compared = findings.filter((f) => f.worded);
  const paired = compared.filter((f) => f.worded.paired).length;
  if (compared.length > 0 && compared.every((f) => f.worded.low === null)) return 'noInterval';
  return paired === 0 ? 'none' : paired === compared.length ? 'all' : 'some';
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

/** The commands as one block: each with a comment that says what it does. */
const commandsText = (t, c) =>
  [
    c.init && `# ${t('common.commands.init')}\n${c.init}`,
    c.setup && `# ${t('suite.commands.setup')}\n${c.setup}`,
    `# ${t('common.commands.run')}\n${c.run}`,
  ]
    .filter(Boolean)
    .join('\n\n');
