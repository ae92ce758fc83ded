import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const BENCH = new URL('../bench.mjs', import.meta.url).pathname;
const QUICK = new URL('../../test/fixtures/results/quick-20261122T125226Z.json', import.meta.url).pathname;
const bench = (...args) => spawnSync(process.execPath, [BENCH, ...args], {encoding: 'utf8'});

/** The quick fixture, and a later run made from it with `edit`, as files in a temp folder. */
function runs(t, edit) {
  const dir = mkdtempSync(path.join(tmpdir(), 'compare-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const newer = JSON.parse(readFileSync(QUICK, 'utf8'));
  newer.run = {
    ...newer.run,
    id: 'later',
    startedAt: '2026-11-23T00:00:00.000Z',
    finishedAt: '2026-11-23T00:02:00.000Z',
  };
  edit(newer);
  const file = path.join(dir, 'later.json');
  writeFileSync(file, JSON.stringify(newer));
  return [QUICK, file];
}

test('compare OLD NEW says first what else differs: suite, setting and machine, each with both values', (t) => {
  const files = runs(t, (newer) => {
    newer.run.suite = 'quick-tuned';
    newer.environment.targets.find((x) => x.id === 'pg18').settings.shared_buffers = '256MB';
    newer.environment.host = {...newer.environment.host, cpuCount: 64};
  });
  const {status, stdout} = bench('compare', ...files);
  assert.equal(status, 0);
  const lines = stdout.split('\n');
  assert.equal(lines[0], 'What quick-20261122T125226Z → later differ in besides the code:');
  assert.equal(
    lines[1],
    '- Runs of different suites (quick, quick-tuned): only cells with the same scenario, workload and client count ' +
      'are compared, and one name may not mean the same work in both.',
  );
  assert.equal(lines[2], '- Setting shared_buffers of pg18: 128MB → 256MB.');
  assert.match(
    lines[3],
    /^- quick-20261122T125226Z ran on .*, 2 CPUs, .*; later on .*, 64 CPUs, .*Different or unknown/,
  );
  assert.equal(lines[4], '');
  assert.match(lines[5], /^scenario +workload +clients +metric +baseline/);
  assert.equal(stdout.match(/Different or unknown machines/g).length, 1, 'the machine said once, before the table');

  const json = JSON.parse(bench('compare', ...files, '--json').stdout);
  assert.deepEqual(
    json.differences.map((d) => d.kind),
    ['suite', 'setting', 'machine'],
  );
  assert.deepEqual(json.differences[1], {
    kind: 'setting',
    name: 'shared_buffers',
    older: '128MB',
    newer: '256MB',
    targets: ['pg18'],
    text: 'Setting shared_buffers of pg18: 128MB → 256MB.',
  });
  // Every cell of the same key compared all the same: 4 groups × 2 targets, TPS (the fixture kept no latency logs).
  assert.equal(json.comparisons.length, 8);

  const summary = path.join(path.dirname(files[1]), 'summary.md');
  bench('compare', ...files, '--summary', summary);
  const markdown = readFileSync(summary, 'utf8');
  assert.match(markdown, /^> \*\*The two runs differ:\*\*\n> - Runs of different suites \(quick, quick-tuned\)/m);
  assert.match(markdown, /different suites.*\n> - Setting shared_buffers of pg18: 128MB → 256MB\.\n\n/);
});

test('compare OLD NEW of runs alike (another port each) starts with the table; --json has no differences', (t) => {
  const files = runs(t, (newer) => {
    for (const x of newer.environment.targets) x.settings.port = '5432';
  });
  const {status, stdout} = bench('compare', ...files);
  assert.equal(status, 0);
  assert.match(stdout, /^scenario +workload +clients +metric +baseline/);
  assert.deepEqual(JSON.parse(bench('compare', ...files, '--json').stdout).differences, []);
});
