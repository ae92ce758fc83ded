import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {parseOutput} from '../pgbench/parse-output.mjs';
import {untimed} from '../model/measures.mjs';
import {derivationProblems, uncheckedFigures} from './rederive.mjs';

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/results/${name}`, import.meta.url), 'utf8'));
const QUICK = 'quick-20261122T125226Z.json';
const RERUN =
  'restore the file as the runner wrote it (from git), or run the cells again (bench run), instead of editing figures';

test('every committed fixture gives its own figures again: runs, imports, logs', () => {
  for (const name of [
    QUICK,
    'pg-versions-20261122T110343Z.json',
    'pg-versions-20261123T130951Z.json',
    'pg17-planner-20261122T105429Z.json',
    'postgresbench-20261123T185813Z.json',
    'sample-import.json',
  ]) {
    assert.deepEqual(derivationProblems(fixture(name), name), [], name);
  }
});

test('a summary.tps multiplied by 10 by hand is refused: file, cell, field, stored and derived, what to do', () => {
  const run = fixture(QUICK);
  run.cells[0].summary.tps *= 10;
  assert.deepEqual(derivationProblems(run, `results/${QUICK}`), [
    `results/${QUICK}: cells[0] (pg17/select-only/small/c1/r1).summary.tps is 53908.95828; derived from its ` +
      `output, it is 5390.895828: ${RERUN}`,
  ]);
});

test('every figure the output gives is checked: a progress line, a count, one pgbench never printed', () => {
  const run = fixture(QUICK);
  run.cells[1].summary.progress[2].tps = 1;
  run.cells[2].summary.processed += 1;
  run.cells[3].summary.lagAvgMs = 0.1;
  assert.deepEqual(
    derivationProblems(run, 'q.json').map((p) => p.split(': derived')[0].split('; derived')[0]),
    [
      'q.json: cells[1] (pg17/select-only/small/c1/r2).summary.progress[2].tps is 1',
      'q.json: cells[2] (pg17/select-only/small/c1/r3).summary.processed is 20289',
      'q.json: cells[3] (pg17/select-only/small/c4/r1).summary.lagAvgMs is 0.1',
    ],
  );
  assert.match(derivationProblems(run, 'q.json')[2], /lagAvgMs is 0\.1; derived from its output, it is absent/);
});

test('an output edited to match an edited summary must still add up: tps × 10 in both is refused', () => {
  const run = fixture(QUICK);
  const cell = run.cells[0];
  cell.raw.stdout = cell.raw.stdout.replace('tps = 5390.895828', 'tps = 53908.958280');
  cell.summary.tps = 53908.95828;
  assert.deepEqual(derivationProblems(run, 'q.json'), [
    'q.json: cells[0] (pg17/select-only/small/c1/r1).summary.tps: tps = 53,909, but its 16,159 transactions in 3 s ' +
      `give 5,386.3: pgbench prints no such figures; ${RERUN}`,
  ]);
});

test("an import's cell without its output, and a run's transaction log that disagrees with it, are refused", () => {
  const imported = fixture('sample-import.json');
  imported.cells[0].raw = {};
  assert.deepEqual(derivationProblems(imported, 'i.json'), [
    'i.json: cells[0] (17/run_T_progress/imported/c2/r1): has a summary but not the output it was read from ' +
      '(raw is empty): import the outputs again (bench import) instead of editing figures',
  ]);
  const run = fixture('pg-versions-20261122T110343Z.json');
  const logged = run.cells.findIndex((c) => c.log?.kind === 'transactions');
  const log = run.cells[logged].log;
  log.transactions += 5;
  log.latencyUs.p99 = log.latencyUs.max + 1;
  const [problem] = derivationProblems(run, 'v.json');
  assert.match(
    problem,
    /^v\.json: cells\[\d+\] \(\S+\)\.log\.transactions is \d+; derived from its output's processed count/,
  );
  log.transactions -= 5;
  assert.match(derivationProblems(run, 'v.json')[0], /\.log\.latencyUs: its percentiles are out of order/);
  log.latencyUs.p99 = log.latencyUs.p95;
  log.latencyUs.mean *= 2;
  assert.match(
    derivationProblems(run, 'v.json')[0],
    /\.log\.latencyUs\.mean is [\d.]+; derived from its output, it is/,
  );
});

test('a statements run (pgbench -r after the measured run) must give its rows again from its own output', () => {
  const run = fixture(QUICK);
  const dir = new URL('../../test/fixtures/pgbench/17/run_extended_r/', import.meta.url);
  const raw = {
    stdout: readFileSync(new URL('stdout', dir), 'utf8'),
    stderr: readFileSync(new URL('stderr', dir), 'utf8'),
  };
  const statements = [
    [0.001, '\\set aid random(1, 100000 * :scale)'],
    [0, '\\set bid random(1, 1 * :scale)'],
    [0.001, '\\set tid random(1, 10 * :scale)'],
    [0, '\\set delta random(-5000, 5000)'],
    [0.023, 'BEGIN;'],
    [0.122, 'UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;'],
    [0.053, 'SELECT abalance FROM pgbench_accounts WHERE aid = :aid;'],
    [0.075, 'UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;'],
    [0.05, 'UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;'],
    [
      0.062,
      'INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);',
    ],
    [0.03, 'END;'],
  ].map(([latencyMs, command]) => ({latencyMs, failures: 0, command}));
  run.cells[0].statementsRun = {command: 'pgbench -r', statements, raw};
  assert.deepEqual(derivationProblems(run, 'q.json'), []);
  statements[5].latencyMs = 0.061;
  assert.deepEqual(derivationProblems(run, 'q.json'), [
    `q.json: cells[0] (pg17/select-only/small/c1/r1).statementsRun.statements[5].latencyMs is 0.061; derived from ` +
      `its output, it is 0.122: ${RERUN}`,
  ]);
});

test("an instructions cell's figures per transaction are its two runs' counts; its longer run, its output's", () => {
  const run = fixture(QUICK);
  const cell = run.cells[0];
  // The shape of an instructions cell (schemas/result.md): 1 client, runs of 2 and 4 transactions.
  cell.summary = {...cell.summary, transactionsPerClient: 4};
  delete cell.summary.durationS;
  const runs = [
    {transactionsPerClient: 2, instructions: 8_000_000, otherProcesses: {instructions: 1_000}},
    {transactionsPerClient: 4, instructions: 20_000_000, otherProcesses: {instructions: 1_600}},
  ];
  const instructions = {perTransaction: 6_000_000, otherPerTransaction: 300, runs};
  // Checked on the derived figures alone: the summary here is not its output's.
  const check = (i) => derivationProblems({run: run.run, cells: [{...cell, instructions: i}]}, 'x.json');
  const onlyInstructions = (list) => list.filter((p) => p.includes('.instructions'));
  assert.deepEqual(onlyInstructions(check(instructions)), []);
  cell.raw.stdout = cell.raw.stdout.replace('duration: 3 s', 'number of transactions per client: 4');
  assert.deepEqual(
    onlyInstructions(check({...instructions, perTransaction: 6_600_000})).map((p) => p.replace(/: restore.*/, '')),
    [
      'x.json: cells[0] (pg17/select-only/small/c1/r1).instructions.perTransaction is 6600000; derived from its ' +
        'two runs, it is 6000000',
    ],
  );
  assert.match(
    check({...instructions, otherPerTransaction: 30}).join('\n'),
    /instructions\.otherPerTransaction is 30; derived from its two runs, it is 300/,
  );
  assert.match(
    check({...instructions, runs: [runs[0], {...runs[1], transactionsPerClient: 8}]}).join('\n'),
    /instructions\.runs\[1\]\.transactionsPerClient is 8; derived from its output, it is 4/,
  );
});

test('a result with many edited cells lists the first 20, then how many more', () => {
  const run = fixture(QUICK);
  for (const cell of run.cells) cell.summary.tps += 1;
  const problems = derivationProblems(run, 'q.json');
  assert.equal(problems.length, 21);
  assert.equal(problems[20], 'q.json: and 4 more cells whose figures their output does not give');
});

// A real run of today's runner (test/fixtures/checked/suite.yaml): every cell keeps its log's histogram, the
// server's readings and the wait sampler's rows.
const CHECKED = 'checked-20261128T142821Z.json';
const checked = () =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/checked/${CHECKED}`, import.meta.url), 'utf8'));

