import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {parseOutput} from './parse-output.mjs';
import {createAggregateLogStats} from './aggregate-log.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;

function stats(text) {
  const acc = createAggregateLogStats();
  const sink = acc.file('agg');
  for (const line of text.split('\n')) sink.line(line);
  sink.end();
  return acc.result();
}

test('an aggregate log, literally: totals and the interval series', () => {
  const r = stats(readFileSync(`${FIXTURES}18/fail_agg_full/pgbench_log.11402`, 'utf8'));
  assert.deepEqual(
    {...r, intervals: r.intervals.length},
    {
      kind: 'aggregate',
      intervalS: 1,
      transactions: 168,
      failed: 250,
      skipped: 343,
      serializationFailures: 129,
      deadlockFailures: 121,
      retried: 61,
      retries: 64,
      latencyUs: {min: 2539, max: 71054, mean: 2342967 / 168, stddev: r.latencyUs.stddev},
      intervals: 3,
      errors: [],
    },
  );
  assert.deepEqual(r.intervals[0], {
    epochS: 1795341768,
    transactions: 38,
    latencyAvgUs: 512129 / 38,
    latencyMinUs: 2539,
    latencyMaxUs: 47782,
    failed: 49,
    skipped: 91,
    retried: 15,
    retries: 15,
  });
  // sqrt(sum2 / n - mean²), as pgbench computes it
  const mean = 2342967 / 168;
  assert.equal(r.latencyUs.stddev, Math.sqrt((16141270091 + 28715036351 + 25474997405) / 168 - mean * mean));
});

// pgbench does not write the last, unfinished interval: the log's totals can
// only fall short of the summary's, never exceed them.
for (const v of ['15', '17', '18']) {
  test(`${v}: aggregate totals do not exceed the summary's`, () => {
    const dir = `${FIXTURES}${v}/run_agg/`;
    const summary = parseOutput(readFileSync(`${dir}stdout`, 'utf8'));
    const [log] = readdirSync(dir).filter((f) => f.startsWith('pgbench_log'));
    const r = stats(readFileSync(dir + log, 'utf8'));
    assert.ok(r.transactions > 0 && r.transactions <= summary.processed, `${r.transactions} vs ${summary.processed}`);
    assert.deepEqual(r.errors, []);
  });
}

test('a line without the 15 columns is named by file and line', () => {
  const r = stats('1795341720 10 800 64000 80 80 0 0 0 0 0 0 0 0 0\n1795341721 10 800\n');
  assert.equal(r.transactions, 10);
  assert.deepEqual(r.errors, [
    {kind: 'other', message: 'agg:2: not a 15-column aggregate log line: "1795341721 10 800"'},
  ]);
});

test('an empty aggregate log says it holds no intervals', () => {
  assert.deepEqual(stats('').errors, [{kind: 'other', message: 'The log holds no intervals.'}]);
});
