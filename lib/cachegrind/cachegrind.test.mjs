import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {functionChanges, functionNoise, perTransaction} from './function-changes.mjs';
import {addProfiles, formatCachegrind, functionKey, parseCachegrind} from './read-cachegrind.mjs';

// Real Cachegrind output of PostgreSQL backends that served pgbench -b tpcb-like at scale 1, made here with
// valgrind --tool=cachegrind --cache-sim=no (test/fixtures/cachegrind/README.md says how).
const fixture = (name) => new URL(`../../test/fixtures/cachegrind/${name}`, import.meta.url);
const read = (name) => parseCachegrind(readFileSync(fixture(name), 'utf8'), name);

const profile = (total, entries) => ({total, functions: new Map(entries.map(([n, c]) => [functionKey('???', n), c]))});

test('a backend file gives its total and per-function instructions, which add up to it', () => {
  const p = read('pg17-short.out');
  assert.ok(p.total > 1_000_000);
  assert.equal(
    [...p.functions.values()].reduce((a, b) => a + b, 0),
    p.total,
  );
  assert.ok(p.functions.has(functionKey('???', 'PostgresMain')));
  assert.match(p.command, /postgres/);
});

test('a file cut short is refused, naming it', () => {
  const text = readFileSync(fixture('pg17-short.out'), 'utf8');
  const cut = text.slice(0, Math.floor(text.length / 2));
  assert.throws(() => parseCachegrind(cut, 'x.out'), /^Error: x\.out: no "summary:" line: the file was cut short/);
  const lines = text.trimEnd().split('\n');
  const noLast = [...lines.slice(0, -3), lines.at(-1)].join('\n');
  assert.throws(() => parseCachegrind(noLast, 'y.out'), /y\.out: its summary says \d+ instructions, its lines add up/);
});

test('text that is not Cachegrind output is refused', () => {
  assert.throws(() => parseCachegrind('hello\n', 'a.txt'), /a\.txt: no "events:" line: not a Cachegrind output file/);
  assert.throws(() => parseCachegrind('events: Ir\n12 3\n', 'b.txt'), /b\.txt:2: counts before any fn= line/);
  assert.throws(() => parseCachegrind('events: Dr Dw\n', 'c.txt'), /c\.txt:1: no Ir event/);
});

test('several counts per line: Ir is read from its column', () => {
  const p = parseCachegrind('events: Dr Ir\nfl=a.c\nfn=f\n1 5 7\n2 1 3\nfn=g\n3 0 10\nsummary: 6 20\n', 'm.out');
  assert.equal(p.total, 20);
  assert.deepEqual(
    [...p.functions],
    [
      [functionKey('a.c', 'f'), 10],
      [functionKey('a.c', 'g'), 10],
    ],
  );
});

test('a function-level profile written back reads the same (and keeps its description)', () => {
  const added = addProfiles([read('pg17-short.out'), read('pg17-long.out')]);
  const text = formatCachegrind({command: null, ...added}, 'two backends; cells: a/b/c d/e/f');
  const again = parseCachegrind(text, 'again.out');
  assert.equal(again.total, added.total);
  assert.deepEqual(new Map([...again.functions].sort()), new Map([...added.functions].sort()));
  assert.equal(again.description, 'two backends; cells: a/b/c d/e/f');
});

test('per transaction: the longer runs less the shorter, divided by the transactions they added', () => {
  const short = profile(1000, [
    ['a', 600],
    ['b', 400],
  ]);
  const long = profile(2000, [
    ['a', 1300],
    ['b', 600],
    ['c', 100],
  ]);
  const p = perTransaction(short, long, 10);
  assert.equal(p.total, 100);
  assert.deepEqual(
    [...p.functions].map(([k, v]) => [k.split('\u0000')[1], v]),
    [
      ['a', 70],
      ['b', 20],
      ['c', 10],
    ],
  );
  assert.throws(() => perTransaction(short, long, 0), /must add transactions/);
});

test('the functions that changed most, each a share of the baseline total; noise and negatives left out', () => {
  const before = profile(100, [
    ['a', 70],
    ['b', 20],
    ['c', 10],
    ['d', 0.5],
    ['e', -3],
    ['f', -0.5],
  ]);
  const after = profile(90, [
    ['a', 58],
    ['b', 22],
    ['c', 10],
    ['d', 0.9],
    ['e', 1],
    ['f', 0],
  ]);
  assert.deepEqual(functionChanges(before, after, {top: 2, noise: 0.01}), {
    before: 100,
    after: 90,
    change: -10,
    noise: 1,
    belowNoise: 2,
    negative: ['e'],
    beyond: {count: 0, change: 0},
    functions: [
      {name: 'a', file: null, before: 70, after: 58, change: -12, share: -0.12},
      {name: 'b', file: null, before: 20, after: 22, change: 2, share: 0.02},
    ],
  });
});

test('a count within the noise of 0 is 0: a function gone to -6 is a change, not a negative count', () => {
  const before = profile(100, [
    ['dopr', 12],
    ['cold', -5],
  ]);
  const after = profile(90, [
    ['dopr', -0.8],
    ['cold', 0.5],
  ]);
  assert.deepEqual(functionChanges(before, after, {noise: 0.01}), {
    before: 100,
    after: 90,
    change: -10,
    noise: 1,
    belowNoise: 0,
    negative: ['cold'],
    beyond: {count: 0, change: 0},
    functions: [{name: 'dopr', file: null, before: 12, after: 0, change: -12, share: -0.12}],
  });
});

test('a renamed function and a compiler clone are one row, not one gone and one new', () => {
  const before = profile(100, [
    ['expression_tree_walker', 30],
    ['heap_page_prune', 20],
    ['UnGrantLock.isra.1', 5],
    ['ResourceOwnerForgetBuffer', 4],
    ['ResourceOwnerForgetLock', 1],
  ]);
  const after = profile(100, [
    ['expression_tree_walker_impl', 28],
    ['heap_page_prune_and_freeze', 25],
    ['UnGrantLock.isra.4', 5],
    ['ResourceOwnerForget', 3],
    ['ResourceOwnerForgetLock', 1],
  ]);
  const rows = functionChanges(before, after).functions.map((f) => [f.name, f.before, f.after]);
  assert.deepEqual(rows, [
    ['heap_page_prune_and_freeze', 20, 25],
    ['expression_tree_walker_impl', 30, 28],
    ['ResourceOwnerForget', 4, 3],
  ]);
});

test('the noise of an A/A pair: its largest function difference, a fraction of the first total', () => {
  const a = profile(200, [
    ['x', 100],
    ['y', 100],
  ]);
  const b = profile(200, [
    ['x', 103],
    ['y', 97],
  ]);
  assert.equal(functionNoise(a, b), 3 / 200);
});

test('two real versions: the top changes are the largest, both ways, and sum no further than the total', () => {
  const per = (name) => {
    const [s, l] = [read(`${name}-short.out`), read(`${name}-long.out`)];
    return perTransaction(s, l, 10);
  };
  const changes = functionChanges(per('pg17'), per('pg18'));
  assert.equal(changes.functions.length, 10);
  const sizes = changes.functions.map((f) => Math.abs(f.change));
  assert.deepEqual(
    sizes,
    [...sizes].sort((a, b) => b - a),
  );
  for (const f of changes.functions) assert.equal(f.change, f.after - f.before);
});