test('a run of today keeps what its figures are derived from: all of them are checked, and agree', () => {
  const run = checked();
  assert.deepEqual(derivationProblems(run, CHECKED), []);
  for (const cell of run.cells) {
    const none = {throughput: false, latencies: false, activity: false, waits: false};
    assert.deepEqual(uncheckedFigures(cell), none, cell.id);
  }
  // What the committed fixtures made before it kept: the pages say their figures could not be checked.
  const older = fixture('pg-versions-20261122T110343Z.json').cells[0];
  assert.deepEqual(uncheckedFigures(older), {throughput: true, latencies: true, activity: false, waits: false});
});

test("the probe's tps of 9,999,999 beside a raw.path nobody reads is refused by name", () => {
  const run = fixture(QUICK);
  for (const cell of run.cells) {
    cell.summary.tps = 9_999_999;
    cell.raw = {path: 'not-kept.txt'};
  }
  const [first] = derivationProblems(run, 'q.json');
  // A path that names a link to a file of the machine is refused alike: nothing is read to find out.
  run.cells[1].raw = {path: 'raw/../../../etc/shadow'};
  assert.match(
    derivationProblems(run, 'q.json')[1],
    /cells\[1\] \(\S+\)\.raw\.path: "raw\/\.\.\/\.\.\/\.\.\/etc\/shadow" names/,
  );
  assert.equal(
    first,
    'q.json: cells[0] (pg17/select-only/small/c1/r1).raw.path: "not-kept.txt" names an output kept beside the ' +
      "file, which nothing reads, so the cell's figures could not be checked: put pgbench's output in raw.stdout " +
      `and raw.stderr; ${RERUN}`,
  );
});

