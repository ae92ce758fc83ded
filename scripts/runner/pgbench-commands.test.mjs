import {test} from 'node:test';
import assert from 'node:assert/strict';
import {initArgs, pgOptions, renderCommand, runArgs} from './pgbench-commands.mjs';

const connection = {args: ['-h', '127.0.0.1', '-p', '5433', '-U', 'bench', 'postgres']};
const cell = (workloadSpec, scenario = {}) => ({
  clients: 4,
  durationS: 60,
  transactionsPerClient: null,
  workloadSpec: {weight: null, ...workloadSpec},
  scenarioSpec: {threads: 2, mode: 'prepared', vacuum: null, ...scenario},
});

/** The connection's arguments, as pgbench gets them. */
const SERVER = '-h 127.0.0.1 -p 5433 -U bench postgres';

test('a built-in workload: pgbench vacuums first; progress every second', () => {
  assert.deepEqual(
    runArgs(cell({builtin: 'select-only'}), connection),
    `-c 4 -j 2 -T 60 -M prepared -P 1 -b select-only ${SERVER}`.split(' '),
  );
});

test('a custom script with a weight, no vacuum, per-transaction logs', () => {
  assert.deepEqual(
    runArgs(cell({script: 'q.sql', weight: 3}), connection, {logPrefix: '/tmp/x/pgbench_log'}),
    `-n -c 4 -j 2 -T 60 -M prepared -P 1 -f q.sql@3 -l --log-prefix /tmp/x/pgbench_log ${SERVER}`.split(' '),
  );
});

test('transactions per client instead of a duration; never more threads than clients', () => {
  const args = runArgs(
    {...cell({builtin: 'tpcb-like'}, {threads: 8}), clients: 2, durationS: null, transactionsPerClient: 100},
    connection,
  );
  assert.deepEqual(args.slice(0, 6), ['-c', '2', '-j', '2', '-t', '100']);
});

test('pgbench -i', () => {
  assert.deepEqual(initArgs(50, connection), `-i -q -s 50 ${SERVER}`.split(' '));
});

test('session settings become PGOPTIONS, spaces escaped', () => {
  assert.equal(
    pgOptions({enable_hashagg: 'off', default_transaction_isolation: 'repeatable read'}),
    '-c enable_hashagg=off -c default_transaction_isolation=repeatable\\ read',
  );
});

test('a rendered command quotes what the shell would split, and never shows a password', () => {
  assert.equal(
    renderCommand(['psql', '-c', "SELECT 'a b'"], {PGOPTIONS: '-c x=1', PGPASSWORD: 'secret'}),
    `PGOPTIONS='-c x=1' psql -c 'SELECT '\\''a b'\\'''`,
  );
});

test('postgresql.conf values: quotes doubled and backslashes escaped, as its parser reads them', async () => {
  const {confValue} = await import('./plan-server.mjs');
  assert.equal(confValue(5), '5');
  assert.equal(confValue('on'), 'on');
  assert.equal(confValue('256MB'), "'256MB'");
  assert.equal(confValue("it's"), "'it''s'");
  assert.equal(confValue('C:\\dir\\n'), "'C:\\\\dir\\\\n'");
});
