import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mergeResults} from './merge-results.mjs';
import {resultProblems} from './validate-result.mjs';
import {readFileSync} from 'node:fs';

const SAMPLE = JSON.parse(
  readFileSync(new URL('../../test/fixtures/results/sample-import.json', import.meta.url), 'utf8'),
);

/** Two shards of one run, made from the sample: one cell each. */
function shards() {
  const base = {
    ...SAMPLE,
    run: {...SAMPLE.run, kind: 'run', suite: 's', suiteHash: 'a'.repeat(64), id: 's-1'},
    plans: [],
    preparations: [],
  };
  return [0, 1].map((i) => ({
    file: `shard${i + 1}.json`,
    result: {
      ...base,
      run: {...base.run, overrides: {shard: `${i + 1}/2`}, commands: [`cmd${i + 1}`]},
      cells: [SAMPLE.cells[i]],
    },
  }));
}

test('shards of one run join into one valid result', () => {
  const merged = mergeResults(shards());
  assert.deepEqual(resultProblems(merged), []);
  assert.deepEqual(
    merged.cells.map((c) => c.id),
    SAMPLE.cells.map((c) => c.id),
  );
  assert.deepEqual(merged.run.commands, ['cmd1', 'cmd2']);
  assert.deepEqual(merged.run.overrides, {mergedShards: ['1/2', '2/2']});
});

test('a target one shard could not use is described by the shard that reached it; its failed attempts kept', () => {
  const [a, b] = shards();
  const targets = a.result.environment.targets;
  const failed = {
    ...targets[0],
    serverVersion: null,
    serverVersionFull: null,
    error: {kind: 'connection', message: 'x'},
  };
  for (const order of [
    [a, b],
    [b, a],
  ]) {
    const parts = order.map((p) => structuredClone(p));
    parts[0].result.environment.targets = [failed, ...targets.slice(1)];
    parts[0].result.failedAttempts = [{...parts[0].result.cells[0], status: 'failed'}];
    const merged = mergeResults(parts);
    assert.deepEqual(merged.environment.targets, targets, 'the description of the shard that reached it');
    assert.equal(merged.failedAttempts.length, 1);
  }
  // When no shard reached it, its error stays.
  const parts = shards().map((p) => structuredClone(p));
  for (const p of parts) p.result.environment.targets = [failed, ...targets.slice(1)];
  assert.deepEqual(mergeResults(parts).environment.targets[0], failed);
});

test('parts run with --only join too: their --only is dropped, each part keeps its seed and its sources', () => {
  const design = (seed) => ({order: 'interleaved-rounds', seed, checkpointBeforeEach: true, margin: 0.03});
  const [a, b] = shards().map((part, i) => ({
    ...part,
    result: {
      ...part.result,
      run: {
        ...part.result.run,
        id: `s-${i + 1}`,
        overrides: {durationS: 60, only: {workload: [`w${i}`]}},
        design: design(10 + i),
        project: {gitSha: String(i + 1).repeat(40), dirty: i === 1},
      },
    },
  }));
  const merged = mergeResults([a, b]);
  assert.deepEqual(resultProblems(merged), []);
  assert.deepEqual(merged.run.overrides, {durationS: 60, mergedShards: ['s-1', 's-2']});
  assert.deepEqual(merged.run.design, {
    ...design(10),
    parts: [
      {run: 's-1', seed: 10, project: {gitSha: '1'.repeat(40), dirty: false}},
      {run: 's-2', seed: 11, project: {gitSha: '2'.repeat(40), dirty: true}},
    ],
  });
  assert.deepEqual(merged.run.project, {gitSha: '1'.repeat(40), dirty: true}, 'one part from uncommitted sources');
});

