// A result's figures derived again from what it keeps of each measurement,
// so that a figure edited by hand is refused, not published. A cell keeps
// pgbench's output as it printed it (`raw`); its `summary` is that output
// read by lib/pgbench/parse-output.mjs, the parser the runner and the
// importer used, so reading it again must give the same summary. The pages'
// medians and spreads are not stored: they are summarized from these cells
// when the site is built (lib/results/summarize-repeats.mjs).
//
// What cannot be derived, and what is checked instead:
// - `log`: the per-transaction log files are read into statistics and not
//   kept (they run to gigabytes). Their count must be the output's processed
//   transactions, their mean its latency average where pgbench timed each
//   transaction, and their percentiles in order.
// - `instructions`: Callgrind's counts are not kept per cell (only the
//   group's profiles). Each cell's figures per transaction are derived from
//   its two runs' counts, and the longer run must be the one its output shows.
// - the output itself: it is checked against its own counts
//   (lib/pgbench/supported-figures.mjs), so an output edited to match an
//   edited summary still has to add up.
// - a raw kept as a `path` beside the result: this check reads the JSON alone.
import {parseOutput} from '../pgbench/parse-output.mjs';
import {unsupportedFigures} from '../pgbench/supported-figures.mjs';

// Relative difference allowed between a stored figure and the derived one: float round-off only (the stored
// one went through JSON, which keeps a double exactly; a division done again may differ in the last bits).
const ROUND_OFF = 1e-9;

const close = (a, b) => a === b || Math.abs(a - b) <= ROUND_OFF * Math.max(Math.abs(a), Math.abs(b));

const shown = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'absent' : text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

// The texts of errors and warnings are redacted after parsing, from an output that still held its secrets:
// their kinds and number are derived again, not their words.
const TEXTS = new Set(['errors', 'warnings']);

