// Every comparison of a run, decided once: the one place that asks lib/stats for a verdict. Within a run, each
// target against the baseline target in every comparison group (same scenario, workload and client count) and
// every compared figure of the run's measure, Holm-corrected across the group's candidates; each A/A control
// against its twin, on its own (it is not a candidate: it shows the noise floor). Across two runs, the same cells
// of the older against the newer. `bench compare`, History, Methodology and every page read these records; none
// decides again. One sample is one ok cell's figure.
import {compareToBaseline} from '../stats/compare.mjs';
import {mannWhitney} from '../stats/rank-sum.mjs';
import {groupKey} from './keys.mjs';
import {
  comparedFigures,
  countingOf,
  FIGURES,
  figureMargin,
  MEASURES,
  marginOf,
  measureOf,
  roundTwin,
  untimed,
} from './measures.mjs';
import {notComparable, summarizeRepeats} from './summarize-repeats.mjs';
import {MIN_ROUND_PAIRS, roundsApart} from './round-pairs.mjs';
import {byTargetOrder, comparableBuilds, optimizationOf, targetById, targetOrder} from './targets.mjs';

/** A/A controls of a result: control target → the target it repeats. */
export const controlsOf = (result) =>
  new Map(result.environment.targets.filter((t) => t.controlOf).map((t) => [t.id, t.controlOf]));

/** Comparison groups of a result, in cell order: {key, scenario, workload, clients, byTarget: Map(target → cells)}. */
export function comparisonGroups(result) {
  const groups = new Map();
  for (const cell of result.cells) {
    const key = groupKey(cell);
    if (!groups.has(key)) {
      const {scenario, workload} = cell;
      groups.set(key, {key, scenario, workload, clients: cell.parameters.clients, byTarget: new Map()});
    }
    const {byTarget} = groups.get(key);
    if (!byTarget.has(cell.target)) byTarget.set(cell.target, []);
    byTarget.get(cell.target).push(cell);
  }
  return [...groups.values()];
}

const UNTIMED = 'its runs had pgbench -r, which times some transactions with a stale clock: no latencies';

/**
 * One figure's values of a target's cells of a group, or why they cannot be compared (notComparable, the rule
 * every page follows too): {values, keys} or {why}. A latency that no cell has (no per-transaction log) is not
 * measured, and not a reason worth telling: {why: null}; one whose logs pgbench did not time throughout is.
 */
function samples(cells, figure, byRound) {
  if (cells.length === 0) return {why: 'it did not run this group'};
  const {read, twin} = FIGURES[figure];
  const [summary] = summarizeRepeats(cells, read, twin === roundTwin && !byRound ? undefined : twin);
  const why = notComparable(summary, figure);
  if (!why) return {values: summary.values, keys: summary.keys};
  if (summary.okCells === 0) return {why, failed: true};
  if (summary.ok === 0 && FIGURES[figure].kind === 'ms' && cells.some((c) => c.log && untimed(c))) {
    return {why: UNTIMED};
  }
  const headline = cells.some((c) => c.instructions) ? 'instructions' : 'tps';
  return {why: summary.ok === 0 && figure !== headline ? null : why};
}

/**
 * One comparison, in fractions (change, low, high, p, pAdjusted, level, verdict, n; lib/stats/compare.mjs) with
 * what was compared: the group, the figure (`metric`), each side's target, runs and median. `corrected`: Holm's
 * correction counted several candidates. Percentages are written only by `bench compare --json`.
 */
function entry(group, figure, baseline, candidate, decided, c, {control, margin}) {
  const {scenario, workload, clients} = group;
  return {
    scenario,
    workload,
    clients,
    metric: figure,
    margin,
    baseline: {target: baseline.target, n: baseline.values.length, median: decided.baseline.median.median},
    candidate: {target: candidate.target, n: candidate.values.length, median: c.median.median},
    change: c.change,
    low: c.low,
    high: c.high,
    p: c.p,
    pAdjusted: c.pAdjusted,
    level: c.level,
    verdict: c.verdict,
    n: c.pairs ?? Math.min(baseline.values.length, candidate.values.length),
    corrected: decided.corrected,
    ...(c.paired && {paired: true}),
    ...(control && {control: true}),
  };
}

/** Decides the candidates of one group and figure against one baseline, Holm-corrected. */
function decide(group, figure, baseline, candidates, {margin, measure}, control = false) {
  if (candidates.length === 0) return [];
  // Rounds pair only by MIN_ROUND_PAIRS or more (roundsApart).
  const minPairs = FIGURES[figure].twin === roundTwin ? MIN_ROUND_PAIRS : undefined;
  const keys = {baseline: baseline.keys, candidates: candidates.map((c) => c.keys), minPairs};
  const {better} = FIGURES[figure];
  const options = {margin, better, minMargin: MEASURES[measure].minMargin, keys};
  const decided = compareToBaseline(
    baseline.values,
    candidates.map((c) => c.values),
    options,
  );
  return candidates.map((c, i) =>
    entry(group, figure, baseline, c, decided, decided.comparisons[i], {control, margin}),
  );
}

