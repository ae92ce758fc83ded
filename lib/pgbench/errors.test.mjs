import {test} from 'node:test';
import assert from 'node:assert/strict';
import {classifyError} from './errors.mjs';

// Messages as pgbench 15–18 print them (after the "pgbench: error: " prefix).
const CASES = [
  ['connection', 'connection to server on socket "/var/run/postgresql/.s.PGSQL.1" failed: No such file or directory'],
  ['connection', 'connection to server at "127.0.0.1", port 1 failed: Connection refused'],
  ['connection', 'could not create connection for setup'],
  ['missing-tables', 'could not count number of branches: ERROR:  relation "pgbench_branches" does not exist'],
  ['script', 'scripts/badmeta.sql:1: invalid command in command "foo"'],
  ['script', 'scripts/syntax.sql:1: syntax error in command "set"'],
  ['script', 'could not open file "scripts/nonexistent.sql": No such file or directory'],
  ['option', "unrecognized option '--bad-option'"],
  ['option', 'specify either a number of transactions (-t) or a duration (-T), not both'],
  ['aborted', 'client 1 script 0 aborted in command 0 query 0: ERROR:  division by zero'],
  ['aborted', 'Run was aborted; the above results are incomplete.'],
  ['other', 'something new that pgbench may say one day'],
];

for (const [kind, message] of CASES) {
  test(`"${message.slice(0, 50)}…" is ${kind}`, () => assert.equal(classifyError(message), kind));
}
