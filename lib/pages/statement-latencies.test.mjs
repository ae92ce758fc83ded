import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {statementLatencies} from './statement-latencies.mjs';

const statements = (begin, update, end) => [
  {latencyMs: 0, failures: 0, command: '\\set aid random(1, 100000 * :scale)'},
  {latencyMs: begin, failures: 0, command: 'BEGIN;'},
  {latencyMs: update, failures: 0, command: 'UPDATE t SET v = v + 1 WHERE id = :aid;'},
  {latencyMs: end, failures: 0, command: 'END;'},
];
// A cell with its statements run (a pgbench -r run of its own after the measured one).
const cell = (target, s, status = 'ok') => ({target, status, summary: {}, statementsRun: {statements: s}});
const result = {environment: {targets: [{id: 'pg15'}, {id: 'pg18'}]}};
const named = (id) => `PostgreSQL ${id.slice(2)}`;

test("per server the median of each statement's latency over its runs; the client's \\set left out", () => {
  const cells = [
    cell('pg18', statements(0.02, 0.1, 0.5)),
    cell('pg15', statements(0.01, 0.2, 0.6)),
    cell('pg15', statements(0.03, 0.4, 0.8)),
    cell('pg15', statements(0.02, 0.3, 0.7)),
    // A failed run's figures are no run's.
    cell('pg15', statements(9, 9, 9), 'failed'),
  ];
  const s = statementLatencies(result, cells, {named, locale: 'en'});
  assert.deepEqual(s.servers, [
    {target: 'pg15', name: 'PostgreSQL 15'},
    {target: 'pg18', name: 'PostgreSQL 18'},
  ]);
  assert.deepEqual(s.rows, [
    {statement: 'BEGIN;', values: ['0.02', '0.02']},
    {statement: 'UPDATE t SET v = v + 1 WHERE id = :aid;', values: ['0.3', '0.1']},
    {statement: 'END;', values: ['0.7', '0.5']},
  ]);
  // The first server's: END; 0.7 of 0.02 + 0.3 + 0.7 = 1.02 ms, 68.6%.
  assert.deepEqual(s.slowest, {name: 'PostgreSQL 15', statement: 'END;', ms: '0.7', totalMs: '1.02', share: '68.6%'});
});

test('a measured run that had -r itself gives none: -r times with a stale clock', () => {
  const measuredWithR = {target: 'pg15', status: 'ok', summary: {statements: statements(0.01, 0.2, 0.6)}};
  assert.equal(statementLatencies(result, [measuredWithR], {named, locale: 'en'}), null);
});

test('runs without a statements run give none', () => {
  assert.equal(statementLatencies(result, [{target: 'pg15', status: 'ok', summary: {}}], {named, locale: 'en'}), null);
});

test('a real run: with synchronous_commit on, the commit takes the largest share; off, it does not', () => {
  const run = JSON.parse(
    readFileSync(new URL('../../test/fixtures/suite-page/commit-modes-20261127T182739Z.json', import.meta.url)),
  );
  const group = run.cells.filter((c) => c.scenario === 'short' && c.workload === 'tpcb');
  const of = (target) =>
    statementLatencies(
      run,
      group.filter((c) => c.target === target),
      {named: (id) => id, locale: 'en'},
    ).slowest;
  assert.equal(of('sync-on').statement, 'END;');
  assert.notEqual(of('sync-off').statement, 'END;');
});
