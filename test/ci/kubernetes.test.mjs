// `bench k8s`: its manifests are valid Kubernetes objects (the API's schemas,
// from the kubernetes-models package), keep server addresses in a Secret,
// and do what they say when run here as Kubernetes would run them: every pod
// of the Indexed Job at once, each with its JOB_COMPLETION_INDEX (0-based),
// on real PostgreSQL servers, then the merge Job's command. The merged
// result holds every cell of the suite exactly once.
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {Job} from 'kubernetes-models/batch/v1';
import {PersistentVolumeClaim} from 'kubernetes-models/v1';
import {expandMatrix} from '../../lib/suites/matrix.mjs';
import {loadSuite} from '../../lib/suites/suite.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {workspace} from './workspace.mjs';

const BENCH = new URL('../../scripts/bench.mjs', import.meta.url).pathname;
const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, {recursive: true, force: true});
});

/** Writes the manifests of `bench k8s` and reads them back. */
function manifests(...args) {
  const out = workspace('k8s-manifests');
  dirs.push(out);
  const done = spawnSync(process.execPath, [BENCH, 'k8s', ...args, '--out', path.join(out, 'k8s')], {encoding: 'utf8'});
  assert.equal(done.status, 0, done.stderr);
  const read = (name) => YAML.parseAllDocuments(readFileSync(path.join(out, 'k8s', name), 'utf8')).map((d) => d.toJS());
  return {
    shards: read('shards.yaml'),
    merge: read('merge.yaml'),
    readme: readFileSync(path.join(out, 'k8s/README.md'), 'utf8'),
  };
}

const MODELS = {Job, PersistentVolumeClaim};
const validate = (object) => new MODELS[object.kind](object).validate();

test('the manifests are valid Kubernetes objects; an Indexed Job of N pods; URLs from a Secret', () => {
  const m = manifests('postgresbench', '--shards', '2', '--image', 'registry.example/pg-bench-guide:1');
  for (const object of [...m.shards, ...m.merge]) validate(object);
  const [pvc, job] = m.shards;
  assert.equal(pvc.kind, 'PersistentVolumeClaim');
  assert.equal(job.spec.completionMode, 'Indexed');
  assert.equal(job.spec.completions, 2);
  assert.equal(job.spec.parallelism, 2);
  const [container] = job.spec.template.spec.containers;
  assert.equal(container.image, 'registry.example/pg-bench-guide:1');
  assert.match(container.command[2], /JOB_COMPLETION_INDEX \+ 1/, 'indexes are 0-based, shards 1-based');
  const url = container.env.find((e) => e.name === 'POSTGRESBENCH_URL');
  assert.deepEqual(url.valueFrom, {secretKeyRef: {name: 'bench-postgresbench-urls', key: 'POSTGRESBENCH_URL'}});
  assert.doesNotMatch(JSON.stringify([m.shards, m.merge]), /postgres(ql)?:\/\//, 'no address in a manifest');
  assert.match(m.readme, /kubectl create secret generic bench-postgresbench-urls/);
  assert.match(m.readme, /kubectl wait --for=condition=complete .*job\/bench-postgresbench-.*-shards/);
  // An existing claim is used as it is, and no new one is made.
  const own = manifests('quick', '--shards', '9', '--results-pvc', 'bench-results');
  assert.deepEqual(
    own.shards.map((o) => o.kind),
    ['Job'],
  );
  assert.equal(own.shards[0].spec.completions, 4, 'no more pods than comparison groups');
  assert.equal(own.shards[0].spec.template.spec.volumes[0].persistentVolumeClaim.claimName, 'bench-results');
  // The validation is real: a Job without its pod template is refused.
  assert.throws(() => validate({...own.shards[0], spec: {...own.shards[0].spec, template: undefined}}));
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
  const {shards, merge} = manifests('quick', '--shards', '2', '--duration', '1s');
  const job = shards.find((o) => o.kind === 'Job');
  const [container] = job.spec.template.spec.containers;
  const volume = workspace('k8s-volume');
  dirs.push(volume);
  mkdirSync(path.join(volume, 'run'), {recursive: true});
  const pods = await Promise.all(
    Array.from({length: job.spec.completions}, (_, index) => {
      const cwd = workspace(`pod-${index}`);
      dirs.push(cwd);
      return runContainer(container, {cwd, volume, env: {JOB_COMPLETION_INDEX: String(index)}});
    }),
  );
  for (const pod of pods) assert.equal(pod.code, 0, pod.text);
  const cwd = workspace('merge-pod');
  dirs.push(cwd);
  const [mergeContainer] = merge[0].spec.template.spec.containers;
  // The site build is the merge Job's last step; the build and browser tests cover it.
  const merged = await runContainer(mergeContainer, {cwd, volume, env: {BUILD_SITE: 'false'}});
  assert.equal(merged.code, 0, merged.text);
  const run = container.env.find((e) => e.name === 'RUN').value;
  const result = JSON.parse(readFileSync(path.join(volume, run, 'merged', `${run}.json`), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  const suite = loadSuite(new URL('../../benchmarks/quick/suite.yaml', import.meta.url).pathname);
  const expected = expandMatrix(suite, {durationS: 1}).cells.map((c) => c.id);
  assert.deepEqual(result.cells.map((c) => c.id).sort(), [...expected].sort(), 'every cell of the suite, once');
  assert.ok(
    result.cells.every((c) => c.status === 'ok'),
    'both shards measured their cells',
  );
  assert.deepEqual(result.run.overrides.mergedShards.sort(), ['1/2', '2/2']);
});

test('--measure instructions: each pod runs its shard under Valgrind; the merge keeps the Cachegrind files', () => {
  const {shards, merge} = manifests('pg-versions', '--shards', '2', '--measure', 'instructions');
  const env = (doc) => Object.fromEntries(doc.spec.template.spec.containers[0].env.map((e) => [e.name, e.value]));
  const job = shards.find((d) => d.kind === 'Job');
  assert.equal(env(job).MEASURE, 'instructions');
  assert.match(job.spec.template.spec.containers[0].command[2], /--measure "\$MEASURE"/);
  const merging = merge.find((d) => d.kind === 'Job');
  assert.match(merging.spec.template.spec.containers[0].command[2], /\$RUN\.cachegrind/);
  // pg-versions' four groups all take the instructions measure: two shards.
  assert.equal(job.spec.completions, 2);
});
