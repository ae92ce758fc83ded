// The history of a suite: its finished runs in results/, oldest first, as
// lines that runs share only when nothing but time separates them. A line is
// one target in one comparison group, on one machine (lib/results/machine.mjs),
// with the same pgbench parameters, the same server build and settings, and
// the same way of measuring (the runner's method, run.design.method: a run that
// recorded none is a method of its own); a run that changes any of these starts
// a new line, and no step is decided across it. Each point is a run's
// median with its 95% interval (order statistics of the repeats); each step
// between consecutive points of a line is decided as `bench compare OLD NEW`
// decides it (lib/model/comparisons.mjs).
import {compareRuns} from '../model/comparisons.mjs';
import {countingOf, FIGURES, historyFigures, marginOf, measureOf} from '../model/measures.mjs';
import {medianInterval} from '../stats/shift.mjs';
import {hostOf, machineFingerprint, serverFingerprint, shapingSettings} from './machine.mjs';
import {groupKey} from '../model/keys.mjs';
import {isSample} from '../stats/median.mjs';
import {targetById} from '../model/targets.mjs';

/**
 * The figures a run's history follows (lib/model/measures.mjs): a timed run's throughput and 95th latency
 * percentile, or an instructions run's count per transaction, which should stay flat across runs and machines with
 * the same server binaries.
 */
const historyMetricsOf = (result) => historyFigures(measureOf(result));

/**
 * The runs of a suite a history shows: finished runs (not imports), oldest
 * first; the parts of a merged run are left out when the merged run is there.
 */
export function historyRuns(results, suiteId) {
  const runs = results.filter((r) => r.run.kind === 'run' && r.run.suite === suiteId && r.run.finishedAt !== null);
  const merged = new Set(runs.filter((r) => r.run.design?.parts).flatMap((r) => r.run.design.parts.map((p) => p.run)));
  return runs
    .filter((r) => r.run.design?.parts || !merged.has(r.run.id))
    .sort((a, b) => a.run.startedAt.localeCompare(b.run.startedAt) || a.run.id.localeCompare(b.run.id));
}

/** A run's point for one metric: the median of its ok repeats with a 95% interval (null bounds when too few). */
function pointOf(cells, metric) {
  const pick = FIGURES[metric].read;
  const values = cells
    .filter((c) => c.status === 'ok')
    .map(pick)
    .filter(isSample);
  if (values.length === 0) return null;
  const {median, low, high, n} = medianInterval(values);
  return {median, low, high, n};
}

/** What the cells of a group were asked to do, as a key: runs with other parameters start a new line. */
const parametersKey = ({clients, ...rest}) =>
  JSON.stringify(
    Object.keys(rest)
      .sort()
      .map((k) => [k, rest[k]]),
  );

/**
 * @param {object[]} results  valid result files (any suites)
 * @param {string} suiteId
 * @returns {{suite: string, runs: object[], machines: object[]}}
 *   machines: [{fingerprint, host, runs: [run ids], groups: [{scenario, workload, clients, parameters,
 *   series: [{target, version, fingerprint, points: [{run, tps, p95}], changes: [comparison & {older, newer}]}]}]}]
 */