test('shards of another suite version, the same cells, or an unfinished shard are refused', () => {
  const [a, b] = shards();
  const edited = {...b, result: {...b.result, run: {...b.result.run, suiteHash: 'b'.repeat(64)}}};
  assert.throws(
    () => mergeResults([a, edited]),
    /shard2\.json: suite s .* is not the suite of shard1\.json.*--suite-edited/,
  );
  // Told that the edit changed no cell they measured, the parts join; each keeps its suite's hash, the run the last.
  const designed = (part, seed) => ({
    ...part,
    result: {...part.result, run: {...part.result.run, design: {order: 'interleaved-rounds', seed, margin: 0.03}}},
  });
  const joined = mergeResults([designed(a, 1), designed(edited, 2)], {suiteEdited: true});
  assert.deepEqual(
    joined.run.design.parts.map((p) => p.suiteHash),
    [a.result.run.suiteHash, 'b'.repeat(64)],
  );
  assert.equal(joined.run.suiteHash, 'b'.repeat(64));
  assert.throws(
    () =>
      mergeResults([a, {...edited, result: {...edited.result, run: {...edited.result.run, suite: 't'}}}], {
        suiteEdited: true,
      }),
    /shard2\.json: suite t is not the suite of shard1\.json; merge parts of one suite/,
  );
  assert.throws(() => mergeResults([a, {...a, file: 'copy.json'}]), /copy\.json: cell .* is in shard1\.json too/);
  assert.throws(
    () => mergeResults([a, {...b, result: {...b.result, run: {...b.result.run, finishedAt: null}}}]),
    /shard2\.json: this shard has not finished/,
  );
  // One part at another run length: the merged result could record only one of them.
  const longer = {...b, result: {...b.result, run: {...b.result.run, overrides: {shard: '2/2', durationS: 60}}}};
  assert.throws(
    () => mergeResults([a, longer]),
    /shard2\.json ran with --duration 60, shard1\.json with \(the suite's\): merge parts run alike/,
  );
});

test('shards on different machines merge, each cell naming its host; one group on two machines is refused', () => {
  const [a, b] = shards();
  const otherHost = {...b.result.environment.host, cpuModel: 'Other CPU', cpuCount: 64};
  const merged = mergeResults([
    a,
    {...b, result: {...b.result, environment: {...b.result.environment, host: otherHost}}},
  ]);
  assert.deepEqual(resultProblems(merged), []);
  assert.deepEqual(
    merged.cells.map((c) => c.host.cpuCount),
    [a.result.environment.host.cpuCount, 64],
  );
  // The second shard measured the first shard's group again, on the other machine.
  const sameGroup = {...SAMPLE.cells[0], id: `${SAMPLE.cells[0].id}-again`};
  const c = {
    ...b,
    file: 'shard3.json',
    result: {...b.result, environment: {...b.result.environment, host: otherHost}, cells: [sameGroup]},
  };
  assert.throws(
    () => mergeResults([a, c]),
    /shard3\.json ran comparison group imported\/run_T_progress\/c2 on another machine \(Other CPU, 64 CPUs\)/,
  );
});

test('with the shard count, the cells of a lost shard are recorded as failed, naming the shard', async () => {
  const {loadSuite} = await import('../suites/suite.mjs');
  const run = JSON.parse(
    readFileSync(new URL('../../test/fixtures/results/quick-20261122T125226Z.json', import.meta.url), 'utf8'),
  );
  // The quick suite's four groups: shard 1 of 2 holds the 1-client ones, shard 2 (lost) the 4-client ones.
  const suite = {...loadSuite(new URL('../../benchmarks/quick/suite.yaml', import.meta.url).pathname)};
  suite.hash = run.run.suiteHash;
  const shard1 = {
    file: 'shard1.json',
    result: {
      ...run,
      run: {...run.run, overrides: {shard: '1/2'}},
      cells: run.cells.filter((c) => c.parameters.clients === 1),
    },
  };
  const merged = mergeResults([shard1], {expected: {suite, count: 2}});
  assert.deepEqual(resultProblems(merged), []);
  const failed = merged.cells.filter((c) => c.status === 'failed');
  assert.equal(merged.cells.length, run.cells.length, 'every cell of the suite, once');
  assert.deepEqual(
    failed.map((c) => c.id).sort(),
    run.cells
      .filter((c) => c.parameters.clients === 4)
      .map((c) => c.id)
      .sort(),
  );
  assert.match(failed[0].error.message, /shard 2\/2 left no result/);
  assert.equal(merged.run.overrides.missingCells, failed.length);
  assert.throws(
    () => mergeResults([shard1], {expected: {suite: {...suite, hash: 'c'.repeat(64)}, count: 2}}),
    /has changed since the shards ran/,
  );
  assert.throws(() => mergeResults([shard1], {expected: {suite, count: 3}}), /ran as shard 1\/2, not as one of 3/);
});

test('--replace: a group measured again takes the place of the same group of a merged run, and of its part', () => {
  const design = (seed, parts) => ({
    order: 'interleaved-rounds',
    seed,
    checkpointBeforeEach: true,
    margin: 0.03,
    ...(parts && {parts}),
  });
  const clean = {gitSha: 'a'.repeat(40), dirty: false};
  const [one, two] = shards();
  const cell = (c, workload, startedAt) => ({...c, id: `${c.id}-${workload}`, workload, startedAt});
  // A merged run of two parts: part 1 measured workload a, part 2 (from uncommitted sources) workload b.
  const merged = {
    file: 's-20261123T140000Z-merged.json',
    result: {
      ...one.result,
      run: {
        ...one.result.run,
        id: 's-20261123T140000Z-merged',
        overrides: {},
        project: {...clean, dirty: true},
        design: design(1, [
          {run: 's-20261123T140000Z', seed: 1, project: clean},
          {run: 's-20261123T150000Z', seed: 2, project: {...clean, dirty: true}},
        ]),
      },
      cells: [
        cell(SAMPLE.cells[0], 'a', '2026-11-23T14:01:00.000Z'),
        cell(SAMPLE.cells[1], 'b', '2026-11-23T15:01:00.000Z'),
      ],
    },
  };
  // Workload b again, from committed sources.
  const again = {
    file: 's-20261125T010000Z.json',
    result: {
      ...two.result,
      run: {...two.result.run, id: 's-20261125T010000Z', overrides: {}, project: clean, design: design(3)},
      cells: [cell(SAMPLE.cells[1], 'b', '2026-11-25T01:01:00.000Z')],
    },
  };
  const result = mergeResults([merged, again], {replace: true, id: 's-20261125-merged'});
  assert.deepEqual(resultProblems(result), []);
  assert.equal(result.run.id, 's-20261125-merged');
  assert.deepEqual(
    result.cells.map((c) => [c.workload, c.startedAt]),
    [
      ['a', '2026-11-23T14:01:00.000Z'],
      ['b', '2026-11-25T01:01:00.000Z'],
    ],
  );
  assert.deepEqual(
    result.run.design.parts.map((p) => [p.run, p.seed, p.project.dirty]),
    [
      ['s-20261123T140000Z', 1, false],
      ['s-20261125T010000Z', 3, false],
    ],
  );
  assert.equal(result.run.project.dirty, false);
  // Without --replace, the same cells twice are refused, naming both files.
  assert.throws(
    () => mergeResults([merged, again]),
    /^Error: s-20261125T010000Z\.json: cell \S+ is in s-20261123T140000Z-merged\.json too/,
  );
});

/** An error message that starts with `text`, written out (no pattern). */
const startsWith = (text) => (error) => error.message.startsWith(text) || assert.fail(error.message);

// A forged part, as a probe made one (issue 49): a real part copied, its repeats renumbered and its TPS tripled.
const QUICK = () =>
  JSON.parse(readFileSync(new URL('../../test/fixtures/results/quick-20261122T125226Z.json', import.meta.url), 'utf8'));

/** The quick run's parts as run with --only: its cells of `clients` clients and repeats `repeats`. */
function quickPart(file, {clients = 1, repeats = [1, 2, 3], only = {clients: [String(clients)]}, repeat} = {}) {
  const run = QUICK();
  return {
    file,
    result: {
      ...run,
      run: {...run.run, overrides: {only, ...(repeat && {repeat})}},
      cells: run.cells.filter((c) => c.parameters.clients === clients && repeats.includes(c.repeat)),
    },
  };
}

/** A part's cells renumbered from repeat `from` on (r1 → r`from`…), each changed by `change`. */
function renumbered(part, file, from, change) {
  const cells = part.result.cells
    .filter((c) => c.repeat <= 2)
    .map((c) => {
      const repeat = c.repeat + from - 1;
      return {...change(structuredClone(c)), id: c.id.replace(/r\d+$/, `r${repeat}`), repeat};
    });
  return {file, result: {...part.result, cells}};
}

test('a forged part, its repeats renumbered and its TPS tripled by hand, is refused naming the file and cell', () => {
  const real = quickPart('quick-part1.json', {repeats: [1, 2], repeat: 2});
  const forged = renumbered(real, 'quick-forged.json', 3, (c) => {
    c.summary.tps *= 3;
    return c;
  });
  assert.throws(
    () => mergeResults([real, forged]),
    // 5,390.895828 tripled (16,172.687484) in the summary; its output still says 5,390.895828.
    startsWith(
      'quick-forged.json cannot be merged:\n  quick-forged.json: cells[0] (pg17/select-only/small/c1/r3).summary.tps ' +
        'is 16172.687483999998; derived from its output, it is 5390.895828',
    ),
  );
});

test('repeats beyond the run recorded, or one cell in two parts, are refused naming both files', async () => {
  const {scaledCell} = await import('./scaled-cell.mjs');
  const real = quickPart('quick-part1.json', {repeats: [1, 2], repeat: 2});
  // Its output tripled too, so that the figures agree with it: the repeats are what give it away.
  const forged = renumbered(real, 'quick-forged.json', 3, (c) => scaledCell(c, 3));
  // The run recorded 2 repeats (--repeat 2): r3 is past them.
  assert.throws(
    () => mergeResults([real, forged]),
    startsWith(
      'quick-forged.json: cell pg17/select-only/small/c1/r3 is repeat 3, but the run recorded 2 repeats (--repeat 2)',
    ),
  );
  // Without --repeat, the suite's count: the quick suite records 3 repeats, so r4 is past them.
  const {loadSuite} = await import('../suites/suite.mjs');
  const suite = {...loadSuite(new URL('../../benchmarks/quick/suite.yaml', import.meta.url).pathname)};
  suite.hash = real.result.run.suiteHash;
  const whole = quickPart('quick-part1.json');
  const copied = renumbered(whole, 'quick-copy.json', 3, (c) => scaledCell(c, 3));
  assert.throws(
    () => mergeResults([whole, copied], {suite}),
    /^Error: quick-copy\.json: cell pg17\/select-only\/small\/c1\/r3 is in quick-part1\.json too/,
  );
  const past = renumbered(whole, 'quick-copy.json', 4, (c) => scaledCell(c, 3));
  assert.throws(
    () => mergeResults([whole, past], {suite}),
    startsWith(
      'quick-copy.json: cell pg17/select-only/small/c1/r4 is repeat 4, but the run recorded 3 repeats ' +
        "(suite quick's repeat)",
    ),
  );
  // Without either count, a target's repeats in two parts give the copy away.
  assert.throws(
    () => mergeResults([whole, past]),
    startsWith(
      'quick-copy.json holds repeats of pg17/select-only/small/c1 (pg17/select-only/small/c1/r4), and so does ' +
        'quick-part1.json (pg17/select-only/small/c1/r1)',
    ),
  );
});

test('parts run with --only repeat=N split a target’s repeats between them and merge', () => {
  const first = quickPart('quick-r1.json', {repeats: [1], only: {repeat: ['1']}});
  const second = quickPart('quick-r2.json', {repeats: [2], only: {repeat: ['2']}});
  const merged = mergeResults([first, second]);
  assert.deepEqual(resultProblems(merged), []);
  assert.deepEqual(
    merged.cells.map((c) => c.id),
    [
      'pg17/select-only/small/c1/r1',
      'pg17/tpcb-like/small/c1/r1',
      'pg18/select-only/small/c1/r1',
      'pg18/tpcb-like/small/c1/r1',
      'pg17/select-only/small/c1/r2',
      'pg17/tpcb-like/small/c1/r2',
      'pg18/select-only/small/c1/r2',
      'pg18/tpcb-like/small/c1/r2',
    ],
  );
  // A part that says --only repeat=2 but holds repeat 3 is refused.
  const wrong = quickPart('quick-wrong.json', {repeats: [3], only: {repeat: ['2']}});
  assert.throws(
    () => mergeResults([first, wrong]),
    /^Error: quick-wrong\.json: cell pg17\/select-only\/small\/c1\/r3 is repeat 3, but this part ran --only repeat=2/,
  );
});
