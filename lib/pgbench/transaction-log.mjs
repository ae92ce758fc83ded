// Statistics of pgbench per-transaction logs (`-l`), read as raw bytes.
//
// A line: client_id transaction_no latency_us script_no epoch_s epoch_us [lag_us] [retries]
// where latency_us is a word (failed, serialization, deadlock, skipped) for a
// transaction that did not complete. One log file per thread, each in time order.
//
// Pure: byte chunks in, statistics out. Built for logs of millions of lines:
// the per-line work runs in WebAssembly (scan-log.wat), which counts, keeps a
// histogram, and stores each latency once (4 bytes); no string per line.
// - Percentiles over the whole run are exact at 1 µs: the histogram counts
//   every latency under 2^20 µs, and the rare larger ones are kept in a list.
// - Per second, p50 and p99 are exact too: each file's stretch of one second is
//   a run in the store; a second's runs are gathered and selected.
import scanLogWasm from './scan-log.wasm.mjs';

// The memory layout of scan-log.wat.
const IN_END = 0x200000;
const HIST = 0x200000;
const HISTOGRAM_US = 1 << 20;
const EVENTS = 0x600000;
const STORE = 0x700000;
const PAGE = 65536;
const SHORTEST_LINE = 12; // "0 1 1 0 1 1\n": at most one latency per 12 bytes

const NL = 10;
const TOO_LARGE = 'the latency (third column) is 2^32 µs (71 minutes) or more, larger than this reader keeps exactly';
const wasmModule = new WebAssembly.Module(scanLogWasm);

/** Nearest rank: the smallest value with at least p% of the values at or below it. */
export const nearestRank = (p, n) => Math.max(1, Math.ceil((p / 100) * n));

export const PERCENTILES = [
  ['p50', 50],
  ['p90', 90],
  ['p95', 95],
  ['p99', 99],
  ['p999', 99.9],
];

/**
 * The latency statistics of completed transactions from their histogram ([µs, transactions] pairs, ascending):
 * min, the PERCENTILES (nearest rank), max, mean and the population stddev; null when there are none. The one
 * way they are computed: from a log as it is read, and again from the histogram a result keeps
 * (lib/results/rederive.mjs).
 */
export function latencyFromHistogram(pairs) {
  let n = 0;
  let sum = 0;
  for (const [v, count] of pairs) {
    n += count;
    sum += v * count;
  }
  if (n === 0) return null;
  const mean = sum / n;
  let squares = 0;
  for (const [v, count] of pairs) squares += count * (v - mean) ** 2;
  const stats = {min: pairs[0][0]};
  const ranks = PERCENTILES.map(([key, p]) => [key, nearestRank(p, n)]);
  let seen = 0;
  let r = 0;
  for (const [v, count] of pairs) {
    seen += count;
    while (r < ranks.length && seen >= ranks[r][1]) stats[ranks[r++][0]] = v;
  }
  return {...stats, max: pairs.at(-1)[0], mean, stddev: Math.sqrt(squares / n)};
}

/**
 * @param {object} [options]
 * @param {boolean|null} [options.hasLag]  the run used a rate limit (-R): a lag column follows epoch_us
 * @param {boolean|null} [options.hasRetries]  max tries ≠ 1: a retries column ends the line
 *   Either may be null (unknown): then 7-column lines are ambiguous and their retries are not counted.
 */
