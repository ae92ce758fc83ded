// Comparisons of result files, as `bench compare` prints them: within one
// run, each target against the baseline target in every comparison group
// (same scenario, workload and client count); across two runs, the same cells
// of the older run against the newer. One sample is one ok cell's figure.
// An A/A control target is compared with its twin only, on its own (it is not
// one of the candidates Holm's correction counts): it shows the noise floor.
import {countingOf, FIGURES, measureOf, untimed} from './cell-figures.mjs';
import {compareToBaseline, DEFAULT_MARGIN} from '../stats/compare.mjs';
import {groupKey} from './keys.mjs';
import {notComparable, summarizeRepeats} from './summarize-repeats.mjs';
import {byTargetOrder, targetOrder} from './targets.mjs';

/** The metrics a result's comparisons decide: those of its measure. */
const metricsOf = (result) => (measureOf(result) === 'instructions' ? ['instructions'] : ['tps', 'p95', 'p99']);

/** Comparison groups of a result, in cell order: {scenario, workload, clients, byTarget: Map(target → cells)}. */
export function comparisonGroups(result) {
  const groups = new Map();
  for (const cell of result.cells) {
    const key = groupKey(cell);
    if (!groups.has(key)) {
      groups.set(key, {
        scenario: cell.scenario,
        workload: cell.workload,
        clients: cell.parameters.clients,
        byTarget: new Map(),
      });
    }
    const {byTarget} = groups.get(key);
    if (!byTarget.has(cell.target)) byTarget.set(cell.target, []);
    byTarget.get(cell.target).push(cell);
  }
  return [...groups.values()];
}

const UNTIMED = 'its runs had pgbench -r, which times some transactions with a stale clock: no latencies';

/**
 * One metric's values of a target's cells of a group, or why they cannot be compared (notComparable, the rule
 * every page follows too): {values, keys} or {why}. A latency that no cell has (no per-transaction log) is not
 * measured, and not a reason worth telling: {why: null}; one whose logs pgbench did not time throughout is.
 */
function samples(cells, metric) {
  if (cells.length === 0) return {why: 'it did not run this group'};
  const [summary] = summarizeRepeats(cells, FIGURES[metric].pick, FIGURES[metric].twin);
  const why = notComparable(summary, metric);
  if (!why) return {values: summary.values, keys: summary.keys};
  if (summary.okCells === 0) return {why, failed: true};
  if (summary.ok === 0 && FIGURES[metric].kind === 'ms' && cells.some((c) => c.log && untimed(c))) {
    return {why: UNTIMED};
  }
  if (summary.ok === 0 && metric !== primaryOf(cells)) return {why: null};
  return {why};
}

/** The figure a cell's run decides on: instructions in an instructions run, else TPS. */
const primaryOf = (cells) => (cells.some((c) => c.instructions) ? 'instructions' : 'tps');

/**
 * Records why a target of a group is not compared (when there is a reason
 * worth telling); `failed`: the candidate's own cells all failed, which a
 * gate must count as a regression, not as nothing to say.
 */
function skip(skipped, group, target, metric, why, failed = false) {
  if (!why) return;
  const {scenario, workload, clients} = group;
  skipped.push({scenario, workload, clients, target, metric, why, ...(failed && {failed})});
}

/**
 * One comparison of a group and metric: what was compared, and the comparison
 * itself in fractions (change, low, high, p, pAdjusted, level, verdict, n;
 * lib/stats/compare.mjs). `corrected`: Holm's correction counted several
 * candidates. Percentages are written only at `bench compare --json`.
 */
function entry(group, metric, baseline, candidate, decided, c, control) {
  return {
    scenario: group.scenario,
    workload: group.workload,
    clients: group.clients,
    metric,
    baseline: {target: baseline.target, n: baseline.values.length, median: decided.baseline.median.median},
    candidate: {target: candidate.target, n: candidate.values.length, median: c.median.median},
    change: c.change,
    low: c.low,
    high: c.high,
    p: c.p,
    pAdjusted: c.pAdjusted,
    level: c.level,
    verdict: c.verdict,
    n: Math.min(baseline.values.length, candidate.values.length),
    corrected: decided.corrected,
    ...(c.paired && {paired: true}),
    ...(control && {control: true}),
  };
}

/** Decides the candidates of one group and metric against one baseline, Holm-corrected. */
function decideGroup(group, metric, baseline, candidates, margin, control = false) {
  if (candidates.length === 0) return [];
  const decided = compareToBaseline(
    baseline.values,
    candidates.map((c) => c.values),
    {
      margin,
      better: FIGURES[metric].better,
      minMargin: FIGURES[metric].minMargin,
      keys: {baseline: baseline.keys, candidates: candidates.map((c) => c.keys)},
    },
  );
  return candidates.map((candidate, i) =>
    entry(group, metric, baseline, candidate, decided, decided.comparisons[i], control),
  );
}

