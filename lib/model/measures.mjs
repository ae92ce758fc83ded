// The measures a run can take and the figures each gives: one registry, which every comparison, table, chart,
// matrix, sentence, History line and `bench compare` reads, so that a new figure is an entry here (its reader,
// its unit, which way is better, its words) and nothing else names one.
//
// A measure is how a run collects its figures: `time` (pgbench's throughput and latencies) or `instructions`
// (Callgrind's count per transaction). It has one margin (the suite's, for that measure: schemas/suite.md), the
// smallest margin that may decide it, and the words its verdicts are said in. A figure is one number read from a
// cell, with its kind (lib/numbers/format.mjs), and, when it is compared, which way is better.

/** The smallest margin a timed comparison may use: below it, a 2-core machine's noise decides. */
export const MIN_MARGIN = 0.02;
/** The smallest margin of an instructions comparison: counts repeat to a few parts in 100,000, but never to none. */
export const MIN_INSTRUCTION_MARGIN = 0.0001;
/** The margin of a timed run until a suite's A/A pair calibrates its own (issue 14). */
export const DEFAULT_MARGIN = 0.03;
/** The margin of an instructions run until its A/A sets one: counts repeat far closer than this. */
export const DEFAULT_INSTRUCTION_MARGIN = 0.01;

/**
 * The twin key of an instructions cell: the seeds of its runs. Cells of other targets with the same seeds ran
 * the same rows, and are compared run by run. Null for runs that recorded no seed per run.
 */
function instructionTwin(c) {
  const runs = c.instructions?.runs;
  return runs?.every((r) => r.randomSeed !== undefined) ? runs.map((r) => r.randomSeed).join('/') : null;
}

/**
 * The twin key of a timed cell: its round. In an interleaved run every target of a group ran once per round, in
 * an order shuffled anew each round, so what drifts from round to round (the machine, its caches, the hour) moves
 * the round's runs alike, and they are compared round by round: only where the group's rounds ran one after
 * another (round-pairs.mjs, roundsApart). Null for cells of no round (an import).
 */
export const roundTwin = (c) => (Number.isInteger(c.round) ? `round ${c.round}` : null);

/**
 * A cell's latencies are untimed where pgbench did not time every transaction. With -r (per-statement latencies)
 * pgbench ends a statement whose result is already waiting with the clock it read before sending it (pgbench.c,
 * CSTATE_END_COMMAND), and the transaction with it: some transactions are logged shorter than they took, some
 * at 0 µs, which no round trip takes (a select-only run here: 3,439 of 81,839 entries at 0 µs with -r, none of
 * 52,661 without), and its average takes them in too. So a run with -r, or whose log holds a 0 µs transaction
 * anyway, shows no latency; its throughput stands. The runner keeps -r out of measured runs (run-steps.mjs).
 */
const WITH_R = /(^|\s)(-r|--report-per-command|--report-latencies)(?=\s|$)/;
export const untimed = (c) => WITH_R.test(c.command ?? '') || c.log?.latencyUs?.min === 0;
const timedLog = (c) => (c.log && !untimed(c) ? c.log.latencyUs : null);
/** A latency of the log, in ms (null where the log is untimed or there is none). */
const logMs = (key) => (c) => {
  const log = timedLog(c);
  return log && log[key] / 1000;
};
const percentile = (p) => ({key: 'common.table.percentile', values: {p}});

/**
 * Every figure of a cell: `measure`, `kind` (how it is written), `read(cell)`, `twin(cell)` where runs come in
 * twins, `better` where it is compared, `source: 'log'` where it comes from the per-transaction log, and its
 * words: `column` (a table's heading), `axis` and `value` (a chart's), `history` (a trend's name).
 */
