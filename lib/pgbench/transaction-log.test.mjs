import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {parseOutput} from './parse-output.mjs';
import {createTransactionLogStats, latencyFromHistogram, nearestRank, PERCENTILES} from './transaction-log.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;

/** The per-transaction log files of a captured case (one per thread). */
const logFiles = (caseDir) =>
  readdirSync(FIXTURES + caseDir)
    .filter((f) => f.startsWith('pgbench_log'))
    .sort()
    .map((f) => `${FIXTURES}${caseDir}/${f}`);

/** Feeds whole texts (or bytes) as files, in chunks of `size` bytes. */
function stats(files, {size = 1 << 20, ...options} = {}) {
  const acc = createTransactionLogStats(options);
  files.forEach((content, i) => {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const sink = acc.file(`log.${i}`);
    for (let at = 0; at < bytes.length; at += size) sink.push(bytes.subarray(at, at + size));
    sink.end();
  });
  return acc.result();
}

/** The same statistics the slow, obvious way: split, sort, index. */
function naive(files) {
  const latencies = files
    .flatMap((text) => text.split('\n'))
    .map((line) => line.split(' ')[2])
    .filter((l) => /^\d+$/.test(l ?? ''))
    .map(Number)
    .sort((a, b) => a - b);
  return Object.fromEntries(PERCENTILES.map(([key, p]) => [key, latencies[nearestRank(p, latencies.length) - 1]]));
}

const read = (files) => files.map((f) => readFileSync(f, 'utf8'));
const perTransactionCases = ['15', '17', '18'].flatMap((v) =>
  ['run_log', 'fail_tries1_log', 'fail_tries1_nodetail'].map((c) => `${v}/${c}`),
);

test('nearest rank: the smallest value with at least p% at or below it', () => {
  assert.equal(nearestRank(50, 4), 2);
  assert.equal(nearestRank(50, 5), 3);
  assert.equal(nearestRank(99, 100), 99);
  assert.equal(nearestRank(99.9, 10), 10);
  assert.equal(nearestRank(0, 10), 1);
});

for (const c of perTransactionCases) {
  test(`${c}: percentiles equal a sort of every latency`, () => {
    const texts = read(logFiles(c));
    const r = stats(texts);
    assert.deepEqual(Object.fromEntries(PERCENTILES.map(([k]) => [k, r.latencyUs[k]])), naive(texts));
  });
}

// When pgbench measures each latency (with -P, -R or -L), its "latency average"
// is the mean of the successful transactions, the same set the log lists.
for (const c of ['15/fail_tries1_nodetail', '17/fail_tries1_nodetail', '18/fail_tries1_nodetail']) {
  test(`${c}: the log's mean and stddev equal pgbench's printed latency average and stddev`, () => {
    const summary = parseOutput(readFileSync(`${FIXTURES}${c}/stdout`, 'utf8'));
    const r = stats(read(logFiles(c)));
    assert.equal((r.latencyUs.mean / 1000).toFixed(3), summary.latencyAvgMs.toFixed(3));
    assert.equal((r.latencyUs.stddev / 1000).toFixed(3), summary.latencyStddevMs.toFixed(3));
    assert.equal(r.transactions, summary.processed);
    assert.equal(r.failed, summary.failed);
  });
}

test('counts of a run with failures (--failures-detailed): serialization and deadlock apart', () => {
  const r = stats(read(logFiles('17/fail_tries1_log')));
  const summary = parseOutput(readFileSync(`${FIXTURES}17/fail_tries1_log/stdout`, 'utf8'));
  assert.deepEqual(
    [r.transactions, r.failed, r.serializationFailures, r.deadlockFailures, r.skipped],
    [summary.processed, summary.failed, summary.serializationFailures, summary.deadlockFailures, 0],
  );
});

test('a whole log, literally: counts, percentiles, mean and the per-second series', () => {
  const r = stats([
    '0 1 100 0 1700000000 100\n0 2 300 0 1700000000 400\n0 3 failed 0 1700000000 500\n',
    '1 1 200 0 1700000000 200\n1 2 skipped 0 1700000001 0\n1 3 400 0 1700000001 500\n1 4 deadlock 0 1700000001 900\n',
  ]);
  assert.deepEqual(r, {
    kind: 'transactions',
    transactions: 4,
    failed: 2,
    skipped: 1,
    serializationFailures: 0,
    deadlockFailures: 1,
    retries: 0,
    latencyUs: {
      min: 100,
      p50: 200,
      p90: 400,
      p95: 400,
      p99: 400,
      p999: 400,
      max: 400,
      mean: 250,
      stddev: Math.sqrt(12500),
    },
    histogramUs: [
      [100, 1],
      [200, 1],
      [300, 1],
      [400, 1],
    ],
    perSecond: [
      {epochS: 1700000000, tps: 3, p50Us: 200, p99Us: 300},
      {epochS: 1700000001, tps: 1, p50Us: 400, p99Us: 400},
    ],
    errors: [],
  });
});

test('chunk boundaries anywhere, down to one byte, change nothing', () => {
  const texts = read(logFiles('18/fail_tries1_nodetail'));
  const whole = stats(texts);
  for (const size of [1, 2, 3, 17, 4096]) assert.deepEqual(stats(texts, {size}), whole, `chunks of ${size}`);
});

test('CRLF line ends and a last line without a line end read the same', () => {
  const texts = read(logFiles('17/run_log'));
  assert.deepEqual(stats(texts.map((t) => t.replace(/\n/g, '\r\n'))), stats(texts));
  assert.deepEqual(stats(texts.map((t) => t.replace(/\n$/, ''))), stats(texts));
});

