// Reads Callgrind's output files (valgrind --tool=callgrind, one per process)
// into the same shape as a Cachegrind file (read-cachegrind.mjs): the
// instructions (Ir) a process executed, in total and per function, each
// function's own work only.
//
// Why Callgrind: a forked process starts with its parent's counts. A backend's
// Cachegrind file therefore holds the postmaster's work up to the fork, which
// grows with every connection and with time. Run with --collect-atstart=no and
// --toggle-collect=PostgresMain, Callgrind counts only inside PostgresMain: the
// postmaster never enters it, so a backend inherits nothing and its file holds
// the backend's own work from PostgresMain on (start-up, every query, exit).
// The toggle is a flip, not a switch: before PostgresMain, where counting is
// off, the read of the start-up packet (secure_read) turns it on for its own
// length, so that read is counted, once per connection and the same in both
// runs of a cell (tens of instructions; more when it had to wait).
// A second toggle, on secure_read, leaves out reading the client's messages:
// whether a message is already there or the backend waits for it (and reads
// again) depends on timing, and a busy machine waits more. The postmaster
// never calls secure_read, so nothing is inherited from it either. Measured
// beside two busy processes (TPC-B-like, scale 1, 100 added transactions),
// the same repeat on twin PostgreSQL 17 servers differed by up to 0.09% with
// the waits counted and by at most 0.02% without; about 560 instructions a
// transaction (0.09%) are the reads themselves, left out with them.
// A third, on pgstat_report_stat, leaves out a backend's flushing of its
// statistics into shared memory: it flushes when idle and at most once a
// second, so how often depends on how long the run took, and a busy machine
// flushes more per transaction. Beside three busy processes (and the other
// test files of the integration tier) twin servers differed by up to 0.06%
// with the flushes counted; beside four, by at most 0.003% without. What a
// flush leaves to the next transaction (its statistics entries made anew) is
// still counted: a few instructions a transaction, as often as the flushes.
//
// The file is read as written with --compress-strings=no --compress-pos=no
// (names and positions in full on every line). A cost line right after a
// calls= line is the inclusive cost of that call, already counted where the
// callee's own lines are: it is skipped. fi=/fe= switch the file of the lines
// that follow (inlined code) within the same function, as Cachegrind keys them.
// A file whose totals disagree with the sum of its lines was cut short or
// written otherwise: it is refused, naming the file.
import {functionKey} from './read-cachegrind.mjs';

/**
 * Valgrind's options for the backend-only count (the output file's name comes after them), and for the
 * server's other processes counted beside it: inside their main functions, a process's counts written
 * whenever it enters ProcessConfigFile (scripts/runner/other-processes.mjs; IoWorkerMain exists from 18).
 */
export const CALLGRIND_OPTIONS = [
  '--tool=callgrind',
  '--collect-atstart=no',
  '--toggle-collect=PostgresMain',
  '--toggle-collect=secure_read',
  '--toggle-collect=pgstat_report_stat',
  '--toggle-collect=CheckpointerMain',
  '--toggle-collect=BackgroundWriterMain',
  '--toggle-collect=WalWriterMain',
  '--toggle-collect=IoWorkerMain',
  '--dump-before=ProcessConfigFile',
  // The cache simulation, for estimated cycles beside the instructions (estimatedCycles): it changes no Ir. The
  // caches are named, not detected: Valgrind 3.19 takes this machine's (a VM's) last level for 512 MiB 2-way,
  // where lscpu says 32 MiB; fixed sizes also keep counts of two hosts comparable.
  '--cache-sim=yes',
  '--I1=32768,8,64',
  '--D1=49152,12,64',
  '--LL=33554432,16,64',
  '--compress-strings=no',
  '--compress-pos=no',
];

/** What the counts cover, as a result records it (schemas/result.md, instructions.counted). */
export const COUNTED = 'PostgresMain-without-client-reads-or-stats-flushes';
/** What runs of 2026-11-25 and 26 counted: the same, their statistics flushes included. */
export const COUNTED_WITH_STATS_FLUSHES = 'PostgresMain-without-client-reads';
/** Whether a cell's count is a backend's own work by Callgrind (either way), not Cachegrind's whole process. */
export const countedByCallgrind = (counted) => counted === COUNTED || counted === COUNTED_WITH_STATS_FLUSHES;

/**
 * @param {string} text  a Callgrind output file
 * @param {string} [where]  its name, for errors
 * @returns {{command: string|null, description: string|null, total: number, functions: Map<string, number>,
 *   events: Record<string, number>}}  `events`: every event's total (Ir, and with --cache-sim=yes Dr, Dw and the
 *   misses); `description`: the simulated caches, as Callgrind's desc: lines name them (null without them)
 */
