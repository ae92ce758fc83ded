import {test} from 'node:test';
import assert from 'node:assert/strict';
import {expandMatrix, parseOnly, parseShard, suiteGroups} from './matrix.mjs';
import {groupKey} from '../model/keys.mjs';

const suite = {
  id: 'demo',
  repeat: 2,
  targets: [{id: 'pg15'}, {id: 'pg16'}, {id: 'pg18'}],
  workloads: [{id: 'ro'}, {id: 'rw'}],
  scenarios: [{id: 's', clients: [1, 4], durationS: 30, transactionsPerClient: null}],
};
const ids = (options, s = suite) => expandMatrix(s, options).cells.map((c) => c.id);

test('groups one after the other; in a group, every target once per round, positions 1…n', () => {
  const {cells} = expandMatrix(suite, {seed: 7});
  assert.equal(cells.length, 24);
  assert.deepEqual(
    [...new Set(cells.map(groupKey))],
    ['s/ro/c1', 's/ro/c4', 's/rw/c1', 's/rw/c4'],
    'a group ends before the next begins',
  );
  for (let i = 0; i < cells.length; i += 3) {
    const round = cells.slice(i, i + 3);
    assert.deepEqual(round.map((c) => c.target).sort(), ['pg15', 'pg16', 'pg18']);
    assert.deepEqual(
      round.map((c) => c.position),
      [1, 2, 3],
    );
    assert.ok(round.every((c) => c.round === round[0].round && c.repeat === c.round));
  }
});

test('the order is shuffled from the seed: the same seed gives the same order, others change it', () => {
  assert.deepEqual(ids({seed: 42}), ids({seed: 42}));
  const orders = new Set([1, 2, 3, 4, 5, 6].map((seed) => ids({seed}).join(' ')));
  assert.ok(orders.size > 1, 'six seeds, one order');
  // Over many rounds, each target is first in about a third of them: no target always leads.
  const many = expandMatrix({...suite, repeat: 300, workloads: [{id: 'ro'}]}, {seed: 3}).cells;
  const first = many.filter((c) => c.position === 1 && c.clients === 1);
  for (const target of ['pg15', 'pg16', 'pg18']) {
    const share = first.filter((c) => c.target === target).length / first.length;
    assert.ok(share > 0.25 && share < 0.42, `${target} first in ${share} of the rounds`);
  }
});

test("--only keeps cells matching every key, any of a key's values, in the full run's order", () => {
  const only = parseOnly('target=pg18,clients=4,workload=ro,workload=rw');
  assert.deepEqual(ids({seed: 9, only}), ['pg18/ro/s/c4/r1', 'pg18/ro/s/c4/r2', 'pg18/rw/s/c4/r1', 'pg18/rw/s/c4/r2']);
  const full = expandMatrix(suite, {seed: 9}).cells.filter((c) => c.clients === 4);
  const kept = expandMatrix(suite, {seed: 9, only: parseOnly('clients=4')}).cells;
  assert.deepEqual(
    kept.map((c) => [c.id, c.position]),
    full.map((c) => [c.id, c.position]),
  );
});

test('--only with a value the suite does not have is an error naming what it has', () => {
  assert.throws(() => ids({only: parseOnly('target=pg17')}), {
    message: '--only target=pg17: no such target in the suite (it has pg15, pg16, pg18)',
  });
  assert.throws(
    () => parseOnly('targte=pg15'),
    /--only targte=pg15: write KEY=VALUE with KEY one of target, workload, scenario, clients, repeat/,
  );
});

test('--only whose values exist but never together is refused, naming what the suite runs', () => {
  const twoSizes = {
    ...suite,
    workloads: [{id: 'ro', scenarios: ['s']}, {id: 'rw'}],
    scenarios: [...suite.scenarios, {id: 'l', clients: [8], durationS: 30, transactionsPerClient: null}],
  };
  assert.throws(() => ids({only: parseOnly('scenario=l,workload=ro')}, twoSizes), {
    message:
      '--only scenario=l,workload=ro: no cell of the suite has these together (it runs scenario=s,workload=ro; ' +
      'scenario=s,workload=rw; scenario=l,workload=rw); nothing was run or written',
  });
  assert.equal(ids({only: parseOnly('scenario=l')}, twoSizes).length, 6);
});

test('--shard K/N takes whole comparison groups: never the targets of one group on two machines', () => {
  const shards = [1, 2, 3].map((k) => expandMatrix(suite, {seed: 5, shard: parseShard(`${k}/3`)}).cells);
  assert.deepEqual(
    shards.map((cells) => [...new Set(cells.map(groupKey))]),
    [['s/ro/c1', 's/rw/c4'], ['s/ro/c4'], ['s/rw/c1']],
  );
  assert.deepEqual(
    shards
      .flat()
      .map((c) => c.id)
      .sort(),
    ids({seed: 5}).sort(),
  );
  assert.deepEqual(
    shards[1].map((c) => c.id),
    ids({seed: 5}).filter((id) => id.includes('/ro/s/c4/')),
    'a shard keeps the full run order',
  );
  assert.throws(() => parseShard('4/3'), /--shard 4\/3: write K\/N with 1 ≤ K ≤ N/);
});

