// Where the work of a transaction changed between two servers: the functions
// whose instructions per transaction differ most. A per-transaction profile
// is the difference between a longer and a shorter run of the same backends'
// work, divided by the transactions the longer run added, so that start-up,
// connection and exit cancel out (as they do in the total).
import {splitKey} from './read-cachegrind.mjs';

/**
 * Instructions per transaction, in total and per function.
 * @param {{total: number, functions: Map<string, number>}} short  the shorter runs' backends, added up
 * @param {{total: number, functions: Map<string, number>}} long  the longer runs' backends, added up
 * @param {number} transactions  how many more transactions the longer runs made (all clients, all repeats)
 */
export function perTransaction(short, long, transactions) {
  if (!(transactions > 0))
    throw new Error(`perTransaction: the longer runs must add transactions, not ${transactions}`);
  const functions = new Map();
  for (const key of new Set([...short.functions.keys(), ...long.functions.keys()])) {
    const value = ((long.functions.get(key) ?? 0) - (short.functions.get(key) ?? 0)) / transactions;
    if (value !== 0) functions.set(key, value);
  }
  return {total: (long.total - short.total) / transactions, functions};
}

/**
 * The functions whose instructions per transaction changed most from `before`
 * to `after`, largest change (either way) first.
 * @param {{total: number, functions: Map<string, number>}} before  per transaction (perTransaction)
 * @param {{total: number, functions: Map<string, number>}} after
 * @param {{top?: number}} [options]  how many functions (default 10)
 * @returns {{before: number, after: number, change: number, functions: {name: string, file: string|null,
 *   before: number, after: number, change: number, share: number|null}[]}}  share: the function's part of
 *   the total change (null when the total did not change); negative when it went against it
 */
export function functionChanges(before, after, {top = 10} = {}) {
  const change = after.total - before.total;
  const rows = [];
  for (const key of new Set([...before.functions.keys(), ...after.functions.keys()])) {
    const b = before.functions.get(key) ?? 0;
    const a = after.functions.get(key) ?? 0;
    if (a === b) continue;
    const {file, name} = splitKey(key);
    rows.push({name, file: file === '???' ? null : file, before: b, after: a, change: a - b});
  }
  rows.sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || (x.name < y.name ? -1 : 1));
  return {
    before: before.total,
    after: after.total,
    change,
    functions: rows.slice(0, top).map((r) => ({...r, share: change === 0 ? null : r.change / change})),
  };
}
