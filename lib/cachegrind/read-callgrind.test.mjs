import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {functionKey, parseCachegrind, splitKey} from './read-cachegrind.mjs';
import {estimatedCycles, parseCallgrind} from './read-callgrind.mjs';

// Real Callgrind output of the PostgreSQL 17 backend that served pgbench -b tpcb-like (scale 1, one client, 10
// and 20 transactions), counted inside PostgresMain, less secure_read (scripts/make-cachegrind-fixtures.sh callgrind).
const fixture = (dir, name) => new URL(`../../test/fixtures/${dir}/${name}`, import.meta.url);
const text = (name) => readFileSync(fixture('callgrind', name), 'utf8');
const read = (name) => parseCallgrind(text(name), name);
/** A function's own count, in whatever file it is (with or without debug information). */
const self = (profile, name) =>
  [...profile.functions].filter(([key]) => splitKey(key).name === name).reduce((n, [, count]) => n + count, 0);

test("a backend's file gives its own work from PostgresMain on, per function, adding up to its totals", () => {
  const p = read('pg17-long.out');
  assert.equal(p.total, Number(/^totals: (\d+)$/m.exec(text('pg17-long.out'))[1]));
  assert.equal(
    [...p.functions.values()].reduce((a, b) => a + b, 0),
    p.total,
  );
  assert.ok(self(p, 'PostgresMain') > 0);
  assert.ok(self(p, 'exec_simple_query') > 0);
  assert.match(p.command, /bin\/postgres -D /);
});

test("no count is the postmaster's: a forked backend inherits none, unlike Cachegrind's whole-process count", () => {
  const postmaster = ['ServerLoop', 'PostmasterMain', 'BackendStartup', 'postmaster_child_launch', 'main'];
  const callgrind = read('pg17-long.out');
  for (const name of postmaster) assert.equal(self(callgrind, name), 0, name);
  // The same backend's work counted by Cachegrind carries the postmaster's counts at the fork.
  const cachegrind = parseCachegrind(readFileSync(fixture('cachegrind', 'pg17-long.out'), 'utf8'));
  assert.ok(self(cachegrind, 'ServerLoop') > 0);
});

test("reading the client's messages is left out: no wait for the client is counted", () => {
  const p = read('pg17-long.out');
  for (const name of ['WaitEventSetWait', 'WaitEventSetWaitBlock']) assert.equal(self(p, name), 0, name);
  assert.equal(self(p, 'epoll_wait'), 0);
  // What is left of secure_read is the start-up packet's read, before PostgresMain: tens of instructions.
  assert.ok(self(p, 'secure_read') < 1000, String(self(p, 'secure_read')));
  assert.ok(self(p, 'pq_recvbuf') > 0, 'the message buffer is still counted');
});

test("a call's inclusive cost is not counted again; inlined lines go to their file", () => {
  const p = parseCallgrind(
    [
      'events: Ir',
      'fl=a.c',
      'fn=f',
      '0 5',
      'cfn=g',
      'calls=1 0',
      '0 100',
      'fi=h.h',
      '0 7',
      'fn=g',
      '0 100',
      'totals: 112',
      '',
    ].join('\n'),
    'x.out',
  );
  assert.equal(p.total, 112);
  assert.deepEqual(
    [...p.functions],
    [
      [functionKey('a.c', 'f'), 5],
      [functionKey('h.h', 'f'), 7],
      [functionKey('a.c', 'g'), 100],
    ],
  );
});

test('a file cut short, compressed, or not Callgrind output is refused, naming it', () => {
  const lines = text('pg17-short.out').split('\n');
  assert.throws(() => parseCallgrind(lines.slice(0, 500).join('\n'), 'cut.out'), /^Error: cut\.out: no "totals:" line/);
  const lost = lines.filter((l, i) => !(i > 100 && i < 120 && /^\d/.test(l))).join('\n');
  assert.throws(() => parseCallgrind(lost, 'lost.out'), /lost\.out: its totals say \d+ instructions, its lines add up/);
  assert.throws(
    () => parseCallgrind('events: Ir\nfl=(1) a.c\nfn=(1) f\n0 1\ntotals: 1\n', 'c.out'),
    /c\.out: compressed names or positions: run Callgrind with --tool=callgrind/,
  );
  assert.throws(() => parseCallgrind('hello\n', 'a.txt'), /a\.txt: no "events:" line: not a Callgrind output file/);
});

test("a cache simulation gives every event's total, the caches it simulated and the estimated cycles", () => {
  // valgrind --tool=callgrind --cache-sim=yes with the runner's cache sizes, on /bin/true (README.md beside it).
  const p = read('true-cache-sim.out');
  assert.deepEqual(p.events, {
    Ir: 128811,
    Dr: 28319,
    Dw: 11770,
    I1mr: 1082,
    D1mr: 922,
    D1mw: 574,
    ILmr: 1064,
    DLmr: 784,
    DLmw: 547,
  });
  assert.equal(p.total, 128811);
  assert.match(p.description, /^I1 cache: 32768 B, 64 B, 8-way associative; D1 cache: 49152 B/);
  assert.match(p.description, /LL cache: 33554432 B, 64 B, 16-way associative$/);
  // RAM: 1064 + 784 + 547 = 2395; last level: 1082 + 922 + 574 - 2395 = 183;
  // L1: 128811 + 28319 + 11770 - 183 - 2395 = 166322; 166322 + 5 × 183 + 35 × 2395 = 251062.
  assert.equal(estimatedCycles(p.events), 251062);
});

test('a file without a cache simulation has no estimated cycles', () => {
  const p = read('pg17-long.out');
  assert.deepEqual(Object.keys(p.events), ['Ir']);
  assert.equal(estimatedCycles(p.events), null);
});
