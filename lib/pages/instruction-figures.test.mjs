import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {readRunProfiles} from '../cachegrind/run-profiles.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {translator} from '../../test/helpers/fixtures.mjs';
import {instructionGroup} from './instruction-figures.mjs';
import {functionsAgainst} from './function-figures.mjs';
import {functionRowProblems, postmasterWork} from '../../test/helpers/instruction-checks.mjs';

// A real instructions run made here: scale 1, PostgreSQL 17 and 18 and a second 17 as A/A, two rounds
// (test/fixtures/instructions/suite.yaml), with its Cachegrind files.
const dir = new URL('../../test/fixtures/instructions/', import.meta.url);
const file = readdirSync(dir).find((f) => f.endsWith('.json'));
const result = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
const profiles = readRunProfiles(new URL(file, dir).pathname, result);
const name = (target) => ({pg17: 'PostgreSQL 17', pg18: 'PostgreSQL 18'})[target] ?? target;

/** The fixture's group (or another result's), as the page builds it. */
const groupOf = (r, {locale = 'en', ...more} = {}) =>
  instructionGroup(r, {
    scenario: 's',
    workload: 'tpcb',
    id: 'tiny',
    title: 'Tiny',
    page: 'page',
    locale,
    t: translator(locale),
    name,
    ...more,
  });
const group = (locale = 'en') => groupOf(result, {locale, profiles});

const SAY = {
  callgrind: /Callgrind counted only inside PostgresMain/,
  inherited: /In this run each backend's count also holds what the postmaster had executed/,
  statsFlushes: /Nor while a backend flushed its statistics into shared memory/,
  own: /Every server served the same rows; each repeat, and each of its runs, drew rows/,
  same: /Every run, on every server and in every repeat, served the same rows/,
  fit: /The database's tables and indexes fit in shared buffers/,
  full: /At this size the database does not fit in shared buffers/,
};
/** Which of the method's sentences above a group's method says. */
const says = (g) => Object.keys(SAY).filter((k) => SAY[k].test(g.method));

test('per version the median instructions per transaction, the A/A apart, each formatted for the locale', () => {
  const g = group('ja');
  // The median of two repeats, their mean: pg17 642,471.54 and 642,833; pg18 658,551.21 and 657,615.48.
  assert.deepEqual(
    g.table.rows.map((r) => [r.target, r.cells[0].text]),
    [
      ['pg17', '642,652'],
      ['pg18', '658,083'],
    ],
  );
  assert.equal(g.control.target, 'pg17-aa');
  assert.match(g.table.caption, /^2 回の繰り返しの中央値/);
  assert.match(g.table.caption, /±0\.5%/);
  // Made before each run drew its own rows and before the prewarm was recorded, counted by Cachegrind.
  assert.deepEqual(says(group()), ['inherited', 'same']);
  // Two runs a side: no test can decide, whatever the medians.
  assert.match(group().statement, /^With 2 runs each, no test can tell PostgreSQL 18 from PostgreSQL 17, whatever/);
});

test('the method names how the run counted: Cachegrind, Callgrind, Callgrind without the statistics flushes', () => {
  const counted = (value) => ({
    ...result,
    cells: result.cells.map((c) => ({...c, instructions: {...c.instructions, counted: value}})),
  });
  assert.deepEqual(says(groupOf(counted('PostgresMain-without-client-reads'))), ['callgrind', 'same']);
  assert.deepEqual(says(groupOf(counted('PostgresMain-without-client-reads-or-stats-flushes'))), [
    'callgrind',
    'statsFlushes',
    'same',
  ]);
});

