// The CI runs as their runners run them, on real PostgreSQL servers and the
// real pgbench, with a suite of three comparison groups (one cell a server, 1 s
// at scale 1: a quick suite's shape at a tenth of its work, since what is tested
// is the sharding, not the figures). The benchmark workflow's steps: the plan
// splits the suite into three shards, two of them run at once,
// the third is lost (its job failed before writing), and the merge records
// every cell of the suite once, the lost shard's as failed. The Kubernetes
// manifests' pods: every pod of the Indexed Job at once, each with its
// JOB_COMPLETION_INDEX (0-based), then the merge Job's command. Their shapes
// are checked in test/ci/.
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {cpSync, mkdirSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {expandMatrix} from '../../lib/suites/matrix.mjs';
import {loadSuite} from '../../lib/suites/suite.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {manifests} from '../ci/k8s-manifests.mjs';
import {readWorkflow, runStep} from '../ci/workflow-steps.mjs';
import {workspace} from '../ci/workspace.mjs';
import {ownTmp} from './own-tmp.mjs';

ownTmp('ci-runs');

const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, {recursive: true, force: true});
});

// Three comparison groups (clients 1, 2 and 4), PostgreSQL 17 and 18 compared like for like.
const SUITE = `id: ci-tiny
description: The CI simulations' suite.
targets:
  - id: pg17
    embedded: 17
  - id: pg18
    embedded: 18
    checksums: false
    settings:
      io_method: sync
workloads:
  - id: select-only
    builtin: select-only
scenarios:
  - id: small
    scale: 1
    clients: [1, 2, 4]
    duration: 1s
repeat: 1
`;
const suites = {'ci-tiny': SUITE};
const tiny = () => {
  const dir = workspace('suite', {suites});
  dirs.push(dir);
  return loadSuite(path.join(dir, 'benchmarks/ci-tiny/suite.yaml'));
};

test('the same commands as the workflow: plan, shards at once, one lost, merge: every cell once', async () => {
  const w = readWorkflow();
  const context = {inputs: {suite: 'ci-tiny', shards: 3, duration: '1s'}, github: {run_number: 7}};
  const planDir = workspace('plan', {suites});
  dirs.push(planDir);
  const plan = await runStep(w, 'plan', 'plan', {cwd: planDir, context});
  assert.equal(plan.code, 0, plan.text);
  assert.deepEqual(plan.outputs, {count: '3', list: '["1/3","2/3","3/3"]'});
  const shards = JSON.parse(plan.outputs.list);
  // Shard 3's job fails before it writes anything (a lost runner): only 1 and 2 run, at once.
  const ran = await Promise.all(
    shards.slice(0, 2).map(async (shard, index) => {
      const cwd = workspace(`shard-${index}`, {suites});
      dirs.push(cwd);
      const run = await runStep(w, 'shard', 'run', {cwd, context: {...context, matrix: {shard}}});
      return {cwd, index, run};
    }),
  );
  for (const {run} of ran) assert.equal(run.code, 0, run.text);
  // upload-artifact (one name per job index), then download-artifact with merge-multiple.
  const merge = workspace('merge', {suites});
  dirs.push(merge);
  for (const {cwd} of ran) {
    for (const file of readdirSync(path.join(cwd, 'shard-results'))) {
      cpSync(path.join(cwd, 'shard-results', file), path.join(merge, 'shard-results', file));
    }
  }
  const merged = await runStep(w, 'merge', 'merge', {
    cwd: merge,
    context: {...context, needs: {plan: {outputs: plan.outputs}}},
  });
  assert.equal(merged.code, 0, merged.text);
  assert.match(merged.text, /Some cells failed; the site shows them as failed/);
  const result = JSON.parse(readFileSync(path.join(merge, 'results', 'ci-tiny-github-7.json'), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  const suite = tiny();
  const expected = expandMatrix(suite, {durationS: 1}).cells.map((c) => c.id);
  assert.deepEqual(result.cells.map((c) => c.id).sort(), [...expected].sort(), 'every cell of the suite, once');
  const lost = new Set(expandMatrix(suite, {durationS: 1, shard: {index: 3, count: 3}}).cells.map((c) => c.id));
  for (const cell of result.cells) {
    if (lost.has(cell.id)) {
      assert.equal(cell.status, 'failed');
      assert.match(cell.error.message, /shard 3\/3 left no result/);
    } else assert.equal(cell.status, 'ok', `${cell.id}: ${cell.error?.message}`);
  }
  assert.equal(result.run.overrides.durationS, 1);
});

/** Runs a container's command as its pod would: its env, the volume at `volume`, in a checkout. */
function runContainer(container, {cwd, volume, env = {}}) {
  const vars = Object.fromEntries(container.env.filter((e) => 'value' in e).map((e) => [e.name, e.value]));
  vars.RESULTS = vars.RESULTS.replace(/^\/results/, volume);
  return new Promise((resolve) => {
    const child = spawn(container.command[0], container.command.slice(1), {
      cwd,
      env: {...process.env, ...vars, ...env},
    });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('close', (code) => resolve({code, text}));
  });
}

test('simulated here: the pods of the Indexed Job at once, then the merge: every cell once', async () => {
  const {shards, merge} = manifests(['ci-tiny', '--shards', '2', '--duration', '1s'], {suites});
  const job = shards.find((o) => o.kind === 'Job');
  const [container] = job.spec.template.spec.containers;
  const volume = workspace('k8s-volume', {suites});
  dirs.push(volume);
  mkdirSync(path.join(volume, 'run'), {recursive: true});
  const pods = await Promise.all(
    Array.from({length: job.spec.completions}, (_, index) => {
      const cwd = workspace(`pod-${index}`, {suites});
      dirs.push(cwd);
      return runContainer(container, {cwd, volume, env: {JOB_COMPLETION_INDEX: String(index)}});
    }),
  );
  for (const pod of pods) assert.equal(pod.code, 0, pod.text);
  const cwd = workspace('merge-pod', {suites});
  dirs.push(cwd);
  const [mergeContainer] = merge[0].spec.template.spec.containers;
  // The site build is the merge Job's last step; the build and browser tests cover it.
  const merged = await runContainer(mergeContainer, {cwd, volume, env: {BUILD_SITE: 'false'}});
  assert.equal(merged.code, 0, merged.text);
  const run = container.env.find((e) => e.name === 'RUN').value;
  const result = JSON.parse(readFileSync(path.join(volume, run, 'merged', `${run}.json`), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  const suite = tiny();
  const expected = expandMatrix(suite, {durationS: 1}).cells.map((c) => c.id);
  assert.deepEqual(result.cells.map((c) => c.id).sort(), [...expected].sort(), 'every cell of the suite, once');
  assert.ok(
    result.cells.every((c) => c.status === 'ok'),
    'both shards measured their cells',
  );
  assert.deepEqual(result.run.overrides.mergedShards.sort(), ['1/2', '2/2']);
});
