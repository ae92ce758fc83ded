// A cell as if pgbench had measured `factor` times its throughput: its output
// rewritten (transactions processed, tps, latencies, progress lines) and read
// again, so the cell agrees with its own output as a measured one does
// (lib/results/rederive.mjs). For generated data only: the runs that tests and
// benchmarks make from a fixture. Never for a result in results/, whose
// figures are what pgbench printed.
import {parseOutput} from '../pgbench/parse-output.mjs';

/** A printed number times `factor`, printed with as many decimals. */
const times = (text, factor) => (Number(text) * factor).toFixed((text.split('.')[1] ?? '').length);

function scaledOutput(text, factor) {
  if (typeof text !== 'string') return text;
  return text
    .replace(/^(number of transactions actually processed: )(\d+)/m, (_, head, n) => head + Math.round(n * factor))
    .replace(/^(tps = )([\d.]+)/m, (_, head, tps) => head + times(tps, factor))
    .replace(/^(latency (?:average|stddev) = )([\d.]+)/gm, (_, head, ms) => head + times(ms, 1 / factor))
    .replace(/^progress: .*$/gm, (line) =>
      line
        .replace(/([\d.]+)( tps)/, (_, tps, unit) => times(tps, factor) + unit)
        .replace(/(lat |stddev )([\d.]+)/g, (_, head, ms) => head + times(ms, 1 / factor)),
    );
}

/** The seconds' counts times `factor`, rounded so that they still add up to the log's count, `total`. */
function scaledSeconds(seconds, total, factor) {
  if (!seconds) return seconds;
  const scaled = seconds.map((s) => ({...s, tps: Math.round(s.tps * factor)}));
  const rest = total - scaled.reduce((n, s) => n + s.tps, 0);
  const last = scaled.at(-1);
  if (last) last.tps = Math.max(0, last.tps + rest);
  return scaled;
}

/** A transaction log's statistics for the scaled output: its count and mean are the output's. */
function scaledLog(log, summary, factor) {
  if (log?.kind !== 'transactions') return log;
  const latencyUs = Object.fromEntries(
    Object.entries(log.latencyUs).map(([k, us]) => [k, typeof us === 'number' ? Math.round(us / factor) : us]),
  );
  if (typeof summary.latencyAvgMs === 'number') latencyUs.mean = summary.latencyAvgMs * 1000;
  if (typeof log.latencyUs.stddev === 'number') latencyUs.stddev = log.latencyUs.stddev / factor;
  // Its latencies are scaled, not the transactions': the histogram they came from is left out.
  const {histogramUs, ...kept} = log;
  return {
    ...kept,
    transactions: summary.processed ?? log.transactions,
    latencyUs,
    perSecond: scaledSeconds(log.perSecond, summary.processed ?? log.transactions, factor),
  };
}

/**
 * @param {object} cell  a result's cell, with its raw output
 * @param {number} factor  its throughput's multiple (latencies are divided by it)
 * @returns {object}  the cell with its raw output, summary and log scaled
 */
export function scaledCell(cell, factor) {
  const raw = Object.fromEntries(Object.entries(cell.raw).map(([k, text]) => [k, scaledOutput(text, factor)]));
  const summary = raw.output !== undefined ? parseOutput(raw.output) : parseOutput(raw.stdout ?? '', raw.stderr ?? '');
  return {...cell, raw, summary, log: scaledLog(cell.log, summary, factor)};
}
