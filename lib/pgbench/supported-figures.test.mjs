import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {parseOutput} from './parse-output.mjs';
import {unsupportedFigures} from './supported-figures.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;

/** Every real output the fixtures hold (15, 17, 18): a run folder's streams, or a merged file. */
function realOutputs() {
  const outputs = [];
  for (const version of ['15', '17', '18', 'extra']) {
    for (const name of readdirSync(path.join(FIXTURES, version))) {
      const p = path.join(FIXTURES, version, name);
      if (statSync(p).isDirectory()) {
        const read = (f) => {
          try {
            return readFileSync(path.join(p, f), 'utf8');
          } catch {
            return '';
          }
        };
        outputs.push({name: `${version}/${name}`, summary: parseOutput(read('stdout'), read('stderr'))});
      } else if (/\.(out|err)$/.test(name)) {
        outputs.push({name: `${version}/${name}`, summary: parseOutput(readFileSync(p, 'utf8'))});
      }
    }
  }
  return outputs.filter((o) => typeof o.summary.tps === 'number');
}

test("pgbench's real outputs are supported by their own counts: 15, 17 and 18, rate-limited, aborted", () => {
  const outputs = realOutputs();
  assert.ok(outputs.length >= 40, `${outputs.length} outputs with a tps`);
  assert.deepEqual(
    outputs.filter((o) => unsupportedFigures(o.summary).length > 0).map((o) => o.name),
    [],
  );
});

test("the probe's import: 99,999,999 TPS from 12,514 transactions in 1 s is refused, tps and latency", () => {
  const text = readFileSync(path.join(FIXTURES, '17/run_rate_only/stdout'), 'utf8')
    .replace('duration: 2 s', 'duration: 1 s')
    .replace(/processed: \d+/, 'processed: 12514')
    .replace(/tps = [\d.]+/, 'tps = 99999999.000000');
  assert.deepEqual(unsupportedFigures(parseOutput(text)), [
    {field: 'tps', line: 'tps = ', message: 'tps = 99,999,999, but its 12,514 transactions in 1 s give 12,514'},
    {
      field: 'latencyAvgMs',
      line: 'latency average = ',
      message: 'latency average = 0.485 ms, but 2 client(s) at tps = 99,999,999 wait at most 0.00002 ms a transaction',
    },
    {
      field: 'tps',
      line: 'tps = ',
      message:
        'tps = 99,999,999 from 1 pgbench thread(s): a thread completes a transaction in no less than a ' +
        'microsecond (a message sent and one read), at most a million a second',
    },
  ]);
});

test('tps a tenth of what the counts give, or latency far above clients ÷ tps, is refused', () => {
  const run = {tps: 1000, processed: 60000, durationS: 60, clients: 4, latencyAvgMs: 3.9};
  assert.deepEqual(unsupportedFigures(run), []);
  assert.deepEqual(
    unsupportedFigures({...run, tps: 100}).map((f) => f.field),
    ['tps'],
  );
  assert.deepEqual(
    unsupportedFigures({...run, latencyAvgMs: 40}).map((f) => f.field),
    ['latencyAvgMs'],
  );
  // Under -R, latency counts the wait for the schedule: the clients were busy for the rest only.
  assert.deepEqual(unsupportedFigures({...run, latencyAvgMs: 40, lagAvgMs: 37}), []);
  // An aborted run stops early: its time may be shorter than its duration.
  assert.deepEqual(unsupportedFigures({...run, tps: 2000, latencyAvgMs: 1.9, aborted: true}), []);
  // A run of -t has no duration to compare with; nothing without a throughput.
  assert.deepEqual(unsupportedFigures({...run, durationS: undefined, tps: 100, latencyAvgMs: 39}), []);
  assert.deepEqual(unsupportedFigures({processed: 0, tps: null}), []);
});

test('an output forged whole to add up (99,999,999 tps in 1 s) is beyond what its pgbench thread can drive', () => {
  const forged = [
    'pgbench (17.11)',
    'transaction type: <builtin: select only>',
    'scaling factor: 1',
    'query mode: simple',
    'number of clients: 1',
    'number of threads: 1',
    'maximum number of tries: 1',
    'duration: 1 s',
    'number of transactions actually processed: 99999999',
    'number of failed transactions: 0 (0.000%)',
    'latency average = 0.000 ms',
    'initial connection time = 1.628 ms',
    'tps = 99999999.000000 (without initial connection time)',
  ].join('\n');
  assert.deepEqual(unsupportedFigures(parseOutput(forged)), [
    {
      field: 'tps',
      line: 'tps = ',
      message:
        'tps = 99,999,999 from 1 pgbench thread(s): a thread completes a transaction in no less than a ' +
        'microsecond (a message sent and one read), at most a million a second',
    },
  ]);
  // 8 clients on 4 threads may report up to 4 million.
  const many = forged
    .replace('clients: 1', 'clients: 8')
    .replace('threads: 1', 'threads: 4')
    .replace('processed: 99999999', 'processed: 3900000')
    .replace('tps = 99999999.000000', 'tps = 3900000.000000')
    .replace('latency average = 0.000', 'latency average = 0.002');
  assert.deepEqual(unsupportedFigures(parseOutput(many)), []);
});
