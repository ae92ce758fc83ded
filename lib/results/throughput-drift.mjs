// How a group's throughput moved through its runs, from pgbench's progress
// reports (-P 1): each run's last seconds against its first, the median over
// the runs. A run that slows as it goes measures something that builds up in
// it (dead rows the server may not remove, a cache filling), not a steady state.
import {median} from '../stats/median.mjs';

/** Seconds at each end of a run that are compared. */
export const DRIFT_WINDOW_S = 10;

/** A move beyond this share (either way) is worth telling. */
export const DRIFT_SHOWN = 0.1;

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * The median over a group's ok runs of (mean TPS of the last DRIFT_WINDOW_S s) / (mean of the first), the lowest
 * and highest run's, and how many runs were steady; null where no run has progress reports for both windows apart.
 * @returns {{ratio: number, runs: number, low: number, high: number, steady: number}|null}
 */
export function throughputDrift(cells) {
  const ratios = driftRatios(cells);
  if (ratios.length === 0) return null;
  return {
    ratio: median(ratios),
    runs: ratios.length,
    low: Math.min(...ratios),
    high: Math.max(...ratios),
    steady: ratios.filter((r) => Math.abs(r - 1) <= STEADY_WITHIN).length,
  };
}

/** Each ok run's (mean TPS of its last DRIFT_WINDOW_S s) / (mean of its first), where it reported both apart. */
function driftRatios(cells) {
  return cells
    .filter((c) => c.status === 'ok' && (c.summary?.progress?.length ?? 0) >= 2 * DRIFT_WINDOW_S)
    .map((c) => c.summary.progress.map((p) => p.tps))
    .map((tps) => mean(tps.slice(-DRIFT_WINDOW_S)) / mean(tps.slice(0, DRIFT_WINDOW_S)))
    .filter(Number.isFinite);
}

/** A run is steady when its last seconds' throughput is within this share of its first seconds'. */
export const STEADY_WITHIN = 0.05;

/**
 * How many of the cells' runs were steady (last DRIFT_WINDOW_S s within STEADY_WITHIN of the first), of those
 * that reported both windows: {steady, runs}.
 */
export function steadyRuns(cells) {
  const {steady = 0, runs = 0} = throughputDrift(cells) ?? {};
  return {steady, runs};
}

/**
 * Whether the run sampled its waits in one transaction through each measured run (the runner of 2026-11-27:
 * a DO block), whose snapshot kept the dead rows of the run from page pruning and vacuum.
 */
export const samplerHeldSnapshot = (result) =>
  (result.run?.commands ?? []).some((c) => /DO \$\$[\s\S]*pg_stat_activity/.test(c));
