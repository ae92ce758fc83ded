// Where the work of a transaction changed between two servers: the functions
// whose instructions per transaction differ most. A per-transaction profile
// is the difference between a longer and a shorter run of the same backends'
// work, divided by the transactions the longer run added, so that start-up,
// connection and exit cancel out (as they do in the total).
import {comparedName} from './function-names.mjs';
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
 * Per function (by the name versions are compared by: comparedName), its instructions per transaction,
 * clones and renamed versions added up; with the file of its largest part.
 */
function byComparedName(functions) {
  const out = new Map();
  for (const [key, value] of functions) {
    const {file, name} = splitKey(key);
    const as = comparedName(name);
    const known = out.get(as) ?? {value: 0, file: null, largest: -Infinity};
    known.value += value;
    if (Math.abs(value) > known.largest)
      Object.assign(known, {largest: Math.abs(value), file: file === '???' ? null : file});
    out.set(as, known);
  }
  return out;
}

/**
 * The largest change of any one function between two profiles of the same code (an A/A pair), as a
 * fraction of the first's total per transaction: how far a function's count moves by chance.
 */
export function functionNoise(first, second) {
  const [a, b] = [byComparedName(first.functions), byComparedName(second.functions)];
  let largest = 0;
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    largest = Math.max(largest, Math.abs((b.get(name)?.value ?? 0) - (a.get(name)?.value ?? 0)));
  }
  return largest / first.total;
}

/**
 * The functions whose instructions per transaction changed most from `before` to `after`, largest
 * change (either way) first, matched by comparedName (a renamed function is one row). Left out, and
 * counted: changes no larger than the noise (a fraction of `before`'s total, from an A/A pair:
 * functionNoise), and larger ones of functions whose count per transaction came out negative beyond
 * the noise in either profile (the shorter run did more of that work: not a per-transaction figure),
 * most negative first. A count within the noise of 0 is taken as 0.
 * @param {{total: number, functions: Map<string, number>}} before  per transaction (perTransaction)
 * @param {{total: number, functions: Map<string, number>}} after
 * @param {{top?: number, noise?: number}} [options]  how many functions (default 10); the noise fraction
 * @returns {{before: number, after: number, change: number, noise: number, belowNoise: number,
 *   negative: string[], beyond: {count: number, change: number}, functions: {name: string, file: string|null,
 *   before: number, after: number, change: number, share: number}[]}}  share: the change as a fraction of
 *   `before`'s total per transaction
 */
export function functionChanges(before, after, {top = 10, noise = 0} = {}) {
  const [b, a] = [byComparedName(before.functions), byComparedName(after.functions)];
  const floor = noise * before.total;
  const rows = [];
  const negative = [];
  let belowNoise = 0;
  // A count no farther from 0 than the noise is 0 as far as the pair can tell: a function that did 1,136
  // instructions per transaction on one server and -6 on the other changed by -1,136, not "negative".
  const measured = (v) => (Math.abs(v) <= floor ? 0 : v);
  for (const name of new Set([...b.keys(), ...a.keys()])) {
    const [rawBefore, rawAfter] = [b.get(name)?.value ?? 0, a.get(name)?.value ?? 0];
    if (rawBefore === rawAfter) continue;
    const [x, y] = [measured(rawBefore), measured(rawAfter)];
    if (Math.abs(y - x) <= floor) belowNoise++;
    else if (x < 0 || y < 0) negative.push({name, most: Math.min(x, y)});
    else rows.push({name, file: (a.get(name) ?? b.get(name)).file, before: x, after: y, change: y - x});
  }
  negative.sort((p, q) => p.most - q.most || (p.name < q.name ? -1 : 1));
  rows.sort((p, q) => Math.abs(q.change) - Math.abs(p.change) || (p.name < q.name ? -1 : 1));
  return {
    before: before.total,
    after: after.total,
    change: after.total - before.total,
    noise: floor,
    belowNoise,
    negative: negative.map((n) => n.name),
    functions: rows.slice(0, top).map((r) => ({...r, share: r.change / before.total})),
    // Above the noise but below the top: how many, and their changes added up.
    beyond: {count: Math.max(0, rows.length - top), change: rows.slice(top).reduce((sum, r) => sum + r.change, 0)},
  };
}