/**
 * Records why a target of a group is not compared (when there is a reason worth telling); `failed`: the
 * candidate's own cells all failed, which a gate must count as a regression, not as nothing to say.
 */
function skip(skipped, group, target, metric, why, failed = false) {
  if (!why) return;
  const {scenario, workload, clients} = group;
  skipped.push({scenario, workload, clients, target, metric, why, ...(failed && {failed})});
}

const decidedRuns = new WeakMap();
/** What `make()` gives for a run's cells and a key, made once: every page, in every locale, asks again. */
function once(cells, key, make) {
  if (!decidedRuns.has(cells)) decidedRuns.set(cells, new Map());
  const known = decidedRuns.get(cells);
  if (!known.has(key)) known.set(key, make());
  return known.get(key);
}

/**
 * Every comparison of one run against `baseline` (default: the oldest version that is not an A/A control): a
 * list in group order, each group's candidates then its controls, `skipped` (what was not compared, and why), and
 * `of(groupKey, target, figure)`, one comparison or undefined. A server built otherwise than the baseline, and not
 * of its version, is not compared with it: the difference would be the compiler's as much as the version's.
 * Decided once per run, baseline and margin.
 */
export function compareRun(result, {baseline, margin} = {}) {
  const controls = controlsOf(result);
  const targets = targetOrder(result).filter((t) => !controls.has(t));
  const base = baseline ?? targets[0];
  if (!targets.includes(base)) {
    throw new Error(`${result.run.id} has no target "${base}": use --baseline with one of ${targets.join(', ')}.`);
  }
  const m = marginOf(result, margin);
  return once(result.cells, `${base}\n${m}`, () => decideRun(result, {base, margin: m, targets, controls}));
}

/** Why a figure is not decided: its suite fixed no margin for it. */
const NO_MARGIN = 'no margin was fixed for this figure before the run (instructions.margins of the suite)';

function decideRun(result, {base, margin, targets, controls}) {
  const measure = measureOf(result);
  const list = [];
  const skipped = [];
  const undecided = new Set();
  const other = (t) => !comparableBuilds(result, t, base);
  for (const group of comparisonGroups(result)) {
    const byRound = roundsApart(group);
    for (const figure of comparedFigures(measure)) {
      const options = {margin: figureMargin(result, figure, margin), measure};
      const of = (target) => ({target, ...samples(group.byTarget.get(target) ?? [], figure, byRound)});
      if (options.margin === undefined) {
        // Counted, yet with no margin fixed for it: said once for the run (runs made before it say nothing).
        if ([...group.byTarget.keys()].some((t) => of(t).values)) undecided.add(figure);
        continue;
      }
      const b = of(base);
      const ran = targets.filter((t) => t !== base && group.byTarget.has(t));
      for (const t of ran.filter(other)) skip(skipped, group, t, figure, builtOtherwise(result, t, base));
      const others = ran.filter((t) => !other(t)).map(of);
      if (!group.byTarget.has(base)) {
        for (const c of others) skip(skipped, group, c.target, figure, `the baseline ${base} did not run this group`);
      } else if (!b.values) {
        for (const c of others) skip(skipped, group, c.target, figure, b.why && `the baseline ${base}: ${b.why}`);
      } else {
        for (const c of others.filter((c) => !c.values)) skip(skipped, group, c.target, figure, c.why, c.failed);
        list.push(
          ...decide(
            group,
            figure,
            b,
            others.filter((c) => c.values),
            options,
          ),
        );
      }
      for (const [control, twin] of controls) {
        if (!group.byTarget.has(control)) continue;
        const [c, t] = [of(control), of(twin)];
        if (c.values && t.values) list.push(...decide(group, figure, t, [c], options, true));
        else if (!group.byTarget.has(twin)) {
          // A control is read against its twin only: without the twin's runs (--only target=<control>) it says
          // nothing of the noise, and is not compared with another server either.
          const why = `its twin ${twin} did not run this group: an A/A control has no other base`;
          skip(skipped, group, control, figure, why);
        } else skip(skipped, group, control, figure, c.why ?? (t.why && `its twin ${twin}: ${t.why}`));
      }
    }
  }
  const index = new Map(list.map((e) => [`${groupKey(e)}\n${e.candidate.target}\n${e.metric}`, e]));
  return {
    baseline: base,
    margin,
    list,
    skipped,
    // Figures counted but not decided: their suite fixed no margin for them (NO_MARGIN).
    undecided: [...undecided].map((figure) => ({figure, why: NO_MARGIN})),
    of: (key, target, figure) => index.get(`${key}\n${target}\n${figure}`),
  };
}

