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

test('shards of another suite version, another machine, or the same cells are refused', () => {
  const [a, b] = shards();
  assert.throws(
    () => mergeResults([a, {...b, result: {...b.result, run: {...b.result.run, suiteHash: 'b'.repeat(64)}}}]),
    /shard2\.json: suite s .* is not the suite of shard1\.json/,
  );
  const otherHost = {...b.result.environment, host: {...b.result.environment.host, cpuCount: 64}};
  assert.throws(
    () => mergeResults([a, {...b, result: {...b.result, environment: otherHost}}]),
    /shard2\.json ran on another machine/,
  );
  assert.throws(() => mergeResults([a, {...a, file: 'copy.json'}]), /copy\.json: cell .* is in two shards/);
  assert.throws(
    () => mergeResults([a, {...b, result: {...b.result, run: {...b.result.run, finishedAt: null}}}]),
    /shard2\.json: this shard has not finished/,
  );
});
