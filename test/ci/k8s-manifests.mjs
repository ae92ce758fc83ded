// The manifests `bench k8s` writes, read back: for the tests of their shape and
// for the simulated pods (test/integration/ci-runs.test.mjs).
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {workspace} from './workspace.mjs';

const BENCH = new URL('../../scripts/bench.mjs', import.meta.url).pathname;

/**
 * Writes the manifests of `bench k8s ARGS` in a workspace (with `suites` of the test's own beside the
 * project's: workspace.mjs) and reads them back; the workspace is then removed.
 */
export function manifests(args, {suites} = {}) {
  const out = workspace('k8s-manifests', {suites});
  try {
    const done = spawnSync(process.execPath, [BENCH, 'k8s', ...args, '--out', path.join(out, 'k8s')], {
      cwd: out,
      encoding: 'utf8',
    });
    assert.equal(done.status, 0, done.stderr);
    const read = (name) =>
      YAML.parseAllDocuments(readFileSync(path.join(out, 'k8s', name), 'utf8')).map((d) => d.toJS());
    return {
      shards: read('shards.yaml'),
      merge: read('merge.yaml'),
      readme: readFileSync(path.join(out, 'k8s/README.md'), 'utf8'),
    };
  } finally {
    rmSync(out, {recursive: true, force: true});
  }
}