export function suiteHistory(results, suiteId) {
  const runs = historyRuns(results, suiteId);
  const machines = new Map();
  const runById = new Map(runs.map((r) => [r.run.id, r]));
  for (const result of runs) {
    const byGroup = new Map();
    for (const cell of result.cells) {
      const key = groupKey(cell);
      if (!byGroup.has(key)) byGroup.set(key, []);
      byGroup.get(key).push(cell);
    }
    for (const cells of byGroup.values()) {
      const host = hostOf(result, cells[0]);
      const fingerprint = machineFingerprint(host) ?? `unknown-${result.run.id}`;
      if (!machines.has(fingerprint)) machines.set(fingerprint, {fingerprint, host, runs: [], groups: new Map()});
      const machine = machines.get(fingerprint);
      if (!machine.runs.includes(result.run.id)) machine.runs.push(result.run.id);
      const [{scenario, workload, parameters}] = cells;
      const measure = measureOf(result);
      // Instructions counted two ways are two lines, never one (countingOf).
      const lineKey = [
        measure,
        countingOf(result),
        scenario,
        workload,
        parameters.clients,
        parametersKey(parameters),
      ].join('\u0000');
      if (!machine.groups.has(lineKey)) {
        machine.groups.set(lineKey, {
          scenario,
          workload,
          clients: parameters.clients,
          parameters,
          measure,
          metrics: historyMetricsOf(result),
          series: new Map(),
        });
      }
      addPoints(machine.groups.get(lineKey), result, cells, host);
    }
  }
  const comparisonsOf = (older, newer) => compareRuns(runById.get(older), runById.get(newer)).list;
  return {
    suite: suiteId,
    runs: runs.map((r) => ({
      id: r.run.id,
      startedAt: r.run.startedAt,
      gitSha: r.run.project?.gitSha ?? null,
      dirty: r.run.project?.dirty === true,
    })),
    machines: [...machines.values()].map((m) => ({
      ...m,
      groups: [...m.groups.values()].map((g) => ({
        ...g,
        series: [...g.series.values()].map((s) => ({...s, changes: changesOf(g, s, comparisonsOf, runById)})),
      })),
    })),
  };
}

/** Each target's point of one run in a group: on the line of its server (a changed server starts a new line). */
function addPoints(group, result, cells, host) {
  // Each target's cells, gathered in one pass: a run of many targets holds many cells per group.
  const byTarget = new Map();
  for (const c of cells) {
    if (!byTarget.has(c.target)) byTarget.set(c.target, []);
    byTarget.get(c.target).push(c);
  }
  for (const [target, own] of byTarget) {
    const spec = targetById(result, target) ?? {id: target};
    const serverPrint = serverFingerprint(host, spec);
    // CPUs kept apart (bench run --pin) are a way of measuring of their own: a line does not cross them.
    const cpus = result.run.design?.cpus;
    const recorded = result.run.design?.method ?? null;
    const method =
      recorded && cpus ? `${recorded}, server on CPU ${cpus.server}, pgbench on CPU ${cpus.client}` : recorded;
    const seriesKey = `${target}\u0000${serverPrint}\u0000${method ?? `unrecorded ${result.run.id}`}`;
    if (!group.series.has(seriesKey)) {
      group.series.set(seriesKey, {
        target,
        version: spec.serverVersion ?? null,
        fingerprint: serverPrint,
        // What the fingerprint is made of, so that a new line can say what changed.
        server: {
          build: spec.serverVersionFull ?? spec.serverVersion ?? null,
          settings: shapingSettings(spec),
          filesystem: spec.storage?.filesystem ?? null,
          method,
        },
        controlOf: spec.controlOf ?? null,
        points: [],
      });
    }
    const point = Object.fromEntries(group.metrics.map((m) => [m, pointOf(own, m)]));
    if (point[group.metrics[0]]) group.series.get(seriesKey).points.push({run: result.run.id, ...point});
  }
}

/** Each step between consecutive points of a series, as bench compare OLD NEW decides it. */
function changesOf(group, series, comparisonsOf, runById) {
  const changes = [];
  for (let i = 1; i < series.points.length; i++) {
    const [older, newer] = [series.points[i - 1].run, series.points[i].run];
    for (const c of comparisonsOf(older, newer)) {
      if (
        c.scenario === group.scenario &&
        c.workload === group.workload &&
        c.clients === group.clients &&
        group.metrics.includes(c.metric) &&
        c.baseline.target === `${series.target}@${older}`
      ) {
        changes.push({...c, older, newer, margin: marginOf(runById.get(newer))});
      }
    }
  }
  return changes;
}
