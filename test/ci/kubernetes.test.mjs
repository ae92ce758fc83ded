// `bench k8s`: its manifests are valid Kubernetes objects (the API's schemas,
// from the kubernetes-models package), keep server addresses in a Secret, and
// run each shard (under Valgrind when asked) and the merge. Their pods run here,
// as Kubernetes would run them, in test/integration/ci-runs.test.mjs.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Job} from 'kubernetes-models/batch/v1';
import {PersistentVolumeClaim} from 'kubernetes-models/v1';
import {manifests} from './k8s-manifests.mjs';

const MODELS = {Job, PersistentVolumeClaim};
const validate = (object) => new MODELS[object.kind](object).validate();

test('the manifests are valid Kubernetes objects; an Indexed Job of N pods; URLs from a Secret', () => {
  const m = manifests(['postgresbench', '--shards', '2', '--image', 'registry.example/pg-bench-guide:1']);
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
  const own = manifests(['quick', '--shards', '9', '--results-pvc', 'bench-results']);
  assert.deepEqual(
    own.shards.map((o) => o.kind),
    ['Job'],
  );
  assert.equal(own.shards[0].spec.completions, 4, 'no more pods than comparison groups');
  assert.equal(own.shards[0].spec.template.spec.volumes[0].persistentVolumeClaim.claimName, 'bench-results');
  // The validation is real: a Job without its pod template is refused.
  assert.throws(() => validate({...own.shards[0], spec: {...own.shards[0].spec, template: undefined}}));
});

test('--measure instructions: each pod runs its shard under Valgrind; the merge keeps the Cachegrind files', () => {
  const {shards, merge} = manifests(['pg-versions', '--shards', '2', '--measure', 'instructions']);
  const env = (doc) => Object.fromEntries(doc.spec.template.spec.containers[0].env.map((e) => [e.name, e.value]));
  const job = shards.find((d) => d.kind === 'Job');
  assert.equal(env(job).MEASURE, 'instructions');
  assert.match(job.spec.template.spec.containers[0].command[2], /--measure "\$MEASURE"/);
  const merging = merge.find((d) => d.kind === 'Job');
  assert.match(merging.spec.template.spec.containers[0].command[2], /\$RUN\.cachegrind/);
  // pg-versions' four groups all take the instructions measure: two shards.
  assert.equal(job.spec.completions, 2);
});