/** The first place where `stored` and `derived` differ, as {at, stored, derived}; null when they agree. */
function firstDifference(stored, derived, at) {
  if (typeof stored === 'number' && typeof derived === 'number') {
    return close(stored, derived) ? null : {at, stored, derived};
  }
  if (Array.isArray(stored) && Array.isArray(derived)) {
    if (stored.length !== derived.length) {
      return {at: `${at}.length`, stored: stored.length, derived: derived.length};
    }
    for (let i = 0; i < stored.length; i++) {
      const found = firstDifference(stored[i], derived[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (stored && derived && typeof stored === 'object' && typeof derived === 'object') {
    for (const key of new Set([...Object.keys(stored), ...Object.keys(derived)])) {
      const found = TEXTS.has(key)
        ? firstDifference(kindsOf(stored[key]), kindsOf(derived[key]), `${at}.${key}`)
        : firstDifference(stored[key], derived[key], `${at}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return stored === derived ? null : {at, stored, derived};
}

const kindsOf = (list) => (Array.isArray(list) ? list.map((e) => e?.kind) : list);

/** pgbench's output as the cell keeps it, parsed; undefined when it keeps none to parse. */
function parsedRaw(raw) {
  if (typeof raw?.output === 'string') return parseOutput(raw.output);
  if (typeof raw?.stdout === 'string' || typeof raw?.stderr === 'string') {
    return parseOutput(raw.stdout ?? '', raw.stderr ?? '');
  }
  return undefined;
}

/** What differs between a cell's stored figures and those derived from what it keeps: {at, stored, derived}. */
function cellDifference(cell) {
  const derived = parsedRaw(cell.raw);
  if (derived === undefined) {
    if (typeof cell.raw?.path === 'string') return null;
    return {at: 'raw', stored: cell.summary, derived: undefined, noOutput: true};
  }
  return (
    firstDifference(cell.summary, derived, 'summary') ??
    unsupported(cell.summary) ??
    logDifference(cell.log, cell.summary) ??
    statementsDifference(cell.statementsRun) ??
    instructionsDifference(cell.instructions, cell.summary, cell.parameters?.clients)
  );
}

function unsupported(summary) {
  const [first] = unsupportedFigures(summary);
  return first ? {at: `summary.${first.field}`, message: `${first.message}: pgbench prints no such figures`} : null;
}

/** A transaction log's statistics against the output they came with. */
function logDifference(log, summary) {
  if (log?.kind !== 'transactions' || !log.latencyUs) return null;
  if (typeof summary.processed === 'number' && log.transactions !== summary.processed) {
    return {
      at: 'log.transactions',
      stored: log.transactions,
      derived: summary.processed,
      from: "its output's processed count",
    };
  }
  const {min, p50, p90, p95, p99, p999, max, mean} = log.latencyUs;
  const ordered = [min, p50, p90, p95, p99, p999, max].filter((v) => typeof v === 'number');
  if (ordered.some((v, i) => i > 0 && v < ordered[i - 1])) {
    return {
      at: 'log.latencyUs',
      message: 'its percentiles are out of order (a real log has min ≤ p50 ≤ … ≤ p999 ≤ max)',
    };
  }
  // pgbench times each transaction, and prints a stddev, with -P, -R or -L: its average is then the log's mean,
  // printed to 3 decimals of a ms.
  if (typeof summary.latencyStddevMs === 'number' && typeof mean === 'number' && summary.latencyAvgMs !== null) {
    if (Math.abs(mean / 1000 - summary.latencyAvgMs) > 0.0005 + ROUND_OFF) {
      return {at: 'log.latencyUs.mean', stored: mean, derived: summary.latencyAvgMs * 1000, from: 'its output'};
    }
  }
  return null;
}

/** A statements run's rows against the output they were read from. */
function statementsDifference(run) {
  if (!run) return null;
  return firstDifference(run.statements, parsedRaw(run.raw)?.statements, 'statementsRun.statements');
}

/** An instructions cell's figures per transaction, from its two runs' counts (schemas/result.md). */
function instructionsDifference(instructions, summary, clients) {
  const runs = instructions?.runs;
  if (!Array.isArray(runs) || runs.length !== 2 || typeof clients !== 'number') return null;
  const [short, long] = runs;
  if (
    typeof summary.transactionsPerClient === 'number' &&
    long.transactionsPerClient !== summary.transactionsPerClient
  ) {
    return {
      at: 'instructions.runs[1].transactionsPerClient',
      stored: long.transactionsPerClient,
      derived: summary.transactionsPerClient,
    };
  }
  const added = (long.transactionsPerClient - short.transactionsPerClient) * clients;
  const per = (a, b) => (b - a) / added;
  if (typeof instructions.perTransaction === 'number') {
    const derived = per(short.instructions, long.instructions);
    if (!close(instructions.perTransaction, derived)) {
      return {at: 'instructions.perTransaction', stored: instructions.perTransaction, derived, from: 'its two runs'};
    }
  }
  if (typeof instructions.otherPerTransaction === 'number' && short.otherProcesses && long.otherProcesses) {
    const derived = per(short.otherProcesses.instructions, long.otherProcesses.instructions);
    if (!close(instructions.otherPerTransaction, derived)) {
      const stored = instructions.otherPerTransaction;
      return {at: 'instructions.otherPerTransaction', stored, derived, from: 'its two runs'};
    }
  }
  return null;
}

/** What to do about a figure that its output does not give. */
const adviceFor = (result) =>
  result?.run?.kind === 'import'
    ? 'import the outputs again (bench import) instead of editing figures'
    : 'restore the file as the runner wrote it (from git), or run the cells again (bench run), instead of editing ' +
      'figures';

/**
 * Every cell whose stored figures its own output (and counts) do not give, one line each: the file, the
 * cell, the field, the stored and the derived value, and what to do. At most `limit` lines, then a count.
 * @param {object} result  a result that passed its schema
 * @param {string} file  where it came from, for the messages
 * @returns {string[]}
 */
export function derivationProblems(result, file = 'result', {limit = 20} = {}) {
  if (!Array.isArray(result?.cells)) return [];
  const advice = adviceFor(result);
  const problems = [];
  let more = 0;
  result.cells.forEach((cell, i) => {
    if (!cell?.summary || typeof cell.summary !== 'object') return;
    const found = cellDifference(cell);
    if (!found) return;
    if (problems.length === limit) {
      more++;
      return;
    }
    const at = `${file}: cells[${i}] (${cell.id})`;
    if (found.noOutput) {
      problems.push(`${at}: has a summary but not the output it was read from (raw is empty): ${advice}`);
    } else if (found.message) {
      problems.push(`${at}.${found.at}: ${found.message}; ${advice}`);
    } else {
      const redacted = JSON.stringify(cell.raw).includes('***')
        ? ' (its output holds *** where a secret was redacted: a password that is also a word or figure of the ' +
          'output hides it; run again with another password)'
        : '';
      problems.push(
        `${at}.${found.at} is ${shown(found.stored)}; derived from ${found.from ?? 'its output'}, it is ` +
          `${shown(found.derived)}${redacted}: ` +
          advice,
      );
    }
  });
  if (more > 0) problems.push(`${file}: and ${more} more cells whose figures their output does not give`);
  return problems;
}
