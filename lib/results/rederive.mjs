// A result's figures derived again from what it keeps of each measurement,
// so that a figure edited by hand is refused, not published. A cell keeps
// pgbench's output as it printed it (`raw`); its `summary` is that output
// read by lib/pgbench/parse-output.mjs, the parser the runner and the
// importer used, so reading it again must give the same summary. The pages'
// medians and spreads are not stored: they are summarized from these cells
// when the site is built (lib/model/summarize-repeats.mjs).
//
// Also derived again from what the cell keeps:
// - `log`: the per-transaction log files are read into statistics and not
//   kept (they run to gigabytes), but their latencies' histogram is
//   (`histogramUs`, from 2026-11-28): the count, min, percentiles, max, mean
//   and stddev are derived from it. Either way the count must be the output's
//   processed transactions, the mean its latency average where pgbench timed
//   each transaction, the seconds' counts add up to the count, and the
//   percentiles be ones some latencies could have: in order, and each leaving
//   room for the mean (a p50 set to the max needs a mean half way to it).
// - `server`: the figures are the difference of the two readings kept beside
//   them (`readings`), and the waits' counts those of the sampler's rows
//   (`waits.output`), from 2026-11-28 (lib/results/server-counters.mjs).
// - `instructions`: Callgrind's counts are not kept per cell (only the
//   group's profiles, checked against the cells where the files are read:
//   lib/cachegrind/run-profiles.mjs). Each cell's figures per transaction are
//   derived from its two runs' counts, which must grow from the shorter run to
//   the longer, and the longer run must be the one its output shows.
// - the output itself: it is checked against its own counts
//   (lib/pgbench/supported-figures.mjs), so an output edited to match an
//   edited summary still has to add up, and be one pgbench could print.
// A `raw` kept as a `path` beside the result is read by nothing: such a cell's figures could not be checked, and
// it is refused. Figures whose evidence results before 2026-11-28 did not keep (a log's percentiles, the
// server's counters) are what `uncheckedFigures` lists: the pages say they could not be checked.
import {parseOutput} from '../pgbench/parse-output.mjs';
import {unsupportedFigures} from '../pgbench/supported-figures.mjs';
import {close, firstDifference, shown} from './figure-differences.mjs';
import {logDifference} from './log-figures.mjs';
import {activityBetween, parseWaits, sendsSql, transactionsShortfall} from './server-counters.mjs';

/** pgbench's output as the cell keeps it, parsed; undefined when it keeps none to parse. */
function parsedRaw(raw) {
  if (typeof raw?.output === 'string') return parseOutput(raw.output);
  if (typeof raw?.stdout === 'string' || typeof raw?.stderr === 'string') {
    return parseOutput(raw.stdout ?? '', raw.stderr ?? '');
  }
  return undefined;
}

/**
 * What differs between a cell's stored figures and those derived from what it keeps: {at, stored, derived}, or
 * {at, message}. `scripts`: the result's, to know whether the cell's workload sends SQL.
 */
function cellDifference(cell, scripts) {
  if (typeof cell.raw?.path === 'string') {
    return {
      at: 'raw.path',
      message:
        `${JSON.stringify(cell.raw.path)} names an output kept beside the file, which nothing reads, so the ` +
        "cell's figures could not be checked: put pgbench's output in raw.stdout and raw.stderr",
    };
  }
  const derived = parsedRaw(cell.raw);
  if (derived === undefined) return {at: 'raw', stored: cell.summary, derived: undefined, noOutput: true};
  return (
    firstDifference(cell.summary, derived, 'summary') ??
    unsupported(cell.summary) ??
    logDifference(cell.log, cell.summary) ??
    statementsDifference(cell.statementsRun) ??
    serverDifference(cell.server, 'server') ??
    instructionsDifference(cell.instructions, cell.summary, cell.parameters?.clients) ??
    endedTransactions(cell, scripts)
  );
}

/** Each of the cell's runs against the transactions the server saw end in it (server-counters.mjs). */
function endedTransactions(cell, scripts) {
  if (!sendsSql(cell, scripts)) return null;
  const runs = cell.instructions?.runs;
  if (Array.isArray(runs)) {
    const clients = cell.parameters?.clients ?? 1;
    for (const [i, run] of runs.entries()) {
      const processed = run.transactionsPerClient * clients;
      const at = `instructions.runs[${i}].server`;
      const found = transactionsShortfall(run.server, processed, {at, slack: clients});
      if (found) return found;
    }
    return null;
  }
  const {processed, tps} = cell.summary;
  return transactionsShortfall(cell.server, processed, {at: 'server', slack: typeof tps === 'number' ? tps : 0});
}