export const FIGURES = {
  tps: {
    measure: 'time',
    kind: 'tps',
    read: (c) => c.summary.tps,
    twin: roundTwin,
    better: 'higher',
    column: {key: 'common.table.tps'},
    axis: 'common.tpsAxis',
    value: 'common.tpsValue',
    history: {metric: 'history.metric.tps', chart: 'history.chart.tps'},
  },
  count: {measure: 'time', kind: 'count', read: (c) => c.summary.processed, column: {key: 'common.table.count'}},
  latencyAvg: {
    measure: 'time',
    kind: 'ms',
    read: (c) => (untimed(c) ? null : c.summary.latencyAvgMs),
    column: {key: 'common.table.latencyAvg'},
  },
  min: {measure: 'time', kind: 'ms', read: logMs('min'), source: 'log', column: {key: 'common.table.min'}},
  p50: {measure: 'time', kind: 'ms', read: logMs('p50'), source: 'log', column: percentile(50)},
  p90: {measure: 'time', kind: 'ms', read: logMs('p90'), source: 'log', column: percentile(90)},
  p95: {
    measure: 'time',
    kind: 'ms',
    read: logMs('p95'),
    source: 'log',
    twin: roundTwin,
    better: 'lower',
    column: percentile(95),
    axis: 'common.msAxis',
    history: {metric: 'history.metric.p95', chart: 'history.chart.p95'},
  },
  p99: {
    measure: 'time',
    kind: 'ms',
    read: logMs('p99'),
    source: 'log',
    twin: roundTwin,
    better: 'lower',
    column: percentile(99),
  },
  max: {measure: 'time', kind: 'ms', read: logMs('max'), source: 'log', column: {key: 'common.table.max'}},
  // CPU instructions per transaction (an instructions run's cells: schemas/result.md).
  instructions: {
    measure: 'instructions',
    kind: 'instructions',
    read: (c) => c.instructions?.perTransaction ?? null,
    twin: instructionTwin,
    better: 'lower',
    column: {key: 'common.instructions.column'},
    axis: 'common.instructions.axis',
    value: 'common.instructions.value',
    history: {metric: 'history.metric.instructions', chart: 'history.chart.instructions'},
  },
  // The whole server: the backends and the other processes (checkpointer, background writer, WAL writer, I/O
  // workers) per transaction, where a setting moves work off the backend (data checksums: the checkpointer
  // computes them as it writes). Runs since 2026-11-25.
  serverInstructions: {
    measure: 'instructions',
    kind: 'instructions',
    read: (c) => {
      const {perTransaction, otherPerTransaction} = c.instructions ?? {};
      return perTransaction === undefined || otherPerTransaction === undefined
        ? null
        : perTransaction + otherPerTransaction;
    },
    twin: instructionTwin,
    better: 'lower',
    column: {key: 'common.instructions.serverColumn'},
  },
  // The backends' estimated cycles per transaction, from Callgrind's cache simulation (runs since 2026-11-28).
  cycles: {
    measure: 'instructions',
    kind: 'instructions',
    read: (c) => c.instructions?.cyclesPerTransaction ?? null,
    twin: instructionTwin,
    better: 'lower',
    column: {key: 'common.instructions.cyclesColumn'},
  },
  // The server's other processes per transaction, beside the backends' (runs since 2026-11-25). A repeat's other
  // processes can wake up more in the shorter run than in the longer: a spread below zero is no count of work.
  otherInstructions: {
    measure: 'instructions',
    kind: 'instructions',
    read: (c) => c.instructions?.otherPerTransaction ?? null,
    shown: (stat) => stat.min >= 0,
    column: {key: 'common.instructions.otherColumn'},
  },
};

/**
 * Every measure: the figures its tables show (those its cells lack are left out), its `headline` figure (the one
 * its verdicts, charts and answer are about), its margins, and the words of its verdicts: `short` under a figure,
 * `sentence` for a finding (`apartBetter`, `apartWorse`: undecided, yet apart from zero), `part` for one verdict among
 * several in an answer, `column` its column in the answer.
 */
