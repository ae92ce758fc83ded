// The benchmark workflow (.github/workflows/benchmark.yml): valid for GitHub
// Actions (action-validator, from npm), shaped as the README promises, and its
// pull-request gate run here on fixture runs: a run 30% slower fails it. Its
// shard and merge steps run on real servers in test/integration/ci-runs.test.mjs.
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readWorkflow, runStep, stepOf, WORKFLOW} from './workflow-steps.mjs';
import {workspace} from './workspace.mjs';

const VALIDATOR = new URL('../../node_modules/.bin/action-validator', import.meta.url).pathname;
const validate = (file) => spawnSync(VALIDATOR, [file], {encoding: 'utf8'});
const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, {recursive: true, force: true});
});

test('action-validator accepts the workflow, and refuses a broken copy of it', () => {
  const ok = validate(WORKFLOW);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const dir = path.join(tmpdir(), `workflow-${process.pid}`);
  mkdirSync(dir, {recursive: true});
  dirs.push(dir);
  const broken = path.join(dir, 'benchmark.yml');
  writeFileSync(broken, readFileSync(WORKFLOW, 'utf8').replace('needs: plan\n', 'needs: plann\n'));
  const bad = validate(broken);
  assert.notEqual(bad.status, 0, 'a job that needs a job that does not exist is refused');
});

test('triggers, shards, artifacts, merge, Pages and the pull-request compare are there', () => {
  const w = readWorkflow();
  assert.deepEqual(Object.keys(w.on.workflow_dispatch.inputs), ['suite', 'shards', 'duration', 'measure']);
  assert.ok(w.on.schedule[0].cron);
  assert.ok(w.on.push.paths.includes('benchmarks/**') && w.on.push.paths.includes('scripts/runner/**'));
  assert.ok('pull_request' in w.on);
  const shard = w.jobs.shard;
  assert.equal(shard.strategy['fail-fast'], false);
  assert.match(shard.strategy.matrix.shard, /^\$\{\{ fromJSON\(needs\.plan\.outputs\.list\) \}\}$/);
  const upload = shard.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
  assert.equal(upload.if, 'always()', 'a failed shard keeps what it measured');
  assert.match(upload.with.name, /\$\{\{ strategy\.job-index \}\}/, 'one artifact name per shard');
  assert.match(w.jobs.merge.if, /always\(\)/, 'the merge runs when a shard failed');
  assert.ok(w.jobs.merge.steps.some((s) => s.uses?.startsWith('actions/upload-pages-artifact@')));
  assert.ok(w.jobs.deploy.steps.some((s) => s.uses?.startsWith('actions/deploy-pages@')));
  assert.deepEqual(w.jobs.deploy.permissions, {pages: 'write', 'id-token': 'write'});
  const pr = w.jobs['pull-request'];
  assert.equal(pr.if, "github.event_name == 'pull_request'");
  assert.match(pr.steps.find((s) => s.id === 'compare').run, /bench\.mjs compare .* --summary "\$GITHUB_STEP_SUMMARY"/);
  for (const [name, job] of Object.entries(w.jobs)) {
    for (const step of job.steps.filter((s) => s.run)) {
      assert.doesNotMatch(step.run, /\$\{\{/, `${name}/${step.id}: scripts read env, never an expression`);
    }
  }
});

// The pull-request gate's own steps on a real quick run (the fixture, three repeats, as the schedule publishes it)
// and a pull request's run of six repeats, each cell's throughput as measured times a factor.

test('the pull-request gate can fail: a run 30% slower fails the compare step; as fast passes', async () => {
  const w = readWorkflow();
  assert.match(stepOf(w, 'pull-request', 'quick').run, /bench\.mjs run quick --repeat 6 /, 'six rounds, or no verdict');
  const published = JSON.parse(
    readFileSync(new URL('../fixtures/results/quick-20261122T125226Z.json', import.meta.url), 'utf8'),
  );
  const pullRequest = (factor, repeats) => {
    const run = structuredClone(published);
    run.run.id = `quick-pr-${factor}`;
    run.run.startedAt = '2030-01-01T00:00:00Z';
    run.cells = run.cells.flatMap((cell) =>
      Array.from({length: repeats / 3}, (_, k) => {
        const copy = structuredClone(cell);
        copy.repeat = cell.repeat + 3 * k;
        copy.id = cell.id.replace(/r\d+$/, `r${copy.repeat}`);
        copy.summary.tps = cell.summary.tps * factor;
        return copy;
      }),
    );
    return run;
  };
  const gate = async (factor, repeats) => {
    const cwd = workspace('pr');
    dirs.push(cwd);
    mkdirSync(path.join(cwd, 'published'));
    mkdirSync(path.join(cwd, 'pr-results'));
    writeFileSync(path.join(cwd, 'published/quick.json'), JSON.stringify(published));
    writeFileSync(path.join(cwd, 'pr-results/quick-pr.json'), JSON.stringify(pullRequest(factor, repeats)));
    const step = await runStep(w, 'pull-request', 'compare', {cwd, context: {}});
    return {...step, output: step.text, summary: readFileSync(path.join(cwd, '.github-summary'), 'utf8')};
  };
  const slower = await gate(0.7, 6);
  assert.equal(slower.code, 1, slower.output);
  assert.match(slower.summary, /\*\*\d+ of \d+ comparisons are worse\*\*/);
  assert.match(slower.summary, /\| small \| tpcb-like \| 1 \| tps \| pg18@\S+ .*❌ worse \|/);
  const same = await gate(1, 6);
  assert.equal(same.code, 0, same.output);
  // Why six: with three repeats against three, the same 30% drop could not fail the job.
  assert.equal((await gate(0.7, 3)).code, 0);
});
