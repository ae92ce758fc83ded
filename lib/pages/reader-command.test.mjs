import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readerCommand} from './reader-command.mjs';

test('temporary folders and an embedded server’s port become placeholders', () => {
  assert.equal(
    readerCommand(
      'pgbench -c 1 -j 1 -T 60 -M simple -P 1 -b tpcb-like -l --log-prefix ' +
        '/tmp/bench-run-22800-CDWIZG/log-Xg5z3J/pgbench_log -h 127.0.0.1 -p 33037 -U bench postgres',
    ),
    'pgbench -c 1 -j 1 -T 60 -M simple -P 1 -b tpcb-like -l --log-prefix <temporary-folder>/pgbench_log ' +
      '-h 127.0.0.1 -p <port> -U bench postgres',
  );
  assert.equal(
    readerCommand(
      'pgbench -c 256 -j 16 -T 20 -M prepared -P 1 -b tpcb-like -l --log-prefix ' +
        '/tmp/bench-run-4489-LfrhQ2/log-Arx5Qx/pgbench_log postgres://bench@127.0.0.1:35461/postgres',
    ),
    'pgbench -c 256 -j 16 -T 20 -M prepared -P 1 -b tpcb-like -l --log-prefix <temporary-folder>/pgbench_log ' +
      'postgres://bench@127.0.0.1:<port>/postgres',
  );
});

test('what a reader can reuse is kept: script paths, a remote server, the planner’s session settings', () => {
  const planner =
    "PGOPTIONS='-c max_parallel_workers_per_gather=0' pgbench -n -c 4 -j 1 -T 60 -M simple -P 1 " +
    '-f benchmarks/pg17-planner/cte/query.sql -h 127.0.0.1 -p 40029 -U bench postgres';
  assert.equal(readerCommand(planner), planner.replace('-p 40029', '-p <port>'));
  const remote = 'pgbench -c 8 -T 60 postgres://app@db.example.com:5432/app';
  assert.equal(readerCommand(remote), remote);
  assert.equal(readerCommand(null), null);
});
