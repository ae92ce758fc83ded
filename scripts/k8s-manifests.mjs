// Kubernetes manifests for a suite run spread over pods: an Indexed Job whose
// pod K (JOB_COMPLETION_INDEX, 0-based) runs shard K+1 of N into its own
// folder of a results volume, and a Job that merges the shards (a lost
// shard's cells recorded as failed) and builds the site onto the same volume.
// Kubernetes has no "after that Job" for plain Jobs: the README written beside
// them says to wait for the first before applying the second. Targets given
// by URL read it from a Secret, so no address or password is in a manifest;
// the runner redacts passwords from what it records.

const LABEL = 'app.kubernetes.io/name';

/** The shell each pod runs; it reads its environment only, so a test can run it as it is. */
const SHARD_SCRIPT = [
  'shard=$((JOB_COMPLETION_INDEX + 1))',
  'out="$RESULTS/shard-$shard"',
  // A retried pod starts its shard anew: a half-written result of the failed try would be merged twice.
  'rm -rf "$out"',
  'set -- --shard "$shard/$SHARDS" --out "$out"',
  'if [ -n "$DURATION" ]; then set -- "$@" --duration "$DURATION"; fi',
  'if [ -n "$MEASURE" ]; then set -- "$@" --measure "$MEASURE"; fi',
  'status=0',
  'node scripts/bench.mjs run "$SUITE" "$@" || status=$?',
  // 3: it finished, and some cells failed; they are in the result, which the merge shows.
  'if [ "$status" -eq 3 ]; then exit 0; fi',
  'exit "$status"',
].join('\n');

const MERGE_SCRIPT = [
  'set -e',
  'files=$(find "$RESULTS" -path "$RESULTS/shard-*/*.json" | sort)',
  'if [ -z "$files" ]; then echo "No shard left a result in $RESULTS." >&2; exit 1; fi',
  'status=0',
  'node scripts/bench.mjs merge $files --shards "$SHARDS" --out "results/$RUN.json" || status=$?',
  'if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then exit "$status"; fi',
  'mkdir -p "$RESULTS/merged"',
  'cp "results/$RUN.json" "$RESULTS/merged/"',
  // An instructions run's Cachegrind files live beside its result.
  'if [ -d "results/$RUN.cachegrind" ]; then cp -r "results/$RUN.cachegrind" "$RESULTS/merged/"; fi',
  'if [ "$BUILD_SITE" = "true" ]; then npm run build && rm -rf "$RESULTS/site" && cp -r build "$RESULTS/site"; fi',
].join('\n');

/**
 * @param {object} suite  from loadSuite
 * @param {{shards: number, run: string, image: string, resultsPvc?: string|null, secret?: string|null,
 *   duration?: string|null, measure?: string|null}} options  run: a DNS-safe name shared by the Jobs and the
 *   results folder; measure: instructions runs the servers under Valgrind (the image has it)
 * @returns {{shards: object[], merge: object[]}} the objects of shards.yaml and merge.yaml
 */
export function k8sManifests(
  suite,
  {shards, run, image, resultsPvc = null, secret = null, duration = null, measure = null},
) {
  const claim = resultsPvc ?? `${run}-results`;
  const labels = {[LABEL]: 'pg-bench-guide', 'pg-bench-guide/suite': suite.id, 'pg-bench-guide/run': run};
  const urlTargets = suite.targets.filter((t) => t.urlVariable);
  // A suite id may hold _ or capitals, which a Kubernetes name may not.
  const secretName = secret ?? `bench-${suite.id}-urls`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const env = [
    {name: 'SUITE', value: suite.id},
    {name: 'SHARDS', value: String(shards)},
    {name: 'RUN', value: run},
    {name: 'RESULTS', value: `/results/${run}`},
    {name: 'DURATION', value: duration ?? ''},
    {name: 'MEASURE', value: measure ?? ''},
  ];
  const pod = (name, script, extraEnv) => ({
    restartPolicy: 'Never',
    // Embedded servers refuse to run as root: the image's node user owns /app.
    securityContext: {runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000},
    containers: [
      {
        name,
        image,
        workingDir: '/app',
        command: ['bash', '-c', script],
        env: [...env, ...extraEnv],
        resources: {requests: {cpu: '2', memory: '4Gi'}},
        volumeMounts: [{name: 'results', mountPath: '/results'}],
      },
    ],
    volumes: [{name: 'results', persistentVolumeClaim: {claimName: claim}}],
  });
  const urls = urlTargets.map((t) => ({
    name: t.urlVariable,
    valueFrom: {secretKeyRef: {name: secretName, key: t.urlVariable}},
  }));
  const pvc = resultsPvc
    ? []
    : [
        {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          metadata: {name: claim, labels},
          // Pods of the shards may run on different nodes, all writing to it.
          spec: {accessModes: ['ReadWriteMany'], resources: {requests: {storage: '5Gi'}}},
        },
      ];
  const shardJob = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {name: `${run}-shards`, labels},
    spec: {
      completionMode: 'Indexed',
      completions: shards,
      parallelism: shards,
      backoffLimit: shards,
      template: {metadata: {labels}, spec: pod('shard', SHARD_SCRIPT, urls)},
    },
  };
  const mergeJob = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {name: `${run}-merge`, labels},
    spec: {
      backoffLimit: 1,
      template: {metadata: {labels}, spec: pod('merge', MERGE_SCRIPT, [{name: 'BUILD_SITE', value: 'true'}])},
    },
  };
  return {shards: [...pvc, shardJob], merge: [mergeJob]};
}

/** The steps to apply them, for DIR/README.md. */
export function k8sReadme(suite, {run, secretName, urlTargets, claim}) {
  const secretStep = urlTargets.length
    ? [
        `1. Put the server addresses in a Secret (they never go into a manifest or a result):`,
        '',
        '   ```sh',
        `   kubectl create secret generic ${secretName} \\`,
        ...urlTargets.map((t, i) => {
          const more = i < urlTargets.length - 1 ? ' \\' : '';
          return `     --from-literal=${t.urlVariable}='postgres://user:password@host:5432/db'${more}`;
        }),
        '   ```',
        '',
      ]
    : [];
  return [
    `# Run ${suite.id} on Kubernetes (${run})`,
    '',
    'Written by `node scripts/bench.mjs k8s`. The image is the project with its system packages',
    '(the `Dockerfile` at its root: `docker build -t pg-bench-guide .`, then push it where the cluster pulls from).',
    '',
    ...secretStep,
    `${secretStep.length ? 2 : 1}. Start the shards (one pod each, the shard taken from \`JOB_COMPLETION_INDEX\`):`,
    '',
    '   ```sh',
    '   kubectl apply -f shards.yaml',
    `   kubectl wait --for=condition=complete --timeout=24h job/${run}-shards`,
    '   ```',
    '',
    '   A shard that fails for good leaves the Job failed (`kubectl wait --for=condition=failed` tells);',
    '   merge anyway: its cells are recorded as failed.',
    '',
    `${secretStep.length ? 3 : 2}. Merge the shards and build the site onto the volume:`,
    '',
    '   ```sh',
    '   kubectl apply -f merge.yaml',
    `   kubectl wait --for=condition=complete --timeout=1h job/${run}-merge`,
    '   ```',
    '',
    `The volume \`${claim}\` then holds \`${run}/merged/${run}.json\` (copy it into \`results/\` and commit it)`,
    `and the built site in \`${run}/site/\`.`,
    '',
  ].join('\n');
}
