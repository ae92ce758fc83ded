import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {importOutputs} from './import-outputs.mjs';
import {resultProblems} from './validate-result.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;
const now = new Date('2026-11-22T10:00:00Z');
const tmp = () => mkdtempSync(path.join(tmpdir(), 'import-'));

test('every captured output imports into one valid result file', async () => {
  const r = await importOutputs([FIXTURES], {now});
  assert.deepEqual(resultProblems(r), []);
  assert.equal(r.cells.length, 108);
  const count = (status) => r.cells.filter((c) => c.status === status).length;
  assert.deepEqual([count('ok'), count('failed'), count('aborted')], [71, 27, 10]);
});

test('a captured folder: its command, exit code, streams and logs', async () => {
  const r = await importOutputs([`${FIXTURES}18/fail_tries1_nodetail`], {now});
  const [cell] = r.cells;
  assert.equal(cell.id, '18/fail_tries1_nodetail/imported/c4/r1');
  assert.equal(
    cell.command,
    'PGOPTIONS=-c default_transaction_isolation=repeatable\\ read -c deadlock_timeout=20ms pgbench -n -c 4 -T 2 -P ' +
      '1 -r -l -f scripts/conflict.sql bench',
  );
  assert.equal(cell.exitCode, 0);
  assert.equal(cell.status, 'ok');
  assert.equal(cell.log.kind, 'transactions');
  assert.equal(cell.log.transactions, cell.summary.processed);
  assert.deepEqual(cell.parameters, {
    scale: 1,
    clients: 4,
    threads: 1,
    durationS: 2,
    transactionsPerClient: null,
    mode: 'simple',
    builtin: null,
    script: 'scripts/conflict.sql',
    latencyLimitMs: null,
    maxTries: 1,
  });
  assert.deepEqual(r.environment.targets, [
    {id: '18', kind: 'imported', serverVersion: '18.6', serverVersionFull: '18.6', settings: {}},
  ]);
});

test('labels come from file names: target__workload__scenario__rN', async () => {
  const dir = tmp();
  const output = `${FIXTURES}17/run_T_progress/stdout`;
  cpSync(output, path.join(dir, 'pg17__tpcb__small__r2.txt'));
  cpSync(output, path.join(dir, 'pg17__tpcb__small__r1.txt'));
  const r = await importOutputs([dir], {now});
  assert.deepEqual(
    r.cells.map((c) => c.id),
    ['pg17/tpcb/small/c2/r1', 'pg17/tpcb/small/c2/r2'],
  );
});

test('a folder of plain outputs: the folder is the target, each name a workload, same labels are repeats', async () => {
  const dir = path.join(tmp(), 'staging');
  mkdirSync(path.join(dir, 'older'), {recursive: true});
  cpSync(`${FIXTURES}17/run_T_progress/stdout`, path.join(dir, 'tpcb.txt'));
  cpSync(`${FIXTURES}17/run_T_progress/stdout`, path.join(dir, 'older', 'tpcb.txt'));
  writeFileSync(path.join(dir, 'older', 'tpcb.yaml'), 'target: staging\n');
  writeFileSync(path.join(dir, 'notes.md'), 'not an output');
  const r = await importOutputs([dir], {now});
  assert.deepEqual(
    r.cells.map((c) => c.id),
    ['staging/tpcb/imported/c2/r1', 'staging/tpcb/imported/c2/r2'],
  );
});

test('a sidecar YAML sets the labels', async () => {
  const dir = tmp();
  cpSync(`${FIXTURES}15/run_rate_only/stdout`, path.join(dir, 'run.txt'));
  writeFileSync(
    path.join(dir, 'run.yaml'),
    'target: rds-16k\nworkload: read-only\nscenario: warm\nrepeat: 3\ncommand: pgbench -c 2 -T 2 -R 200 ' +
      '-S\nstartedAt: 2025-01-02T03:04:05Z\n',
  );
  const [cell] = (await importOutputs([path.join(dir, 'run.txt')], {now})).cells;
  assert.equal(cell.id, 'rds-16k/read-only/warm/c2/r3');
  assert.equal(cell.command, 'pgbench -c 2 -T 2 -R 200 -S');
  assert.equal(cell.startedAt, '2025-01-02T03:04:05.000Z');
});

test('a sidecar with an unknown label, or broken YAML, is named with what to do', async () => {
  const dir = tmp();
  cpSync(`${FIXTURES}15/run_rate_only/stdout`, path.join(dir, 'run.txt'));
  writeFileSync(path.join(dir, 'run.yaml'), 'targte: x\n');
  await assert.rejects(importOutputs([path.join(dir, 'run.txt')]), {
    message:
      `${path.join(dir, 'run.yaml')}: "targte" is not a label; use target, workload, scenario, repeat, ` +
      `command, startedAt.`,
  });
  writeFileSync(path.join(dir, 'run.yaml'), 'target: [x\n');
  await assert.rejects(
    importOutputs([path.join(dir, 'run.txt')]),
    new RegExp(`^Error: ${path.join(dir, 'run.yaml')}:\\d+: not valid YAML: `),
  );
});

test('two outputs with the same labels and repeat are refused', async () => {
  const dir = tmp();
  for (const name of ['a', 'b']) {
    cpSync(`${FIXTURES}17/run_T_progress/stdout`, path.join(dir, `${name}.txt`));
    writeFileSync(path.join(dir, `${name}.yaml`), 'target: t\nworkload: w\nrepeat: 1\n');
  }
  await assert.rejects(importOutputs([dir]), {
    message: 'Two outputs are labelled t/w/imported/c2/r1: give them different labels or repeats (sidecar YAML).',
  });
});

test('a path that does not exist is named', async () => {
  await assert.rejects(importOutputs(['/nope/run.txt']), {
    message: '/nope/run.txt: no such file or folder. Give files of pgbench output, or folders of them.',
  });
});

test('an output with an impossible figure is refused, naming the input file and the line', async () => {
  const dir = tmp();
  const text = readFileSync(`${FIXTURES}17/run_T_progress/stdout`, 'utf8').replace(/^tps = [\d.]+/m, 'tps = -3.5');
  writeFileSync(path.join(dir, 'pg17__tpcb.txt'), text);
  await assert.rejects(importOutputs([dir], {now}), (error) => {
    assert.match(error.message, new RegExp(`^${dir}/pg17__tpcb\\.txt: "tps = -3\\.5 .*": -3\\.5 is negative`));
    return true;
  });
});

test('labels that make an invalid result are told by the input they came from, not the output file', async () => {
  const dir = tmp();
  cpSync(`${FIXTURES}17/run_T_progress/stdout`, path.join(dir, 'run.txt'));
  writeFileSync(path.join(dir, 'run.yaml'), 'target: pg17\nworkload: tpcb\nrepeat: 0\n');
  await assert.rejects(importOutputs([dir], {now}), (error) => {
    assert.equal(
      error.message,
      `The outputs cannot make a valid result:\n  ${dir}/run.txt: repeat: must be at least 1, not 0`,
    );
    return true;
  });
});

test('a sidecar date that is no date is named with its file', async () => {
  const dir = tmp();
  cpSync(`${FIXTURES}17/run_T_progress/stdout`, path.join(dir, 'run.txt'));
  writeFileSync(path.join(dir, 'run.yaml'), 'startedAt: yesterday\n');
  const sidecar = path.join(dir, 'run.yaml');
  await assert.rejects(importOutputs([dir], {now}), {
    message: `${sidecar}: startedAt "yesterday" is not a date-time; write it as 2025-01-02T03:04:05Z.`,
  });
});
