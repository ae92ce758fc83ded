// A cell is ok only with figures: real pgbench 17 output, altered as pgbench itself prints a run that measured nothing.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {parseOutput} from '../pgbench/parse-output.mjs';
import {statusOf} from './cell-status.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;
const output = readFileSync(`${FIXTURES}17/run_T_progress/stdout`, 'utf8');
const status = (text, exitCode = 0) => statusOf(parseOutput(text), exitCode);

test('a run with its summary and figures is ok', () => {
  assert.deepEqual(status(output), {status: 'ok', error: null});
});

test('0 transactions, a TPS of nan or inf, or no summary at all: failed, with the reason', () => {
  const zero = output
    .replace(/processed: \d+/, 'processed: 0')
    .replace(/^latency.*\n/gm, '')
    .replace(/^tps = [\d.]+/m, 'tps = 0.000000');
  assert.match(status(zero).error.message, /^pgbench processed 0 transactions/);
  assert.equal(status(zero).status, 'failed');
  for (const bad of ['nan', 'inf']) {
    const r = status(output.replace(/^tps = [\d.]+/m, `tps = ${bad}`));
    assert.equal(r.status, 'failed', bad);
    assert.match(r.error.message, /no TPS it could compute/);
  }
  assert.match(status('pgbench (17.11)\n').error.message, /^pgbench printed no run summary/);
  const init = readFileSync(`${FIXTURES}17/init_default/stderr`, 'utf8');
  assert.match(status(init).error.message, /output of pgbench -i/);
});

test('a pgbench killed by a signal failed, naming the signal, whatever it printed before', () => {
  const killed = statusOf(parseOutput(output.split('\n').slice(0, 12).join('\n')), null, 'SIGKILL');
  assert.deepEqual(killed, {
    status: 'failed',
    error: {kind: 'other', message: 'pgbench was killed by SIGKILL before it finished: nothing was measured.'},
  });
});