test('a target or workload limited to some scenarios or workloads joins only those groups', () => {
  const limited = {
    ...suite,
    scenarios: [...suite.scenarios, {id: 'big', clients: [8], durationS: 30, transactionsPerClient: null}],
    targets: [...suite.targets, {id: 'pg15b', control: 'pg15', scenarios: ['s'], workloads: ['rw']}],
    workloads: [{id: 'ro', scenarios: ['s']}, {id: 'rw'}],
  };
  assert.deepEqual(
    suiteGroups(limited).map((g) => [g.scenario.id, g.workload.id, g.clients, g.targets.map((t) => t.id).join(',')]),
    [
      ['s', 'ro', 1, 'pg15,pg16,pg18'],
      ['s', 'ro', 4, 'pg15,pg16,pg18'],
      ['s', 'rw', 1, 'pg15,pg16,pg18,pg15b'],
      ['s', 'rw', 4, 'pg15,pg16,pg18,pg15b'],
      ['big', 'rw', 8, 'pg15,pg16,pg18'],
    ],
  );
});

test('--repeat and --duration override the suite, and say so', () => {
  const {cells, overrides} = expandMatrix(suite, {repeat: 1, durationS: 5});
  assert.equal(cells.length, 12);
  assert.ok(cells.every((c) => c.durationS === 5 && c.repeat === 1));
  assert.deepEqual(overrides, {repeat: 1, durationS: 5});
});

test('a suite behind a published page refuses fewer than 5 repeats, and says why', () => {
  const published = {...suite, published: true, repeat: 6};
  assert.equal(expandMatrix(published, {repeat: 5}).cells.length, 60);
  assert.throws(
    () => expandMatrix(published, {repeat: 3}),
    new RegExp(
      'demo feeds a published page, which needs at least 5 repeats per target: with 3, no comparison could be ' +
        'decided \\(at 3 against 3 the smallest possible p is 0\\.1\\)\\. Leave out --repeat \\(the suite runs 6\\), ' +
        'or give --repeat 5 or more\\.',
    ),
  );
  // The suite's own repeat is too few: the fix is in its file.
  assert.throws(
    () => expandMatrix({...published, repeat: 3, file: 'benchmarks/demo/suite.yaml'}),
    new RegExp(
      'with 3, no comparison could be decided .*\\. Set repeat: 5 \\(or more\\) in benchmarks/demo/suite\\.yaml, ' +
        'or give --repeat 5 to this run\\.$',
    ),
  );
});

test('an instructions run: the groups that take it, each cell a fixed number of transactions per client', () => {
  const measured = {
    ...suite,
    measures: ['time', 'instructions'],
    instructions: {transactions: 400, margin: 0.001},
    workloads: [
      {id: 'ro', instructionTransactions: 2000},
      {id: 'rw', measures: ['time']},
    ],
  };
  const {cells} = expandMatrix(measured, {measure: 'instructions', seed: 3});
  assert.deepEqual([...new Set(cells.map(groupKey))], ['s/ro/c1', 's/ro/c4']);
  assert.ok(cells.every((c) => c.durationS === null && c.transactionsPerClient === 2000));
  assert.equal(expandMatrix(measured, {seed: 3}).cells.length, 24, 'the time measure keeps every group');
  assert.throws(
    () => expandMatrix(measured, {measure: 'instructions', durationS: 10}),
    /--duration sets the time measure's run length/,
  );
  assert.throws(() => expandMatrix(suite, {measure: 'instructions'}), /no group of suite demo takes the instructions/);
});

test('a matrix over the limit is refused before anything is expanded', () => {
  // 12 cells a round (3 targets, 2 workloads, 2 client counts): 833 rounds are 9,996 cells, 834 are 10,008.
  assert.equal(expandMatrix(suite, {repeat: 833}).cells.length, 9996);
  assert.throws(
    () => expandMatrix(suite, {repeat: 834}),
    /10,008 cells .*is over the limit of 10,000 cells a run may have/,
  );
  // A billion rounds would not fit in memory: refused from the count alone.
  assert.throws(() => expandMatrix(suite, {repeat: 1e9}), /is over the limit of 10,000 cells a run may have/);
});

test("an instructions count may use fewer clients than the scenario's timed runs, -j capped to them", () => {
  const suite = {
    id: 's',
    repeat: 2,
    targets: [{id: 'a'}, {id: 'b'}],
    workloads: [{id: 'w', measures: null}],
    scenarios: [{id: 'big', clients: [24], threads: 12, durationS: 60, instructionClients: 1, measures: null}],
    measures: ['time', 'instructions'],
  };
  const timed = expandMatrix(suite, {seed: 1}).cells;
  assert.deepEqual([...new Set(timed.map((c) => `${c.clients}/${c.scenarioSpec.threads}`))], ['24/12']);
  const counted = expandMatrix(suite, {seed: 1, measure: 'instructions'}).cells;
  assert.deepEqual([...new Set(counted.map((c) => `${c.clients}/${c.scenarioSpec.threads}`))], ['1/1']);
  assert.match(counted[0].id, /^[ab]\/w\/big\/c1\/r1$/);
});