/** The margin a result's comparisons use: its suite's, unless one is given. */
export const marginOf = (result, margin) => margin ?? result.run.design?.margin ?? DEFAULT_MARGIN;

/** A/A controls of a result: control target → the target it repeats. */
export const controlsOf = (result) =>
  new Map(result.environment.targets.filter((t) => t.controlOf).map((t) => [t.id, t.controlOf]));

/**
 * Each target against `baseline` (default: the oldest version that is not an
 * A/A control), within one result, oldest first; each A/A control against its
 * twin, marked `control: true`.
 * @returns {object[]} comparisons
 */
export function compareWithinRun(result, {baseline, margin, metrics = metricsOf(result), skipped = []} = {}) {
  const controls = controlsOf(result);
  const targets = targetOrder(result).filter((t) => !controls.has(t));
  const base = baseline ?? targets[0];
  if (!targets.includes(base)) {
    throw new Error(`${result.run.id} has no target "${base}": use --baseline with one of ${targets.join(', ')}.`);
  }
  const m = marginOf(result, margin);
  const out = [];
  for (const group of comparisonGroups(result)) {
    for (const metric of metrics) {
      const of = (target) => ({target, ...samples(group.byTarget.get(target) ?? [], metric)});
      const b = of(base);
      const others = targets.filter((t) => t !== base && group.byTarget.has(t)).map(of);
      if (!group.byTarget.has(base)) {
        for (const c of others) skip(skipped, group, c.target, metric, `the baseline ${base} did not run this group`);
      } else if (!b.values) {
        for (const c of others) skip(skipped, group, c.target, metric, b.why && `the baseline ${base}: ${b.why}`);
      } else {
        for (const c of others.filter((c) => !c.values)) skip(skipped, group, c.target, metric, c.why, c.failed);
        out.push(
          ...decideGroup(
            group,
            metric,
            b,
            others.filter((c) => c.values),
            m,
          ),
        );
      }
      for (const [control, twin] of controls) {
        if (!group.byTarget.has(control)) continue;
        const [c, t] = [of(control), of(twin)];
        if (c.values && t.values) out.push(...decideGroup(group, metric, t, [c], m, true));
        else if (!group.byTarget.has(twin)) {
          // A control is read against its twin only: without the twin's runs (--only target=<control>) it says
          // nothing of the noise, and is not compared with another server either.
          skip(
            skipped,
            group,
            control,
            metric,
            `its twin ${twin} did not run this group: an A/A control has no other base`,
          );
        } else skip(skipped, group, control, metric, c.why ?? (t.why && `its twin ${twin}: ${t.why}`));
      }
    }
  }
  return out;
}

/**
 * The same cells of two runs: `older` is the baseline, `newer` the candidate.
 * Runs of two measures (time, instructions) have nothing to compare. What is
 * in one run only, or has no figures, goes into `skipped` with the reason.
 * @returns {object[]} comparisons (target names `<target>@<run id>`)
 */
export function compareRuns(older, newer, {margin, metrics = metricsOf(newer), skipped = []} = {}) {
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
  const oldGroups = comparisonGroups(older);
  const newGroups = new Map(comparisonGroups(newer).map((g) => [groupKey(g), g]));
  const oldKeys = new Set(oldGroups.map(groupKey));
  const order = byTargetOrder(older);
  const out = [];
  for (const group of oldGroups) {
    const other = newGroups.get(groupKey(group));
    // Oldest version first, as every page lists them (the cells' order is the runner's).
    for (const [target, cells] of [...group.byTarget].sort(([a], [b]) => order(a, b))) {
      const [primary] = metrics;
      if (!other) skip(skipped, group, target, primary, `only ${older.run.id} has this group`);
      else if (!other.byTarget.has(target))
        skip(skipped, group, target, primary, `only ${older.run.id} ran ${target} here`);
      if (!other?.byTarget.has(target)) continue;
      for (const metric of metrics) {
        const b = {target: `${target}@${older.run.id}`, ...samples(cells, metric)};
        const c = {target: `${target}@${newer.run.id}`, ...samples(other.byTarget.get(target), metric)};
        if (b.values && c.values) out.push(...decideGroup(group, metric, b, [c], m));
        else if (b.why) skip(skipped, group, target, metric, `${older.run.id}: ${b.why}`);
        else skip(skipped, group, target, metric, c.why && `${newer.run.id}: ${c.why}`, c.failed);
      }
    }
    for (const target of other?.byTarget.keys() ?? []) {
      if (!group.byTarget.has(target))
        skip(skipped, group, target, metrics[0], `only ${newer.run.id} ran ${target} here`);
    }
  }
  for (const [key, group] of newGroups) {
    if (oldKeys.has(key)) continue;
    for (const target of group.byTarget.keys())
      skip(skipped, group, target, metrics[0], `only ${newer.run.id} has this group`);
  }
  return out;
}