function unsupported(summary) {
  const [first] = unsupportedFigures(summary);
  return first ? {at: `summary.${first.field}`, message: `${first.message}: pgbench prints no such figures`} : null;
}

/**
 * What the server did (a cell's or one of its runs'), against the readings and the sampler's rows it keeps; null
 * where they agree or it keeps none (uncheckedFigures).
 */
function serverDifference(server, at) {
  if (!server) return null;
  if (server.readings) {
    const {readings, waits, ...stored} = server;
    const found = firstDifference(stored, activityBetween(readings.before, readings.after), at);
    if (found) return {...found, from: `its readings (${at}.readings)`};
  }
  if (typeof server.waits?.output === 'string') {
    const {output, ...stored} = server.waits;
    const found = firstDifference(stored, parseWaits(output), `${at}.waits`);
    if (found) return {...found, from: `the sampler's rows (${at}.waits.output)`};
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
  if (!instructions) return null;
  const runs = instructions.runs;
  // Its figure is derived from its two runs and its clients: without them it could not be checked.
  if (!Array.isArray(runs) || runs.length !== 2 || !(clients > 0)) {
    return {
      at: 'instructions',
      message:
        'an instructions cell keeps its two runs and its client count (parameters.clients), from which its ' +
        'figure per transaction is derived: without them it could not be checked',
    };
  }
  const [short, long] = runs;
  for (const [i, run] of runs.entries()) {
    const found = serverDifference(run.server, `instructions.runs[${i}].server`);
    if (found) return found;
  }
  // The longer run added transactions, and each takes instructions: its backends count more than the shorter's.
  if (!(long.transactionsPerClient > short.transactionsPerClient) || !(long.instructions > short.instructions)) {
    return {
      at: 'instructions.runs',
      message:
        `the longer run counts ${long.instructions} instructions for ${long.transactionsPerClient} transactions ` +
        `per client, the shorter ${short.instructions} for ${short.transactionsPerClient}: a longer run does more ` +
        'transactions and counts more instructions, so a transaction takes a positive number of them',
    };
  }
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

/**
 * What of a cell's figures could not be derived again, or checked, since its run kept not what they were derived
 * from or checked against (runs before 2026-11-28): `throughput` (a timed cell's, against the server's count of
 * the transactions that ended), `latencies` (its log's statistics, without the histogram), `activity` (the
 * server's counters, without their readings), `waits` (the sampled waits, without the sampler's rows). The pages
 * say so.
 */
export function uncheckedFigures(cell) {
  const log = cell.log?.kind === 'transactions' && cell.log.latencyUs ? cell.log : null;
  const servers = [cell.server, ...(cell.instructions?.runs ?? []).map((r) => r.server)].filter(Boolean);
  return {
    throughput: !cell.instructions && !cell.server?.transactions,
    latencies: Boolean(log) && !Array.isArray(log.histogramUs),
    activity: servers.some((s) => !s.readings),
    waits: servers.some((s) => s.waits && typeof s.waits.output !== 'string'),
  };
}

/** The day runs began keeping what every figure is checked against (the histogram, the readings, the samples). */
export const CHECKED_SINCE = '2026-11-28';

/**
 * What of a run's figures could not be checked in any of its cells that shows them (uncheckedFigures): said once
 * for the run (a run made before CHECKED_SINCE), where a group's note would say it of every group again.
 * @returns {{throughput: boolean, latencies: boolean, activity: boolean}}
 */
export function uncheckedOfRun(result) {
  const ok = result.cells.filter((c) => c.status === 'ok');
  const all = (applies, kind) => {
    const cells = ok.filter(applies);
    return cells.length > 0 && cells.every((c) => uncheckedFigures(c)[kind]);
  };
  return {
    throughput: all((c) => !c.instructions, 'throughput'),
    latencies: all((c) => c.log?.kind === 'transactions' && c.log.latencyUs, 'latencies'),
    activity: all((c) => c.server, 'activity') || all((c) => c.server?.waits, 'waits'),
  };
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
    const found = cellDifference(cell, result.scripts);
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