export const MEASURES = {
  time: {
    table: ['count', 'tps', 'min', 'max', 'p95', 'p99'],
    // Without per-transaction logs, pgbench's mean latency stands for the log's figures.
    tableWithoutLog: ['count', 'tps', 'latencyAvg'],
    headline: 'tps',
    defaultMargin: DEFAULT_MARGIN,
    minMargin: MIN_MARGIN,
    column: 'versions.answer.timeColumn',
    short: {
      better: 'common.verdict.short.better',
      worse: 'common.verdict.short.worse',
      equivalent: 'common.verdict.short.equivalent',
      'below-margin': 'common.verdict.short.below-margin',
      inconclusive: 'common.verdict.short.inconclusive',
      // Undecided, yet the interval wholly on one side of zero: which way, its size against the margin unknown.
      apartBetter: 'common.verdict.short.apartBetter',
      apartWorse: 'common.verdict.short.apartWorse',
    },
    sentence: {
      better: 'common.verdict.sentence.better',
      worse: 'common.verdict.sentence.worse',
      equivalent: 'common.verdict.sentence.equivalent',
      'below-margin': 'common.verdict.sentence.below-margin',
      inconclusive: 'common.verdict.sentence.inconclusive',
      // Undecided, yet the interval wholly on one side of zero: which way, and by how much at least and at most.
      apartBetter: 'common.verdict.sentence.apartBetter',
      apartWorse: 'common.verdict.sentence.apartWorse',
    },
    // A group's comparisons in one statement, one part per verdict met; the parts as ratios ("× the throughput")
    // where a page shows its changes so; an undecided part says how large a change the noise hides.
    statement: 'versions.statement.time',
    part: {
      better: {one: 'versions.answer.time.better.one', range: 'versions.answer.time.better.range'},
      worse: {one: 'versions.answer.time.worse.one', range: 'versions.answer.time.worse.range'},
      equivalent: {one: 'versions.answer.time.equivalent.one', range: 'versions.answer.time.equivalent.range'},
      'below-margin': {
        one: 'versions.answer.time.below-margin.one',
        range: 'versions.answer.time.below-margin.range',
      },
      // Undecided, its interval wholly on one side of none: which way, the size unclear (verdict-words.mjs).
      apartBetter: {one: 'versions.answer.time.apartBetter.one', range: 'versions.answer.time.apartBetter.range'},
      apartWorse: {one: 'versions.answer.time.apartWorse.one', range: 'versions.answer.time.apartWorse.range'},
      inconclusive: {
        one: 'versions.answer.time.inconclusive.one',
        range: 'versions.answer.time.inconclusive.range',
        tooFew: 'versions.answer.time.inconclusive.tooFew',
      },
    },
    ratioPart: {
      better: {one: 'planner.answer.time.better.one', range: 'planner.answer.time.better.range'},
      worse: {one: 'planner.answer.time.worse.one', range: 'planner.answer.time.worse.range'},
      equivalent: {one: 'planner.answer.time.equivalent.one', range: 'planner.answer.time.equivalent.range'},
      'below-margin': {
        one: 'planner.answer.time.below-margin.one',
        range: 'planner.answer.time.below-margin.range',
      },
      apartBetter: {one: 'planner.answer.time.apartBetter.one', range: 'planner.answer.time.apartBetter.range'},
      apartWorse: {one: 'planner.answer.time.apartWorse.one', range: 'planner.answer.time.apartWorse.range'},
      inconclusive: {
        one: 'planner.answer.time.inconclusive.one',
        range: 'planner.answer.time.inconclusive.range',
        tooFew: 'planner.answer.time.inconclusive.tooFew',
      },
    },
    // A timed comparison that cannot decide says what it could have detected.
    detectable: true,
  },
  instructions: {
    // The other processes are in the whole server's figure, not a column of their own (instruction-figures.mjs).
    table: ['instructions', 'cycles', 'serverInstructions'],
    headline: 'instructions',
    defaultMargin: DEFAULT_INSTRUCTION_MARGIN,
    minMargin: MIN_INSTRUCTION_MARGIN,
    column: 'versions.answer.instructionsColumn',
    short: {
      better: 'common.instructions.verdict.short.better',
      worse: 'common.instructions.verdict.short.worse',
      equivalent: 'common.instructions.verdict.short.equivalent',
      'below-margin': 'common.instructions.verdict.short.below-margin',
      inconclusive: 'common.instructions.verdict.short.inconclusive',
      apartBetter: 'common.instructions.verdict.short.apartBetter',
      apartWorse: 'common.instructions.verdict.short.apartWorse',
    },
    sentence: {
      better: 'common.instructions.verdict.sentence.better',
      worse: 'common.instructions.verdict.sentence.worse',
      equivalent: 'common.instructions.verdict.sentence.equivalent',
      'below-margin': 'common.instructions.verdict.sentence.below-margin',
      inconclusive: 'common.instructions.verdict.sentence.inconclusive',
      apartBetter: 'common.instructions.verdict.sentence.apartBetter',
      apartWorse: 'common.instructions.verdict.sentence.apartWorse',
    },
    statement: 'common.instructions.statement',
    part: {
      better: {one: 'common.summary.part.better.one', range: 'common.summary.part.better.range'},
      worse: {one: 'common.summary.part.worse.one', range: 'common.summary.part.worse.range'},
      equivalent: {one: 'common.summary.part.equivalent.one', range: 'common.summary.part.equivalent.range'},
      'below-margin': {one: 'common.summary.part.below-margin.one', range: 'common.summary.part.below-margin.range'},
      inconclusive: {one: 'common.summary.part.inconclusive.one', range: 'common.summary.part.inconclusive.range'},
    },
    detectable: false,
  },
};

/** The measures in the order a page shows them: the one that decides at the smaller margin first. */
export const MEASURE_ORDER = ['instructions', 'time'];

/** The figures a measure's comparisons decide: those with a better direction. */
export const comparedFigures = (measure) =>
  Object.keys(FIGURES).filter((f) => FIGURES[f].measure === measure && FIGURES[f].better);

/** The figures History follows: those with a trend's words. */
export const historyFigures = (measure) =>
  Object.keys(FIGURES).filter((f) => FIGURES[f].measure === measure && FIGURES[f].history);

/** What a result measured: `time` (the default) or `instructions`. */
export const measureOf = (result) => result.run.design?.measure ?? 'time';

/**
 * What an instructions run counted (schemas/result.md, instructions.counted): `whole-process` for runs counted by
 * Cachegrind before it was recorded; null for a time run. Counts made two ways are not comparable: the method
 * moves a figure by more than a suite's margin can tell from a real change.
 */
export const countingOf = (result) =>
  measureOf(result) === 'instructions'
    ? (result.cells.find((c) => c.instructions)?.instructions.counted ?? 'whole-process')
    : null;

/** The margin a result's comparisons use: the one given, else its suite's, else its measure's default. */
export const marginOf = (result, margin) =>
  margin ?? result.run.design?.margin ?? MEASURES[measureOf(result)].defaultMargin;

/**
 * The margin one figure's comparisons use: the headline's is the measure's (`margin`, from marginOf: a margin
 * given to a comparison is the headline's); another compared figure has the one its suite fixed for it from an
 * A/A (instructions.margins), and none without it (undefined: it is not decided, schemas/suite.md).
 */
export const figureMargin = (result, figure, margin) =>
  MEASURES[measureOf(result)].headline === figure || FIGURES[figure].measure === 'time'
    ? margin
    : result.run.design?.margins?.[figure];