test('the method says which rows the runs served and whether the database fitted in shared buffers', () => {
  // The fixture as the runner now writes it: a seed per run, and the prewarm's answer per cell.
  const withRuns = (fits) => ({
    ...result,
    cells: result.cells.map((c, i) =>
      c.instructions
        ? {
            ...c,
            instructions: {
              ...c.instructions,
              fitsInSharedBuffers: i === 0 ? fits : true,
              runs: c.instructions.runs.map((r, k) => ({...r, randomSeed: 10 * i + k})),
            },
          }
        : c,
    ),
  });
  assert.deepEqual(says(groupOf(withRuns(true))), ['inherited', 'own', 'fit']);
  // One cell that did not fit is enough: the group's figure includes reads.
  assert.deepEqual(says(groupOf(withRuns(false))), ['inherited', 'own', 'full']);
  // Seeds per run, but each cell's its own: no run has a twin, so nothing is paired.
  assert.doesNotMatch(groupOf(withRuns(true)).table.caption, /repeat by repeat/);
  // As the runner draws them: the same seeds for every target in a repeat. Each repeat's cells are twins;
  // a third repeat (the fixture's second, its counts 1% higher on every target) makes enough twins.
  const withSeeds = (c, repeat = c.repeat, scale = 1) => ({
    ...c,
    repeat,
    id: c.id.replace(/r\d+$/, `r${repeat}`),
    instructions: {
      ...c.instructions,
      perTransaction: c.instructions.perTransaction * scale,
      runs: c.instructions.runs.map((r, k) => ({...r, randomSeed: 10 * repeat + k})),
    },
  });
  const twinned = {
    ...result,
    cells: [
      ...result.cells.map((c) => withSeeds(c)),
      ...result.cells.filter((c) => c.repeat === 2).map((c) => withSeeds(c, 3, 1.01)),
    ],
  };
  assert.match(groupOf(twinned).table.caption, /Each repeat ran the same rows on every version/);
  // Counted with one client where the timed runs use more: the page says so, with both counts.
  assert.match(
    groupOf(result, {timedClients: 24}).method,
    /The timed runs of this group use 24 clients; the count uses 1/,
  );
  // The other processes, where counted: in the whole server's figure, never where they came out below zero.
  const withOthers = (of) => ({
    ...withRuns(true),
    cells: withRuns(true).cells.map((c) =>
      c.instructions ? {...c, instructions: {...c.instructions, otherPerTransaction: of(c)}} : c,
    ),
  });
  const g = groupOf(withOthers((c) => (c.target === 'pg18' ? -250 : c.repeat === 1 ? -30 : 12_002)));
  // Other processes' repeats of -30 and 12,002: across zero, a dash whatever the median.
  assert.deepEqual(
    g.table.rows.map((r) => r.cells[1].text),
    ['—', '—'],
  );
  assert.match(g.table.caption, /A dash in the whole server's column/);
  // All repeats at zero or above: the median and its spread.
  const above = groupOf(withOthers((c) => (c.repeat === 1 ? 9_000 : 12_002)));
  // The whole server's column: 17's backends (642,471.54 and 642,833) plus 9,000 and 12,002, median 653,153.
  assert.equal(above.table.rows[0].cells[1].text, '653,153');
  assert.doesNotMatch(above.table.caption, /A dash/);
  // A custom script that draws nothing at random serves the same rows whatever the seed: no sentence.
  const custom = (sql) => {
    const r = withRuns(true);
    return {
      ...r,
      scripts: [{workload: 'tpcb', file: 'q.sql', sql}],
      cells: r.cells.map((c) => ({...c, parameters: {...c.parameters, builtin: null, script: 'q.sql'}})),
    };
  };
  assert.deepEqual(says(groupOf(custom('SELECT count(*) FROM t WHERE a < 10;'))), ['inherited', 'fit']);
  assert.deepEqual(says(groupOf(custom('\\set id random(1, 1000)\nSELECT * FROM t WHERE a = :id;'))), [
    'inherited',
    'own',
    'fit',
  ]);
});

test('where the work changed: the ten functions that changed most, with counts before and after', () => {
  const [changes] = group().functions;
  assert.equal(changes.name, 'PostgreSQL 18');
  assert.equal(changes.base, 'PostgreSQL 17');
  assert.equal(changes.rows.length, 10);
  for (const row of changes.rows) {
    assert.match(row.function, /^[A-Za-z_][\w.]*( \+ [A-Za-z_][\w.]*)*$/);
    assert.match(row.change, /^[+-]/);
  }
  // The totals are the profiles' own: the work of a transaction, from the files.
  const key = (target) => [...profiles.keys()].find((k) => k.startsWith(`${target} `));
  assert.equal(changes.before, formatFigure(profiles.get(key('pg17')).total, 'instructions', 'en'));
  assert.equal(changes.after, formatFigure(profiles.get(key('pg18')).total, 'instructions', 'en'));
});

test('the Cachegrind files of every version are offered, under /data/', () => {
  assert.deepEqual(
    group().files.map((f) => [f.target, f.long]),
    [
      ['pg17', `/data/${file.replace(/\.json$/, '.cachegrind')}/pg17.s.tpcb.c1.long.out`],
      ['pg18', `/data/${file.replace(/\.json$/, '.cachegrind')}/pg18.s.tpcb.c1.long.out`],
    ],
  );
});

test('a run without the group gives nothing to show', () => {
  const options = {scenario: 's', workload: 'tpcb', id: 'x', title: 'X', locale: 'en', t: translator('en'), name};
  assert.equal(instructionGroup(result, {...options, scenario: 'x'}), null);
  assert.equal(instructionGroup(null, options), null);
});

test('the fixture run: no rename as two rows, no share beyond the whole, no negative count, noise left out', () => {
  assert.deepEqual(functionRowProblems(result, profiles, translator('en')), []);
});

test('the fixture run counted inside PostgresMain: no backend profile holds work of the postmaster', () => {
  assert.deepEqual(postmasterWork(result, dir.pathname), []);
});

test("the A/A pair's profiles give the noise floor under which a function's change is not listed", () => {
  const [changes] = group().functions;
  // pg17-aa against pg17 moved some functions: the floor is that movement, never 0 with a pair in the run.
  assert.notEqual(changes.noise, '0');
  assert.ok(Number(changes.belowNoise.replace(/,/g, '')) > 0, changes.belowNoise);
});

test('where the work changed, against every base a reader can choose: 17 against 18 is 18 against 17 reversed', () => {
  const g = group();
  assert.equal(g.functionsBase, 'pg17');
  assert.deepEqual(Object.keys(g.functionsVersus), ['pg18']);
  const [forward] = g.functions;
  const [reverse] = g.functionsVersus.pg18;
  assert.deepEqual(
    [reverse.target, reverse.baseTarget, reverse.name, reverse.base],
    ['pg17', 'pg18', 'PostgreSQL 17', 'PostgreSQL 18'],
  );
  assert.deepEqual([reverse.before, reverse.after], [forward.after, forward.before]);
  // The function that moved most moved as much either way, its counts swapped.
  assert.equal(reverse.rows[0].function, forward.rows[0].function);
  assert.deepEqual([reverse.rows[0].before, reverse.rows[0].after], [forward.rows[0].after, forward.rows[0].before]);
});

test("the page's first view shows the tables against the answer's baseline; the first server's stay beside", () => {
  const g = {id: 'tiny', instructions: group()};
  const [swapped] = functionsAgainst([g], 'pg18');
  assert.equal(swapped.instructions.functionsBase, 'pg18');
  assert.deepEqual(
    swapped.instructions.functions.map((fc) => fc.target),
    ['pg17'],
  );
  assert.deepEqual(Object.keys(swapped.instructions.functionsVersus), ['pg17']);
  assert.equal(swapped.instructions.functionsVersus.pg17[0].target, 'pg18');
  // A base the group has no table against (not of this group, or its own) leaves it as it is.
  assert.equal(functionsAgainst([g], 'pg16')[0], g);
  assert.equal(functionsAgainst([g], 'pg17')[0], g);
});

test('the method: the same pages every run, how the cycles were estimated, what the whole server adds', () => {
  // The fixture as the runner now writes it: kept pages, the cache simulation, the whole server's margin.
  const images = [
    [100, 480],
    [101, 351],
  ];
  const run = (r, k, i) => ({
    ...r,
    server: {...(r.server ?? {}), wal: {records: 1, bytes: 1, fullPageImages: images[i % 2][k]}},
  });
  const kept = {
    ...result,
    run: {...result.run, design: {...result.run.design, margins: {serverInstructions: 0.006}}},
    cells: result.cells.map((c, i) =>
      c.instructions
        ? {
            ...c,
            instructions: {
              ...c.instructions,
              otherPerTransaction: 9000,
              pageState: 'kept-copy',
              cyclesPerTransaction: 1.6 * c.instructions.perTransaction,
              caches: 'I1 cache: 32768 B, 64 B, 8-way associative',
              runs: c.instructions.runs.map((r, k) => run(r, k, i)),
            },
          }
        : c,
    ),
  };
  const {method, table} = groupOf(kept);
  // (480 - 100) / 100 and (351 - 101) / 100 added transactions: 3.80 and 2.50 full-page images per transaction.
  assert.match(method, /Full-page images per transaction stayed between 2\.50 and 3\.80 across/);
  assert.match(method, /simulation of the caches \(I1 cache: 32768 B, 64 B, 8-way associative\)/);
  assert.match(method, /counts as 1 cycle .* 5 when only the last level does, and 35 when it goes to memory/);
  assert.match(method, /decided at a margin of its own, ±0\.6%/);
  // Each figure the run counted is a column: the backends', their cycles, the whole server's.
  assert.deepEqual(
    table.columns.slice(1).map((c) => c.label ?? c),
    [
      'Instructions per transaction',
      'Estimated cycles per transaction',
      'Whole server per transaction',
      'Against PostgreSQL 17',
    ],
  );
});

/**
 * The fixture with its other processes counted by process, as runs since 2026-11-25 are, and a margin for the
 * whole server: its checkpointer executing `checkpointer` instructions per added transaction on each server (100
 * transactions between the shorter run and the longer), the other processes 10,000 (pg17) and 55,000 (pg18).
 */
function withCheckpointer(checkpointer) {
  const r = structuredClone(result);
  r.run.design.margins = {serverInstructions: 0.006};
  for (const c of r.cells) {
    const per = checkpointer[c.target] ?? checkpointer.pg17;
    c.instructions.otherPerTransaction = c.target === 'pg18' ? 55_000 : 10_000;
    c.instructions.runs.forEach((run, i) => {
      const instructions = 1_000_000 + i * 100 * per;
      run.otherProcesses = {instructions, byType: {checkpointer: instructions}};
    });
  }
  return r;
}

test("where the checkpointer's part moves the whole server, its share is said, with why", () => {
  // pg18 (checksums on) 48,500 against pg17's 6,000 (checksums off): 42,500 apart, beyond 0.6% of pg17's whole
  // server (652,652: the median of 642,471.54 and 642,833, plus 10,000), 3,916. Shares: 48,500 of 713,083 (the
  // median of 658,551.21 and 657,615.48, plus 55,000) is 6.80%; 6,000 of 652,652, 0.919%.
  const said = groupOf(withCheckpointer({pg17: 6000, pg18: 48_500})).checkpointer;
  assert.equal(
    said,
    "PostgreSQL 18's checkpointer executes 48,500 instructions per transaction, 6.8% of its whole server's, " +
      'against 6,000 (0.919%) for PostgreSQL 17: PostgreSQL 18 keeps data checksums, and the CHECKPOINT after each ' +
      'run computes one for every page the run dirtied as it writes the page.',
  );
  // 3,000 apart, within 3,916: nothing to say. The A/A control is never a candidate.
  assert.equal(groupOf(withCheckpointer({pg17: 6000, pg18: 9000})).checkpointer, null);
  assert.equal(groupOf(withCheckpointer({pg17: 6000, pg18: 6000, 'pg17-aa': 90_000})).checkpointer, null);
  // A run that counted no process by type, or fixed no margin for the whole server, says nothing of it.
  assert.equal(group().checkpointer, null);
});