test('percentiles set to the maximum: refused from the histogram, and without one from what the mean allows', () => {
  const run = checked();
  const {latencyUs} = run.cells[0].log;
  for (const key of ['p50', 'p90', 'p95', 'p99', 'p999']) latencyUs[key] = latencyUs.max;
  assert.equal(
    derivationProblems(run, 'c.json')[0],
    'c.json: cells[0] (pg17/tpcb-like/tiny/c2/r1).log.latencyUs.p50 is 2721; derived from its histogram ' +
      `(log.histogramUs), it is 673: ${RERUN}`,
  );
  // A result made before histograms were kept: the percentiles must leave the mean room.
  const old = fixture('pg-versions-20261122T110343Z.json');
  const cell = old.cells[0];
  for (const key of ['p50', 'p90', 'p95', 'p99', 'p999']) cell.log.latencyUs[key] = cell.log.latencyUs.max;
  const {min, max, mean} = cell.log.latencyUs;
  const n = cell.log.transactions;
  // p50 = max: at least n - ceil(n/2) + 1 of n latencies are the max, the rest at least the min.
  const rank = Math.ceil(n / 2);
  const lowest = ((rank - 1) * min + (n - rank + 1) * max) / n;
  assert.equal(
    derivationProblems(old, 'o.json')[0],
    `o.json: cells[0] (${cell.id}).log.latencyUs.p50: p50 = ${max} µs of ${n} transactions from ${min} to ` +
      `${max} µs needs a mean of at least ${Number(lowest.toPrecision(6))} µs, not ${Number(mean.toPrecision(6))}: ` +
      `no latencies give these figures; ${RERUN}`,
  );
});

test('telemetry edited by hand (WAL bytes, reads, a wait) is refused against its readings and the rows', () => {
  const run = checked();
  run.cells[0].server.wal.bytes *= 10;
  run.cells[1].server.buffers.reads += 7;
  const problems = derivationProblems(run, 'c.json');
  assert.deepEqual(
    problems.map((p) => p.replace(/, it is \d+: restore.*/, '')),
    [
      `c.json: cells[0] (pg17/tpcb-like/tiny/c2/r1).server.wal.bytes is ${run.cells[0].server.wal.bytes}; derived ` +
        'from its readings (server.readings)',
      `c.json: cells[1] (pg17/tpcb-like/tiny/c2/r2).server.buffers.reads is ${run.cells[1].server.buffers.reads}; ` +
        'derived from its readings ' +
        '(server.readings)',
    ],
  );
  const again = checked();
  again.cells[0].server.waits.samples += 1;
  assert.match(
    derivationProblems(again, 'c.json')[0],
    /server\.waits\.samples is \d+; derived from the sampler's rows \(server\.waits\.output\), it is \d+/,
  );
});