test('latencies of a second and more are exact too (beyond the histogram)', () => {
  const lines = [5, 2_000_000, 3_000_000, 1_048_576, 1_048_575]
    .map((l, i) => `0 ${i + 1} ${l} 0 1700000000 0\n`)
    .join('');
  const r = stats([lines]);
  assert.deepEqual(
    [r.latencyUs.min, r.latencyUs.p50, r.latencyUs.p90, r.latencyUs.max],
    [5, 1_048_576, 3_000_000, 3_000_000],
  );
  assert.deepEqual(r.perSecond, [{epochS: 1700000000, tps: 5, p50Us: 1_048_576, p99Us: 3_000_000}]);
});

test('a latency of 2^32 µs or more, or one past 2^64, is refused by file and line, not wrapped', () => {
  const past64 = '18446744073709551621'; // 2^64 + 5: wraps to 5 in 64-bit arithmetic
  const r = stats([`0 1 100 0 1700000000 0\n0 2 4294967296 0 1700000000 0\n0 3 ${past64} 0 1700000000 0\n`]);
  assert.equal(r.transactions, 1);
  assert.equal(r.latencyUs.max, 100);
  const why = 'the latency (third column) is 2^32 µs (71 minutes) or more, larger than this reader keeps exactly';
  assert.deepEqual(r.errors, [
    {kind: 'impossible', message: `log.0:2: ${why}: "0 2 4294967296 0 1700000000 0"`},
    {kind: 'impossible', message: `log.0:3: ${why}: "0 3 ${past64} 0 1700000000 0"`},
  ]);
  // Just under the limit is kept exactly.
  assert.equal(stats(['0 1 4294967295 0 1700000000 0\n']).latencyUs.max, 4294967295);
});

test('retries: the last column of 8, or of 7 when the run retried; unknown when it cannot be told', () => {
  const eight = '0 1 100 0 1700000000 0 12 2\n0 2 100 0 1700000000 0 3 1\n';
  assert.equal(stats([eight]).retries, 3);
  const seven = '0 1 100 0 1700000000 0 2\n';
  assert.equal(stats([seven], {hasRetries: true}).retries, 2);
  assert.equal(stats([seven], {hasLag: true, hasRetries: false}).retries, 0);
  assert.equal(stats([seven]).retries, null);
});

test('lines that are not log lines are counted and named by file and line, the rest still read', () => {
  const r = stats(['0 1 100 0 1700000000 0\nhello world\n0 2 200 0 1700000000 0\n0 3 x 0 1 1\n']);
  assert.equal(r.transactions, 2);
  assert.deepEqual(r.errors, [
    {kind: 'other', message: 'log.0:2: not a per-transaction log line: "hello world"'},
    {kind: 'other', message: 'log.0:4: not a per-transaction log line: "0 3 x 0 1 1"'},
  ]);
});

test('an empty log says it holds no transactions', () => {
  assert.deepEqual(stats(['']).errors, [{kind: 'other', message: 'The log holds no transactions.'}]);
  assert.equal(stats(['']).latencyUs, null);
});

test('binary garbage gives errors, not numbers', () => {
  const garbage = Buffer.from(Array.from({length: 5000}, (_, i) => (i * 7919) % 256));
  const r = stats([garbage]);
  assert.equal(r.transactions, 0);
  assert.equal(r.latencyUs, null);
  // i × 7919 takes every value mod 256 once in 256 bytes (7919 is odd): a newline every 256 bytes, 20 lines in
  // 5,000. The first five are named, then the count.
  assert.deepEqual(
    r.errors.map((e) => [e.kind, e.message.replace(/: ".*"$/s, '')]),
    [
      ...[1, 2, 3, 4, 5].map((n) => ['other', `log.0:${n}: not a per-transaction log line`]),
      ['other', '20 lines in all were not per-transaction log lines.'],
    ],
  );
});

test('many log files, read one after another or interleaved, give the same result', () => {
  const texts = read(logFiles('17/run_log'));
  const acc = createTransactionLogStats();
  const sinks = texts.map((_, i) => acc.file(`log.${i}`));
  const halves = texts.map((t) => [t.slice(0, t.length >> 1), t.slice(t.length >> 1)]);
  for (const part of [0, 1]) for (const [i, s] of sinks.entries()) s.push(Buffer.from(halves[i][part]));
  for (const s of sinks) s.end();
  assert.deepEqual(acc.result(), stats(texts));
});

test('the statistics from a histogram: nearest rank, an overflowed latency, repeated values', () => {
  // 10 transactions: 5 at 10 µs, 4 at 20 µs, 1 at 2^21 µs (above the reader's histogram).
  const pairs = [
    [10, 5],
    [20, 4],
    [2097152, 1],
  ];
  const mean = (50 + 80 + 2097152) / 10;
  assert.deepEqual(latencyFromHistogram(pairs), {
    min: 10,
    p50: 10,
    p90: 20,
    p95: 2097152,
    p99: 2097152,
    p999: 2097152,
    max: 2097152,
    mean,
    stddev: Math.sqrt((5 * (10 - mean) ** 2 + 4 * (20 - mean) ** 2 + (2097152 - mean) ** 2) / 10),
  });
  assert.equal(latencyFromHistogram([]), null);
});

test('a log with a latency above the histogram keeps it among the pairs, counted once per transaction', () => {
  const r = stats(['0 1 10 0 1700000000 0\n0 2 2097152 0 1700000000 1\n0 3 2097152 0 1700000000 2\n']);
  assert.deepEqual(r.histogramUs, [
    [10, 1],
    [2097152, 2],
  ]);
  assert.equal(r.latencyUs.max, 2097152);
  assert.equal(r.latencyUs.p50, 2097152);
});
