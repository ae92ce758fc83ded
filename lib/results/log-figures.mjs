// A cell's transaction log statistics (schemas/result.md, log) against what they must agree with: the
// histogram of its latencies kept beside them (from 2026-11-28), the output pgbench printed with them, and
// what any set of latencies allows (rederive.mjs says why each).
import {latencyFromHistogram, nearestRank, PERCENTILES} from '../pgbench/transaction-log.mjs';
import {firstDifference, ROUND_OFF} from './figure-differences.mjs';

/** A transaction log's statistics against the histogram and the output they came with. */
export function logDifference(log, summary) {
  if (log?.kind !== 'transactions') return null;
  if (Array.isArray(log.histogramUs)) {
    const counted = log.histogramUs.reduce((n, [, count]) => n + count, 0);
    const from = 'its histogram (log.histogramUs)';
    if (counted !== log.transactions) return {at: 'log.transactions', stored: log.transactions, derived: counted, from};
    const found = firstDifference(log.latencyUs, latencyFromHistogram(log.histogramUs), 'log.latencyUs');
    if (found) return {...found, from};
  }
  if (!log.latencyUs) {
    // No latencies is what a log of no completed transaction has, and nothing else.
    return log.transactions > 0
      ? {at: 'log.latencyUs', message: `is null, where the log counts ${log.transactions} completed transactions`}
      : null;
  }
  if (typeof summary.processed === 'number' && log.transactions !== summary.processed) {
    return {
      at: 'log.transactions',
      stored: log.transactions,
      derived: summary.processed,
      from: "its output's processed count",
    };
  }
  const perSecond = (log.perSecond ?? []).reduce((n, s) => n + s.tps, 0);
  if (perSecond !== log.transactions) {
    return {at: 'log.perSecond', stored: perSecond, derived: log.transactions, from: 'its count (log.transactions)'};
  }
  const {min, p50, p90, p95, p99, p999, max, mean} = log.latencyUs;
  const ordered = [min, p50, p90, p95, p99, p999, max].filter((v) => typeof v === 'number');
  if (ordered.some((v, i) => i > 0 && v < ordered[i - 1])) {
    return {
      at: 'log.latencyUs',
      message: 'its percentiles are out of order (a real log has min ≤ p50 ≤ … ≤ p999 ≤ max)',
    };
  }
  const room = percentileWithoutRoom(log.latencyUs, log.transactions);
  if (room) return room;
  // pgbench times each transaction, and prints a stddev, with -P, -R or -L: its average is then the log's mean,
  // printed to 3 decimals of a ms.
  if (typeof summary.latencyStddevMs === 'number' && typeof mean === 'number' && summary.latencyAvgMs !== null) {
    if (Math.abs(mean / 1000 - summary.latencyAvgMs) > 0.0005 + ROUND_OFF) {
      return {at: 'log.latencyUs.mean', stored: mean, derived: summary.latencyAvgMs * 1000, from: 'its output'};
    }
  }
  return null;
}

/**
 * A percentile the mean leaves no room for. Of n latencies, the rank-th smallest is the percentile P: the rank − 1
 * below it are at least the min, the n − rank + 1 from it on at least P, the rank up to it at most P and the rest
 * at most the max. So n × mean lies between (rank − 1)·min + (n − rank + 1)·P and rank·P + (n − rank)·max, for
 * any latencies at all (the committed runs keep 10% of the mean or more from the nearer bound).
 */
function percentileWithoutRoom(latencyUs, n) {
  const {min, max, mean} = latencyUs;
  if (!(n > 0) || ![min, max, mean].every((v) => typeof v === 'number')) return null;
  for (const [key, p] of PERCENTILES) {
    const value = latencyUs[key];
    if (typeof value !== 'number') continue;
    const rank = nearestRank(p, n);
    const lowest = ((rank - 1) * min + (n - rank + 1) * value) / n;
    const highest = (rank * value + (n - rank) * max) / n;
    if (mean < lowest * (1 - ROUND_OFF) || mean > highest * (1 + ROUND_OFF)) {
      const [which, bound] = mean < lowest ? ['at least', lowest] : ['at most', highest];
      return {
        at: `log.latencyUs.${key}`,
        message:
          `${key} = ${value} µs of ${n} transactions from ${min} to ${max} µs needs a mean of ${which} ` +
          `${Number(bound.toPrecision(6))} µs, not ${Number(mean.toPrecision(6))}: no latencies give these figures`,
      };
    }
  }
  return null;
}