export function parseCallgrind(text, where = 'Callgrind output') {
  const functions = new Map();
  let command = null;
  let irColumn = -1;
  let positions = 1;
  let file = '???';
  let inlined = null;
  let fn = null;
  let totals = null;
  let names = [];
  const events = {};
  const desc = [];
  let counted = 0;
  let callCost = false;
  let compressed = false;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line.startsWith('#')) continue;
    const first = line.charCodeAt(0);
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) {
      if (first !== 48 && (first < 49 || first > 57)) compressed = true;
      if (callCost) {
        callCost = false;
        continue;
      }
      if (fn === null) throw new Error(`${where}:${i + 1}: counts before any fn= line: not a Callgrind file.`);
      const count = Number(line.split(' ')[positions + irColumn] ?? 0);
      if (!Number.isFinite(count)) throw new Error(`${where}:${i + 1}: "${line}" is not a line of counts.`);
      const key = functionKey(inlined ?? file, fn);
      functions.set(key, (functions.get(key) ?? 0) + count);
      counted += count;
    } else if (line.startsWith('calls=')) {
      callCost = true;
    } else if (line.startsWith('fl=')) {
      file = line.slice(3);
      inlined = null;
    } else if (line.startsWith('fi=') || line.startsWith('fe=')) {
      inlined = line.slice(3);
    } else if (line.startsWith('fn=')) {
      fn = line.slice(3);
      inlined = null;
    } else if (line.startsWith('events:')) {
      names = line.slice(7).trim().split(/\s+/);
      irColumn = names.indexOf('Ir');
      if (irColumn < 0) throw new Error(`${where}:${i + 1}: no Ir event (${line}).`);
    } else if (line.startsWith('positions:')) {
      positions = line.slice(10).trim().split(/\s+/).length;
    } else if (line.startsWith('cmd:')) {
      command = line.slice(4).trim();
    } else if (line.startsWith('desc:')) {
      desc.push(line.slice(5).trim());
    } else if (line.startsWith('totals:')) {
      const values = line.slice(7).trim().split(/\s+/).map(Number);
      totals = (totals ?? 0) + values[irColumn];
      // A count Callgrind leaves out at the end of a line is zero.
      names.forEach((name, i) => {
        events[name] = (events[name] ?? 0) + (values[i] ?? 0);
      });
    }
  }
  if (irColumn < 0) throw new Error(`${where}: no "events:" line: not a Callgrind output file.`);
  if (compressed || /^f[lnie]=\(\d+\)/m.test(text)) {
    throw new Error(`${where}: compressed names or positions: run Callgrind with ${CALLGRIND_OPTIONS.join(' ')}.`);
  }
  if (totals === null) throw new Error(`${where}: no "totals:" line: the file was cut short (its process killed?).`);
  if (totals !== counted) {
    throw new Error(`${where}: its totals say ${totals} instructions, its lines add up to ${counted}: cut short?`);
  }
  const caches = desc.filter((d) => /cache:/.test(d));
  return {command, description: caches.length > 0 ? caches.join('; ') : null, total: totals, functions, events};
}

/** The events estimatedCycles needs: Callgrind's with --cache-sim=yes. */
const CACHE_EVENTS = ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw'];

/**
 * Estimated cycles from a cache simulation's counts, by Itamar Turner-Trauring's formula (as iai, Gungraun and
 * CodSpeed use it): L1 hits + 5 × last-level hits + 35 × RAM accesses, where RAM accesses are the last-level
 * misses, last-level hits the first-level misses less those, and L1 hits every access (instruction fetches, data
 * reads and writes) less both. Null where the counts hold no cache simulation.
 */
export function estimatedCycles(events) {
  if (!CACHE_EVENTS.every((e) => Number.isFinite(events?.[e]))) return null;
  const ram = events.ILmr + events.DLmr + events.DLmw;
  const lastLevel = events.I1mr + events.D1mr + events.D1mw - ram;
  const l1 = events.Ir + events.Dr + events.Dw - lastLevel - ram;
  return CYCLE_WEIGHTS.l1 * l1 + CYCLE_WEIGHTS.lastLevel * lastLevel + CYCLE_WEIGHTS.ram * ram;
}

/** The cycles an access costs by where the simulated caches found it (the pages name them). */
export const CYCLE_WEIGHTS = {l1: 1, lastLevel: 5, ram: 35};
