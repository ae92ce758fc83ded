// bench k8s: Kubernetes manifests for a sharded run of a suite, and how to apply them.
import path from 'node:path';
import {checkMeasure, isWhole, parseCommand, suiteFile, UsageError} from './cli.mjs';

export const name = 'k8s';
export const operands = 'SUITE';
export const description = `Writes Kubernetes manifests into DIR: an Indexed Job whose pods run one shard each
(shard = JOB_COMPLETION_INDEX + 1), a Job that merges them and builds the site onto the
results volume, and DIR/README.md with the kubectl steps.`;
export const options = {
  shards: {type: 'string', value: 'N', required: true, help: 'the most shards (at most one per comparison group)'},
  out: {type: 'string', value: 'DIR', required: true, help: 'the folder to write the manifests into'},
  image: {type: 'string', value: 'IMAGE', default: 'pg-bench-guide:latest', help: "the project's container image"},
  'results-pvc': {type: 'string', value: 'NAME', help: 'an existing claim for the results (default: one made)'},
  secret: {type: 'string', value: 'NAME', help: "the Secret holding the URL targets' connection URLs"},
  duration: {type: 'string', value: '10s', help: "each timed run's length, instead of the suite's"},
  measure: {type: 'string', value: 'time|instructions', default: 'time', help: 'what each cell measures'},
};

/** Names go into manifests and into the README's kubectl commands: Kubernetes's own rules, nothing else. */
function checkNames(values) {
  for (const key of ['results-pvc', 'secret']) {
    const value = values[key];
    if (value !== undefined && !(value.length <= 253 && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(value))) {
      throw new UsageError(
        `k8s: --${key} ${JSON.stringify(value)} is not a Kubernetes name: lowercase letters, digits, - and ., ` +
          'starting and ending with a letter or digit',
      );
    }
  }
  if (values.image !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$/.test(values.image)) {
    throw new UsageError(`k8s: --image ${JSON.stringify(values.image)} is not an image reference (registry/name:tag)`);
  }
}

export async function run(args) {
  const {values, positionals} = parseCommand({name, options}, args);
  if (positionals.length !== 1) throw new UsageError('k8s: name one suite');
  await checkMeasure('k8s', values.measure);
  if (!isWhole(values.shards ?? '')) throw new UsageError('k8s: give --shards N, a whole number');
  if (!values.out) throw new UsageError('k8s: give the folder to write the manifests into with --out DIR');
  checkNames(values);
  const [{loadSuite}, {parseDuration}, {expandMatrix}, {groupKey}, manifests, YAML, {writeFileAtomically}] =
    await Promise.all([
      import('../../lib/suites/suite.mjs'),
      import('../../lib/suites/duration.mjs'),
      import('../../lib/suites/matrix.mjs'),
      import('../../lib/model/keys.mjs'),
      import('../k8s-manifests.mjs'),
      import('yaml'),
      import('../../lib/write-file-atomically.mjs'),
    ]);
  if (values.duration) {
    try {
      parseDuration(values.duration);
    } catch (error) {
      throw new UsageError(`k8s: ${error.message}`);
    }
  }
  const suite = loadSuite(suiteFile(positionals[0]));
  const groups = new Set(expandMatrix(suite, {measure: values.measure}).cells.map(groupKey)).size;
  const shards = Math.min(Number(values.shards), groups);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const runName = `bench-${suite.id}-${stamp}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const {shards: first, merge: second} = manifests.k8sManifests(suite, {
    shards,
    run: runName,
    image: values.image,
    resultsPvc: values['results-pvc'] ?? null,
    secret: values.secret ?? null,
    duration: values.duration ?? null,
    measure: values.measure === 'instructions' ? 'instructions' : null,
  });
  const yaml = (docs) => docs.map((d) => YAML.stringify(d, {aliasDuplicateObjects: false})).join('---\n');
  writeFileAtomically(path.join(values.out, 'shards.yaml'), yaml(first));
  writeFileAtomically(path.join(values.out, 'merge.yaml'), yaml(second));
  const readme = manifests.k8sReadme(suite, {
    run: runName,
    secretName: values.secret ?? `bench-${suite.id}-urls`,
    urlTargets: suite.targets.filter((t) => t.urlVariable),
    claim: values['results-pvc'] ?? `${runName}-results`,
  });
  writeFileAtomically(path.join(values.out, 'README.md'), readme);
  console.error(
    `${shards} shards${shards < Number(values.shards) ? ` (the suite has ${groups} comparison groups)` : ''}: ` +
      `${values.out}/shards.yaml, merge.yaml and README.md (how to apply them).`,
  );
  return 0;
}