export function createTransactionLogStats({hasLag = null, hasRetries = null} = {}) {
  const w = new WebAssembly.Instance(wasmModule).exports;
  w.hasLag.value = hasLag === null ? -1 : Number(hasLag);
  w.hasRetries.value = hasRetries === null ? -1 : Number(hasRetries);
  const overflow = [];
  const errors = [];
  const runSecond = [];
  const runStart = [];
  let lastFile = null;

  /** Makes room for `values` more latencies (and a scratch copy of them) after the store. */
  function reserve(values) {
    const need = STORE + (w.stored.value + values) * 4;
    if (need > w.memory.buffer.byteLength) w.memory.grow(Math.ceil((need - w.memory.buffer.byteLength) / PAGE));
  }

  function reportBad(f, at, line, why = null) {
    if (errors.length >= 5) return;
    const bytes = new Uint8Array(w.memory.buffer);
    let to = bytes.indexOf(NL, at);
    if (to < 0 || to - at > 120) to = at + 120;
    const text = Buffer.from(bytes.subarray(at, to)).toString('latin1').replace(/\r$/, '');
    const kind = why ? 'impossible' : 'other';
    errors.push({
      kind,
      message: `${f.name}:${line}: ${why ?? 'not a per-transaction log line'}: ${JSON.stringify(text)}`,
    });
  }

  /** Scans memory[0, end), which ends right after a "\n", for file `f`. */
  function scan(f, end) {
    reserve(Math.ceil(end / SHORTEST_LINE) + 1);
    // Another file's lines came in between: this file's second starts a new run.
    w.second.value = lastFile === f ? f.second : -1;
    w.line.value = f.line;
    lastFile = f;
    for (let p = 0; p < end; p = w.consumed.value) {
      w.scan(p, end);
      const events = new Float64Array(w.memory.buffer, EVENTS, w.events.value * 4);
      for (let e = 0; e < events.length; e += 4) {
        if (events[e] === 1) {
          runSecond.push(events[e + 1]);
          runStart.push(events[e + 2]);
        } else if (events[e] === 2) overflow.push(events[e + 1]);
        else reportBad(f, events[e + 1], events[e + 2], events[e] === 4 ? TOO_LARGE : null);
      }
    }
    f.second = w.second.value;
    f.line = w.line.value;
  }

  function file(name = 'log') {
    const f = {name, carry: null, line: 0, second: -1};
    const room = IN_END >> 1;
    return {
      /** @param {Uint8Array} chunk  any size; the caller may reuse it once push returns */
      push(chunk) {
        for (let at = 0; at < chunk.length; at += room) {
          const piece = chunk.subarray(at, at + room);
          const bytes = new Uint8Array(w.memory.buffer);
          let used = 0;
          if (f.carry) {
            bytes.set(f.carry, 0);
            used = f.carry.length;
            f.carry = null;
          }
          bytes.set(piece, used);
          const end = used + piece.length;
          const lastNl = bytes.lastIndexOf(NL, end - 1);
          if (lastNl >= 0) scan(f, lastNl + 1);
          if (lastNl + 1 < end) {
            if (end - (lastNl + 1) < room) {
              f.carry = Buffer.from(new Uint8Array(w.memory.buffer, lastNl + 1, end - lastNl - 1));
            } else {
              // A "line" longer than the room for one is no log line, whatever it is.
              w.malformed.value += 1;
              reportBad(f, lastNl + 1, ++f.line);
            }
          }
        }
      },
      end() {
        if (f.carry) {
          // The last line has no "\n": give it one, so the scanner sees a whole line.
          const bytes = new Uint8Array(w.memory.buffer);
          bytes.set(f.carry, 0);
          bytes[f.carry.length] = NL;
          scan(f, f.carry.length + 1);
          f.carry = null;
        }
      },
    };
  }

  /** Every completed latency as [µs, transactions] pairs, ascending: the histogram, then the rare larger ones. */
  function histogram() {
    const hist = new Uint32Array(w.memory.buffer, HIST, HISTOGRAM_US);
    const pairs = [];
    for (let v = w.min.value; v < Math.min(w.max.value + 1, HISTOGRAM_US); v++) if (hist[v]) pairs.push([v, hist[v]]);
    overflow.sort((a, b) => a - b);
    for (const v of overflow) {
      if (pairs.at(-1)?.[0] === v) pairs.at(-1)[1]++;
      else pairs.push([v, 1]);
    }
    return pairs;
  }

  function perSecond() {
    const stored = w.stored.value;
    const runEnd = runStart.map((_, i) => (i + 1 < runStart.length ? runStart[i + 1] : stored));
    const order = runSecond.map((_, i) => i).sort((a, b) => runSecond[a] - runSecond[b] || a - b);
    // Room after the store for a scratch copy of the busiest second.
    const perSecondCount = new Map();
    for (const [i, second] of runSecond.entries()) {
      perSecondCount.set(second, (perSecondCount.get(second) ?? 0) + runEnd[i] - runStart[i]);
    }
    reserve(Math.max(0, ...perSecondCount.values()));
    const scratch = STORE + stored * 4;
    const series = [];
    for (let i = 0; i < order.length; ) {
      const second = runSecond[order[i]];
      const bytes = new Uint8Array(w.memory.buffer);
      let n = 0;
      let j = i;
      for (; j < order.length && runSecond[order[j]] === second; j++) {
        const run = order[j];
        bytes.copyWithin(scratch + n * 4, STORE + runStart[run] * 4, STORE + runEnd[run] * 4);
        n += runEnd[run] - runStart[run];
      }
      if (n > 0) {
        const k50 = nearestRank(50, n) - 1;
        const k99 = nearestRank(99, n) - 1;
        const p50Us = w.select(scratch, n, k50) >>> 0;
        // Everything after k50 is now ≥ p50: p99 lies there.
        const p99Us = w.select(scratch + k50 * 4, n - k50, k99 - k50) >>> 0;
        series.push({epochS: second, tps: n, p50Us, p99Us});
      }
      i = j;
    }
    return series;
  }

  function result() {
    const completed = w.completed.value;
    const histogramUs = completed === 0 ? [] : histogram();
    const failed = w.failed.value;
    const skipped = w.skipped.value;
    const malformed = w.malformed.value;
    const problems = [...errors];
    if (completed + failed + skipped === 0 && malformed === 0)
      problems.push({kind: 'other', message: 'The log holds no transactions.'});
    if (malformed > errors.length)
      problems.push({kind: 'other', message: `${malformed} lines in all were not per-transaction log lines.`});
    return {
      kind: 'transactions',
      transactions: completed,
      failed,
      skipped,
      serializationFailures: w.serialization.value,
      deadlockFailures: w.deadlock.value,
      retries: w.retriesUnknown.value ? null : w.retries.value,
      latencyUs: latencyFromHistogram(histogramUs),
      histogramUs,
      perSecond: perSecond(),
      errors: problems,
    };
  }

  return {file, result};
}
