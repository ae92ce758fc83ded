import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
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
  // The pgbench -i outputs (12) and the version-only ones (3) are failed: they measured nothing.
  assert.deepEqual([count('ok'), count('failed'), count('aborted')], [56, 42, 10]);
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

// Hostile and real-world input: nothing that is not a pgbench output becomes a result.
const OUTPUT = `${FIXTURES}17/run_T_progress/stdout`;
const refused = async (paths, pattern) => {
  await assert.rejects(importOutputs(paths, {now}), (error) => {
    assert.match(error.message, pattern);
    return true;
  });
};

test('a file that is not pgbench output is refused, named, with what it looks like', async () => {
  const dir = tmp();
  const file = (name, text) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  await refused(
    [file('x.json', '{"hello":"world"}')],
    /x\.json: neither pgbench output nor a PostgresBench .*it is JSON/,
  );
  await refused([file('n.json', 'null')], /n\.json: neither pgbench output .*no line of it is pgbench's/);
  await refused([file('e.txt', '')], /e\.txt: neither .*it is empty/);
  await refused([file('t.json', '{"benchmark": {"scale_factor": 1')], /t\.json: .*not valid JSON, perhaps cut short/);
  await refused([new URL('../../package.json', import.meta.url).pathname], /package\.json: neither pgbench output/);
  // Inside a folder too, beside real outputs: the import names it instead of recording a failed cell.
  const folder = tmp();
  cpSync(OUTPUT, path.join(folder, 'pg17__tpcb.txt'));
  writeFileSync(path.join(folder, 'notes.txt'), 'ran these on Tuesday\n');
  await refused([folder], /notes\.txt: neither pgbench output/);
});

test('an import in which every output is of a failed run is refused, with the first reason', async () => {
  await refused(
    [`${FIXTURES}17/err_noconn`],
    /^Every output imported is of a failed run \(.*err_noconn: .*\): a result needs/,
  );
});

test('a BOM is dropped; bytes that are not UTF-8 are refused with their offset', async () => {
  const dir = tmp();
  writeFileSync(
    path.join(dir, 'pg17__tpcb.txt'),
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(OUTPUT)]),
  );
  const r = await importOutputs([dir], {now});
  assert.equal(r.cells[0].status, 'ok');
  assert.equal(r.cells[0].raw.output, readFileSync(OUTPUT, 'utf8'));
  writeFileSync(
    path.join(dir, 'pg17__tpcb.txt'),
    Buffer.concat([Buffer.from('pgbench (17.2)\n'), Buffer.from([0xe9])]),
  );
  await refused([dir], /pg17__tpcb\.txt: not UTF-8 text: byte 15 \(0xe9\)/);
});

