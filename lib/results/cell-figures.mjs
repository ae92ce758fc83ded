// The figures of one cell of a result, where each is read from, how it is
// written (a kind of lib/numbers/format.mjs), and, for those compared, which
// way is better and the smallest margin that may decide them. One place, for
// the pages' tables and comparisons and for those of bench compare.
import {MIN_INSTRUCTION_MARGIN, MIN_MARGIN} from '../stats/compare.mjs';

/**
 * The twin key of an instructions cell: the seeds of its runs. Cells of other
 * targets with the same seeds ran the same rows, and are compared run by run.
 * Null for runs that recorded no seed per run (one seed served every repeat).
 */
function instructionTwin(c) {
  const runs = c.instructions?.runs;
  return runs?.every((r) => r.randomSeed !== undefined) ? runs.map((r) => r.randomSeed).join('/') : null;
}

/**
 * A cell's latencies, or null where pgbench did not time every transaction. With -r (per-statement latencies)
 * pgbench ends a statement whose result is already waiting with the clock it read before sending it (pgbench.c,
 * CSTATE_END_COMMAND), and the transaction with it: some transactions are logged shorter than they took, some
 * at 0 µs, which no round trip takes (a select-only run here: 3,439 of 81,839 entries at 0 µs with -r, none of
 * 52,661 without; a simple-update run's fastest at 4 µs), and its average takes them in too. So a run with -r,
 * or whose log holds a 0 µs transaction anyway, shows no latency; its throughput stands. The runner keeps -r out
 * of measured runs (scripts/runner/run-steps.mjs, statementsRunOf).
 */
const WITH_R = /(^|\s)(-r|--report-per-command|--report-latencies)(?=\s|$)/;
export const untimed = (c) => WITH_R.test(c.command ?? '') || c.log?.latencyUs?.min === 0;
const timedLog = (c) => (c.log && !untimed(c) ? c.log.latencyUs : null);
const timedAverage = (c) => (untimed(c) ? null : c.summary.latencyAvgMs);
/** A latency of the log, in ms (null where the log is untimed or there is none). */
const logMs = (key) => (c) => {
  const log = timedLog(c);
  return log && log[key] / 1000;
};

/**
 * What a figure of a cell is, and how it is written. Latencies are in ms. A figure that is compared says which
 * way is `better` and its `minMargin` (instructions are counted, not timed: they decide at a smaller margin).
 */
export const FIGURES = {
  tps: {kind: 'tps', pick: (c) => c.summary.tps, better: 'higher', minMargin: MIN_MARGIN},
  count: {kind: 'count', pick: (c) => c.summary.processed},
  latencyAvg: {kind: 'ms', pick: timedAverage},
  min: {kind: 'ms', pick: logMs('min')},
  p50: {kind: 'ms', pick: logMs('p50')},
  p90: {kind: 'ms', pick: logMs('p90')},
  p95: {kind: 'ms', pick: logMs('p95'), better: 'lower', minMargin: MIN_MARGIN},
  p99: {kind: 'ms', pick: logMs('p99'), better: 'lower', minMargin: MIN_MARGIN},
  max: {kind: 'ms', pick: logMs('max')},
  // CPU instructions per transaction (an instructions run's cells: schemas/result.md).
  instructions: {
    kind: 'instructions',
    pick: (c) => c.instructions?.perTransaction ?? null,
    twin: instructionTwin,
    better: 'lower',
    minMargin: MIN_INSTRUCTION_MARGIN,
  },
  // The server's other processes per transaction, beside the backends' (runs since 2026-11-25).
  otherInstructions: {kind: 'instructions', pick: (c) => c.instructions?.otherPerTransaction ?? null},
};

/** What a result measured: `time` (pgbench's throughput and latency; the default) or `instructions`. */
export const measureOf = (result) => result.run.design?.measure ?? 'time';

/**
 * What an instructions run counted (schemas/result.md, instructions.counted):
 * `whole-process` for runs counted by Cachegrind before it was recorded; null
 * for a time run. Counts made two ways are not comparable: the method moves
 * a figure by more than a suite's margin can tell from a real change.
 */
export const countingOf = (result) =>
  measureOf(result) === 'instructions'
    ? (result.cells.find((c) => c.instructions)?.instructions.counted ?? 'whole-process')
    : null;
