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
    locale,
    t: translator(locale),
    name,
    ...more,
  });
const group = (locale = 'en') => groupOf(result, {locale, profiles});

test('per version the median instructions per transaction, the A/A apart, each formatted for the locale', () => {
  const g = group('ja');
  assert.deepEqual(
    g.rows.map((r) => r.target),
    ['pg17', 'pg18'],
  );
  // The median of two repeats, their mean: pg17 642,471.54 and 642,833; pg18 658,551.21 and 657,615.48.
  assert.deepEqual(
    g.rows.map((r) => r.instructions.text),
    ['642,652', '658,083'],
  );
  assert.equal(g.control.target, 'pg17-aa');
  assert.equal(g.margin, '0.5%');
  assert.deepEqual(g.parameters, {
    clients: '1',
    short: '100',
    long: '200',
    added: '100',
    callgrind: false,
    withoutStatsFlushes: false,
    repeats: '2',
    valgrind: result.environment.valgrindVersion,
    cpus: '2',
    cpuModel: result.environment.host.cpuModel,
    several: false,
    // Made before each run drew its own rows and before the prewarm was recorded.
    rows: 'same',
    buffers: null,
    others: false,
    paired: false,
    otherDash: false,
    timedClients: null,
  });
});

test('the method names how the run counted: Cachegrind, Callgrind, Callgrind without the statistics flushes', () => {
  const counted = (value) => ({
    ...result,
    cells: result.cells.map((c) => ({...c, instructions: {...c.instructions, counted: value}})),
  });
  const how = (r) => {
    const {callgrind, withoutStatsFlushes} = groupOf(r).parameters;
    return [callgrind, withoutStatsFlushes];
  };
  assert.deepEqual(how(result), [false, false], 'the fixture: Cachegrind, the whole process');
  assert.deepEqual(how(counted('PostgresMain-without-client-reads')), [true, false]);
  assert.deepEqual(how(counted('PostgresMain-without-client-reads-or-stats-flushes')), [true, true]);
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
  const parameters = (r) => groupOf(r).parameters;
  assert.equal(parameters(withRuns(true)).rows, 'own');
  // Seeds per run, but each cell's its own: no run has a twin, so nothing is paired.
  assert.equal(parameters(withRuns(true)).paired, false);
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
  const paired = groupOf(twinned);
  assert.equal(paired.parameters.paired, true);
  assert.equal(paired.rows[1].comparison.paired, true);
  // Counted with one client where the timed runs use more: the page says so, with both counts.
  const fewer = groupOf(result, {timedClients: 24});
  assert.equal(fewer.parameters.timedClients, '24');
  assert.equal(fewer.parameters.clients, '1');
  assert.equal(parameters(withRuns(true)).buffers, 'fit');
  // One cell that did not fit is enough: the group's figure includes reads.
  assert.equal(parameters(withRuns(false)).buffers, 'full');
  // The other processes, where counted: their median beside the backends', never one below zero.
  const withOthers = (of) => ({
    ...withRuns(true),
    cells: withRuns(true).cells.map((c) =>
      c.instructions ? {...c, instructions: {...c.instructions, otherPerTransaction: of(c)}} : c,
    ),
  });
  const g = groupOf(withOthers((c) => (c.target === 'pg18' ? -250 : c.repeat === 1 ? -30 : 12_002)));
  assert.equal(g.parameters.others, true);
  // Repeats of -30 and 12,002: across zero, a dash whatever the median (5,986).
  assert.equal(g.rows[0].other, null);
  assert.equal(g.rows[1].other, null);
  assert.equal(g.parameters.otherDash, true);
  // All repeats at zero or above: the median and its spread.
  const above = groupOf(withOthers((c) => (c.repeat === 1 ? 9_000 : 12_002)));
  assert.equal(above.rows[0].other.text, '10,501');
  assert.equal(above.parameters.otherDash, false);
  // A custom script that draws nothing at random serves the same rows whatever the seed: no sentence.
  const custom = (sql) => {
    const r = withRuns(true);
    return {
      ...r,
      scripts: [{workload: 'tpcb', file: 'q.sql', sql}],
      cells: r.cells.map((c) => ({...c, parameters: {...c.parameters, builtin: null, script: 'q.sql'}})),
    };
  };
  assert.equal(parameters(custom('SELECT count(*) FROM t WHERE a < 10;')).rows, null);
  assert.equal(parameters(custom('\\set id random(1, 1000)\nSELECT * FROM t WHERE a = :id;')).rows, 'own');
});

test('two runs a side decide nothing: the finding says so, whatever the medians', () => {
  const [finding] = group().findings;
  assert.equal(finding.name, 'PostgreSQL 18');
  assert.equal(finding.low, null);
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