test('a folder import does not follow links out of the folder, and reads a linked folder once', async () => {
  const outside = tmp();
  writeFileSync(path.join(outside, 'secret.txt'), 'root:x:0:0:root:/root:/bin/bash\n');
  const dir = tmp();
  cpSync(OUTPUT, path.join(dir, 'pg17__tpcb.txt'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'pg17__other.txt'));
  await refused([dir], /pg17__other\.txt: a link to .*secret\.txt, outside the folder imported/);
  // A run folder's stream linked out is refused too.
  const run = tmp();
  mkdirSync(path.join(run, 'r1'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(run, 'r1', 'stdout'));
  await refused([run], /r1\/stdout: a link to .*secret\.txt, outside/);
  // Links inside the folder are followed; a link back to the folder itself does not loop.
  const ok = tmp();
  mkdirSync(path.join(ok, 'pg17'));
  cpSync(OUTPUT, path.join(ok, 'pg17', 'tpcb.txt'));
  symlinkSync(path.join(ok, 'pg17'), path.join(ok, 'the-same'));
  symlinkSync(ok, path.join(ok, 'pg17', 'loop'));
  const r = await importOutputs([ok], {now});
  assert.deepEqual(
    r.cells.map((c) => c.id),
    ['pg17/tpcb/imported/c2/r1'],
  );
});

test('passwords in an imported command are redacted as the runner does, everywhere they appear', async () => {
  const dir = tmp();
  mkdirSync(path.join(dir, 'r1'));
  cpSync(OUTPUT, path.join(dir, 'r1', 'stdout'));
  writeFileSync(
    path.join(dir, 'r1', 'stderr'),
    'pgbench: warning: connecting to postgresql://bench:S3cret@db.example:5432/x (password S3cret)\n',
  );
  writeFileSync(
    path.join(dir, 'r1', 'cmd'),
    'pgbench -T 60 "postgresql://bench:S3cret@db.example/x?sslpassword=K3y%21&sslmode=require" ' +
      '"host=b password=\'two words\'"\nPGPASSWORD=hunter2\n',
  );
  const r = await importOutputs([dir], {now});
  const text = JSON.stringify(r);
  for (const secret of ['S3cret', 'K3y', 'two words', 'hunter2']) assert.ok(!text.includes(secret), secret);
  assert.equal(
    r.cells[0].command,
    'PGPASSWORD=*** pgbench -T 60 "postgresql://bench:***@db.example/x?sslpassword=***&sslmode=require" ' +
      '"host=b password=\'***\'"',
  );
  assert.deepEqual(r.run.commands, [r.cells[0].command]);
  assert.match(r.cells[0].raw.stderr, /postgresql:\/\/bench:\*\*\*@db\.example:5432\/x \(password \*\*\*\)/);
  // The figures were read before: the same as the output's own.
  assert.equal(r.cells[0].summary.tps, (await importOutputs([OUTPUT], {now})).cells[0].summary.tps);
});

test('a sidecar label written null is absent (the name gives it); a list is refused', async () => {
  const dir = tmp();
  cpSync(OUTPUT, path.join(dir, 'pg17__tpcb.txt'));
  writeFileSync(path.join(dir, 'pg17__tpcb.yaml'), 'target: null\nscenario:\n');
  const r = await importOutputs([dir], {now});
  assert.equal(r.cells[0].target, 'pg17');
  assert.equal(r.cells[0].scenario, 'imported');
  writeFileSync(path.join(dir, 'pg17__tpcb.yaml'), 'target: [a, b]\n');
  await refused([dir], /pg17__tpcb\.yaml: target: expected a text, found \["a","b"\]/);
});

test('99,999,999 TPS from 12,514 transactions in 1 s (the probe) is refused, naming its file and line', async () => {
  const dir = tmp();
  const text = readFileSync(OUTPUT, 'utf8')
    .replace(/^duration: \d+ s/m, 'duration: 1 s')
    .replace(/processed: \d+/, 'processed: 12514')
    .replace(/^tps = [\d.]+/m, 'tps = 99999999.000000');
  const file = path.join(dir, 'pg17__tpcb.txt');
  writeFileSync(file, text);
  const line = text.split('\n').findIndex((l) => l.startsWith('tps = ')) + 1;
  await assert.rejects(importOutputs([dir], {now}), {
    message:
      `${file}:${line}: tps = 99,999,999, but its 12,514 transactions in 1 s give 12,514: pgbench prints no such ` +
      'figures. Import the output as pgbench wrote it.',
  });
  // A run's folder: the stream that holds the line is named.
  mkdirSync(path.join(dir, 'r1'));
  writeFileSync(path.join(dir, 'r1', 'stdout'), text);
  await assert.rejects(importOutputs([path.join(dir, 'r1')], {now}), {
    message: new RegExp(`^${dir}/r1/stdout:${line}: tps = 99,999,999`),
  });
});

test('a conninfo password with spaces around "=" in an imported command is redacted', async () => {
  const dir = tmp();
  mkdirSync(path.join(dir, 'r1'));
  cpSync(OUTPUT, path.join(dir, 'r1', 'stdout'));
  writeFileSync(path.join(dir, 'r1', 'cmd'), 'pgbench -T 60 "host=db password = S3cretSpace"\n');
  const r = await importOutputs([dir], {now});
  assert.equal(r.cells[0].command, 'pgbench -T 60 "host=db password = ***"');
  assert.ok(!JSON.stringify(r).includes('S3cretSpace'));
});