test('a negative count of instructions per transaction is refused, its runs made to give it or not', () => {
  const dir = new URL('../../test/fixtures/instructions/', import.meta.url);
  const name = readdirSync(dir).find((f) => f.endsWith('.json'));
  const run = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
  assert.deepEqual(derivationProblems(run, name), []);
  const cell = run.cells[0];
  const [short, long] = cell.instructions.runs;
  // The longer run's count made smaller than the shorter's, and the figure derived from them: negative.
  long.instructions = short.instructions - 1000;
  const added = (long.transactionsPerClient - short.transactionsPerClient) * cell.parameters.clients;
  cell.instructions.perTransaction = (long.instructions - short.instructions) / added;
  assert.ok(cell.instructions.perTransaction < 0);
  assert.match(
    derivationProblems(run, name)[0],
    new RegExp(
      '\\.instructions\\.runs: the longer run counts \\d+ instructions for \\d+ transactions per client, the ' +
        'shorter \\d+ for \\d+: a longer run does more transactions and counts more instructions',
    ),
  );
});

test('raw and summary forged together, 99,999,999 TPS in 1 s, adding up: no pgbench thread drives that', () => {
  const run = fixture(QUICK);
  const cell = run.cells[0];
  cell.raw.stdout = cell.raw.stdout
    .replace('duration: 3 s', 'duration: 1 s')
    .replace(/processed: \d+/, 'processed: 99999999')
    .replace(/latency average = [\d.]+ ms/, 'latency average = 0.000 ms')
    .replace(/tps = [\d.]+/, 'tps = 99999999.000000');
  cell.raw.stderr = '';
  cell.summary = parseOutput(cell.raw.stdout, cell.raw.stderr);
  assert.deepEqual(derivationProblems(run, 'q.json'), [
    'q.json: cells[0] (pg17/select-only/small/c1/r1).summary.tps: tps = 99,999,999 from 1 pgbench thread(s): a ' +
      'thread completes a transaction in no less than a microsecond (a message sent and one read), at most a ' +
      `million a second: pgbench prints no such figures; ${RERUN}`,
  ]);
});

test("output and summary made 3 times larger together: refused by the server's count of transactions", () => {
  // A security review's forgery: every figure of the output and the summary times 3, consistent with each other.
  const run = checked();
  const cell = run.cells[0];
  const times3 = (text) =>
    text
      .replace(/(processed: )(\d+)/, (_, head, n) => `${head}${n * 3}`)
      .replace(/(tps = )([\d.]+)/, (_, head, tps) => `${head}${(tps * 3).toFixed(6)}`)
      .replace(/(latency average = )([\d.]+)/, (_, head, ms) => `${head}${(ms / 3).toFixed(3)}`)
      .replace(/(latency stddev = )([\d.]+)/, (_, head, ms) => `${head}${(ms / 3).toFixed(3)}`);
  cell.raw.stdout = times3(cell.raw.stdout);
  cell.raw.stderr = cell.raw.stderr.replace(
    /([\d.]+)( tps, lat )([\d.]+)/g,
    (_, tps, mid, ms) => `${(tps * 3).toFixed(1)}${mid}${(ms / 3).toFixed(3)}`,
  );
  cell.summary = parseOutput(cell.raw.stdout, cell.raw.stderr);
  cell.log = undefined; // its log would have to be made again too: left out, as the forger might
  const {commits, rollbacks} = cell.server.transactions;
  assert.deepEqual(derivationProblems(run, 'c.json'), [
    `c.json: cells[0] (pg17/tpcb-like/tiny/c2/r1).server.transactions: the server counted ${commits + rollbacks} ` +
      `transactions ended in the run's database (${commits} commits, ${rollbacks} rollbacks), fewer than the ` +
      `${cell.summary.processed} pgbench processed: the output was not what pgbench printed against this server; ` +
      RERUN,
  ]);
});

test("a third review's forgeries: a log's latencies made null, an instructions cell's clients taken out", () => {
  const run = fixture('pg-versions-20261122T110343Z.json');
  run.cells[0].log.latencyUs = null;
  assert.equal(
    derivationProblems(run, 'v.json')[0],
    `v.json: cells[0] (${run.cells[0].id}).log.latencyUs: is null, where the log counts ` +
      `${run.cells[0].log.transactions} completed transactions; ${RERUN}`,
  );
  // The figures that read a log do not stop at a null one either.
  assert.equal(untimed(run.cells[0]), false);
  const dir = new URL('../../test/fixtures/instructions/', import.meta.url);
  const name = readdirSync(dir).find((f) => f.endsWith('.json'));
  const counted = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
  counted.cells[0].parameters.clients = null;
  counted.cells[0].instructions.perTransaction *= 0.7;
  assert.match(
    derivationProblems(counted, name)[0],
    /\.instructions: an instructions cell keeps its two runs and its client count \(parameters\.clients\)/,
  );
});