const builtOtherwise = (result, target, base) =>
  `built otherwise than the baseline ${base} (${optimizationOf(targetById(result, target))} against ` +
  `${optimizationOf(targetById(result, base))}) and not of its version: the difference would be the compiler's`;

/**
 * The same cells of two runs, `older` the baseline and `newer` the candidate, each a comparison of its own: a list
 * (target names `<target>@<run id>`), `skipped`, and `of(groupKey, target, figure)`. Runs of two measures, or
 * counted two ways, have nothing to compare. Decided once per pair of runs and margin.
 */
export function compareRuns(older, newer, {margin} = {}) {
  if (measureOf(older) !== measureOf(newer)) {
    throw new Error(
      `${older.run.id} measured ${measureOf(older)}, ${newer.run.id} ${measureOf(newer)}: compare runs of one measure.`,
    );
  }
  if (countingOf(older) !== countingOf(newer)) {
    throw new Error(
      `${older.run.id} counted instructions as ${countingOf(older)}, ${newer.run.id} as ${countingOf(newer)}: ` +
        'counts made two ways differ by the method, not the servers; compare runs counted the same way.',
    );
  }
  const m = marginOf(newer, margin);
  const pairs = once(older.cells, 'against', () => new WeakMap());
  if (!pairs.has(newer.cells)) pairs.set(newer.cells, new Map());
  const known = pairs.get(newer.cells);
  if (!known.has(m)) known.set(m, decideRuns(older, newer, m));
  return known.get(m);
}

function decideRuns(older, newer, margin) {
  const measure = measureOf(newer);
  const figures = comparedFigures(measure);
  const [first] = figures;
  const list = [];
  const skipped = [];
  const oldGroups = comparisonGroups(older);
  const newGroups = new Map(comparisonGroups(newer).map((g) => [g.key, g]));
  const order = byTargetOrder(older);
  for (const group of oldGroups) {
    const other = newGroups.get(group.key);
    // Oldest version first, as every page lists them (the cells' order is the runner's).
    for (const [target, cells] of [...group.byTarget].sort(([a], [b]) => order(a, b))) {
      if (!other) skip(skipped, group, target, first, `only ${older.run.id} has this group`);
      else if (!other.byTarget.has(target))
        skip(skipped, group, target, first, `only ${older.run.id} ran ${target} here`);
      if (!other?.byTarget.has(target)) continue;
      for (const figure of figures) {
        const options = {margin: figureMargin(newer, figure, margin), measure};
        if (options.margin === undefined) continue;
        const b = {target: `${target}@${older.run.id}`, ...samples(cells, figure)};
        const c = {target: `${target}@${newer.run.id}`, ...samples(other.byTarget.get(target), figure)};
        if (b.values && c.values) list.push(...decide(group, figure, b, [c], options));
        else if (b.why) skip(skipped, group, target, figure, `${older.run.id}: ${b.why}`);
        else skip(skipped, group, target, figure, c.why && `${newer.run.id}: ${c.why}`, c.failed);
      }
    }
    for (const target of other?.byTarget.keys() ?? []) {
      if (!group.byTarget.has(target)) skip(skipped, group, target, first, `only ${newer.run.id} ran ${target} here`);
    }
  }
  const oldKeys = new Set(oldGroups.map((g) => g.key));
  for (const [key, group] of newGroups) {
    if (oldKeys.has(key)) continue;
    for (const target of group.byTarget.keys())
      skip(skipped, group, target, first, `only ${newer.run.id} has this group`);
  }
  const index = new Map(list.map((e) => [`${groupKey(e)}\n${e.candidate.target.split('@')[0]}\n${e.metric}`, e]));
  return {margin, list, skipped, of: (key, target, figure) => index.get(`${key}\n${target}\n${figure}`)};
}

/**
 * The exact rank-sum p of every two samples of a set, for a page whose reader sorts and picks its rows (the
 * services page, which says where two rows' runs stand without a margin): decided here, at build time, and
 * looked up as the reader chooses. `sets`: {[set]: Map(id → values)}; keyed `set\nid\nid` (ids in order); a
 * sample of fewer than two values has none.
 */
export function pairwiseP(sets) {
  const out = {};
  for (const [set, samples] of Object.entries(sets)) {
    const ids = [...samples.keys()].filter((id) => samples.get(id).length >= 2).sort();
    ids.forEach((a, i) => {
      for (const b of ids.slice(i + 1)) out[`${set}\n${a}\n${b}`] = mannWhitney(samples.get(a), samples.get(b)).p;
    });
  }
  return out;
}
