import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {createOutputParser, parseOutput, parseOutputStreams} from './parse-output.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;
const VERSIONS = ['15', '17', '18'];

/** stdout and stderr of a captured case, as pgbench wrote them. */
function outputs(caseDir) {
  return ['stdout', 'stderr']
    .map((f) => `${FIXTURES}${caseDir}/${f}`)
    .filter(existsSync)
    .map((f) => readFileSync(f, 'utf8'));
}
const parseCase = (caseDir) => parseOutput(...outputs(caseDir));
const cases = VERSIONS.flatMap((v) =>
  readdirSync(FIXTURES + v)
    .sort()
    .map((c) => `${v}/${c}`),
);

function collect(value, numbers, strings) {
  if (typeof value === 'number') numbers.add(value);
  else if (typeof value === 'string') strings.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v, numbers, strings);
}

test('the same 34 situations were captured with pgbench 15, 17 and 18', () => {
  const names = (v) => cases.filter((c) => c.startsWith(`${v}/`)).map((c) => c.slice(3));
  assert.equal(names('15').length, 34);
  assert.deepEqual(names('17'), names('15'));
  assert.deepEqual(names('18'), names('15'));
});

// Every number pgbench printed reaches the result: as a number, or inside a
// text the result keeps (an error message, a statement, a script name).
// Percentages are derived from other numbers and are not kept; neither are the
// per-transaction error reports of --verbose-errors (counted, not stored), nor
// the planned total "M" of "processed: N/M" (clients × transactions per client).
for (const caseDir of cases) {
  test(`${caseDir}: every printed number is captured`, () => {
    const texts = outputs(caseDir);
    const result = parseOutput(...texts);
    const numbers = new Set();
    const strings = [];
    collect(result, numbers, strings);
    let inClientReport = false;
    for (const line of texts.join('\n').split('\n')) {
      if (/^pgbench: client \d+ /.test(line)) inClientReport = true;
      else if (!/^(?:\s|DETAIL|HINT|CONTEXT|Process \d)/.test(line)) inClientReport = false;
      if (inClientReport || line.trim() === '') continue;
      // Texts the result keeps (longest first) are cut out; what remains must be numbers it keeps.
      let rest = line;
      for (const s of [...strings].sort((x, y) => y.length - x.length))
        if (s.length >= 3 && rest.includes(s)) rest = rest.replace(s, ' ');
      if (strings.some((s) => s.includes(line.trim()))) continue;
      // Numbers, but not parts of words or paths ("pgbench_log.1", "/usr/lib/postgresql/15/").
      for (const m of rest.matchAll(/(?<![\w./])-?\d+(?:\.\d+)?(?![\d.]*%)(?![\w/])/g)) {
        const planned = /processed: \d+\/(\d+)$/.exec(line)?.[1];
        if (m[0] === planned) {
          assert.equal(Number(planned), result.clients * result.transactionsPerClient);
          continue;
        }
        assert.ok(numbers.has(Number(m[0])), `${caseDir}: ${m[0]} in ${JSON.stringify(line)} is not in the result`);
      }
    }
  });
}

test('a run with -T and -P (pgbench 17): the whole summary and every progress line', () => {
  assert.deepEqual(parseCase('17/run_T_progress'), {
    pgbenchVersion: '17.11',
    pgbenchVersionFull: '17.11',
    transactionType: '<builtin: TPC-B (sort of)>',
    scale: 2,
    queryMode: 'simple',
    clients: 2,
    threads: 1,
    maxTries: 1,
    durationS: 3,
    processed: 7485,
    failed: 0,
    latencyAvgMs: 0.799,
    latencyIncludesFailures: false,
    latencyStddevMs: 3.071,
    initialConnectionMs: 5.628,
    tps: 2493.075346,
    tpsIncludesConnections: false,
    progress: [
      {timeS: 1, tps: 2646.8, latencyAvgMs: 0.75, latencyStddevMs: 3.397, failed: 0},
      {timeS: 2, tps: 2087.8, latencyAvgMs: 0.952, latencyStddevMs: 4.225, failed: 0},
      {timeS: 3, tps: 2749.9, latencyAvgMs: 0.728, latencyStddevMs: 0.971, failed: 0},
    ],
    aborted: false,
    errors: [],
  });
});

test('pgbench 18 per-script blocks: "N transactions" counts all, "processed" the successful', () => {
  const {scripts} = parseCase('18/fail_multi_scripts');
  assert.deepEqual(
    scripts.map(({statements, ...s}) => s),
    [
      {
        index: 1,
        name: 'scripts/conflict.sql',
        weight: 3,
        transactions: 615,
        processed: 84,
        tps: 42.076874,
        failed: 229,
        serializationFailures: 104,
        deadlockFailures: 125,
        retried: 42,
        retries: 42,
        skipped: 302,
        latencyAvgMs: 24.094,
        latencyIncludesFailures: false,
        latencyStddevMs: 18.005,
      },
      {
        index: 2,
        name: '<builtin: select only>',
        weight: 1,
        transactions: 166,
        processed: 97,
        tps: 48.588772,
        failed: 0,
        serializationFailures: 0,
        deadlockFailures: 0,
        retried: 0,
        retries: 0,
        skipped: 69,
        latencyAvgMs: 4.175,
        latencyIncludesFailures: false,
        latencyStddevMs: 3.579,
      },
    ],
  );
  // 18 puts one space before the command, and counts failures and retries.
  assert.deepEqual(scripts[0].statements[3], {
    latencyMs: 2.55,
    failures: 159,
    retries: 42,
    command: 'UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = :a;',
  });
});

test('pgbench 15 per-script blocks: "N transactions (…, tps = …)" is the processed count', () => {
  const [first] = parseCase('15/run_multi_scripts').scripts;
  assert.equal(first.transactions, first.processed);
  assert.equal(typeof first.tps, 'number');
  // 15–17 put two spaces before the command.
  assert.equal(first.statements[0].command, '\\set aid random(1, 100000 * :scale)');
});

test('a run that failed transactions without measuring latency says the average includes them', () => {
  const r = parseCase('17/fail_tries1_log');
  assert.equal(r.latencyAvgMs, 30.134);
  assert.equal(r.latencyIncludesFailures, true);
  assert.deepEqual(r.statements.at(-2), {
    latencyMs: 28.526,
    failures: 74,
    command: 'UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = :b;',
  });
});

test('rate limit and latency limit: lag, skipped and late transactions', () => {
  const r = parseCase('15/fail_agg_full');
  assert.deepEqual(
    [r.skipped, r.latencyLimitMs, r.aboveLatencyLimit, r.lagAvgMs, r.lagMaxMs, r.retried, r.retries],
    [419, 5, 100, 0.858, 4.883, 64, 68],
  );
});

test('progress with lag, skipped, retried and retries', () => {
  const r = parseCase('18/run_rate_only');
  assert.ok(r.progress.every((p) => typeof p.lagMs === 'number'));
  const full = parseOutput(readFileSync(`${FIXTURES}extra/fullprogress_15.err`, 'utf8'));
  assert.deepEqual(full.progress.slice(0, 2), [
    {
      timeS: 1,
      tps: 60,
      latencyAvgMs: 17.497,
      latencyStddevMs: 22.032,
      failed: 95,
      lagMs: 1.912,
      skipped: 123,
      retried: 33,
      retries: 42,
    },
    {
      timeS: 2,
      tps: 47,
      latencyAvgMs: 22.609,
      latencyStddevMs: 18.059,
      failed: 111,
      lagMs: 2.788,
      skipped: 138,
      retried: 36,
      retries: 40,
    },
  ]);
});

test('--progress-timestamp lines give epoch seconds instead of elapsed time', () => {
  const r = parseOutput('progress: 1795341720.123 s, 2646.8 tps, lat 0.750 ms stddev 3.397, 0 failed\n');
  assert.deepEqual(r.progress, [
    {epochS: 1795341720.123, tps: 2646.8, latencyAvgMs: 0.75, latencyStddevMs: 3.397, failed: 0},
  ]);
});

test('-C: connection time per transaction, and tps includes reconnections', () => {
  const r = parseCase('17/run_connect');
  assert.equal(r.averageConnectionMs, 3.257);
  assert.equal(r.initialConnectionMs, undefined);
  assert.equal(r.tpsIncludesConnections, true);
});

test('partitioned tables report their method and count', () => {
  const r = parseCase('18/run_partitioned');
  assert.equal(r.partitionMethod, 'hash');
  assert.equal(r.partitions, 2);
});

test('a pgbench 15 client against an 18 server: both versions, vendor suffix kept apart', () => {
  const r = parseOutput(readFileSync(`${FIXTURES}extra/h15_vs_18.out`, 'utf8'));
  assert.equal(r.pgbenchVersion, '15.18');
  assert.equal(r.pgbenchVersionFull, '15.18 (Debian 15.18-0+deb12u1)');
  assert.equal(r.serverVersion, '18.6');
  assert.equal(r.serverVersionFull, '18.6');
});

test('pgbench --version', () => {
  assert.deepEqual(parseCase('15/version'), {
    pgbenchVersion: '15.18',
    pgbenchVersionFull: '15.18 (Debian 15.18-0+deb12u1)',
    aborted: false,
    errors: [],
  });
});

test('an aborted run keeps the partial summary, marks it aborted and lists why', () => {
  const r = parseCase('17/err_abort_partial');
  assert.equal(r.aborted, true);
  assert.equal(r.processed, 3);
  assert.deepEqual(r.scripts[0], {
    index: 1,
    name: 'scripts/div0.sql',
    weight: 1,
    transactions: 0,
    processed: 0,
    tps: 0,
    failed: 0,
  });
  assert.deepEqual(
    r.errors.map((e) => e.kind),
    ['aborted', 'aborted', 'aborted'],
  );
  assert.equal(r.errors[0].message, 'client 1 script 0 aborted in command 0 query 0: ERROR:  division by zero');
});

test('pgbench 18 stops the summary after "processed" when nothing completed', () => {
  const r = parseCase('18/err_abort');
  assert.equal(r.processed, 0);
  assert.equal(r.failed, undefined);
  assert.equal(r.tps, undefined);
  assert.equal(r.aborted, true);
  assert.ok(!r.errors.some((e) => /truncated/.test(e.message)));
});

test('merged stdout and stderr read the same as the two apart', () => {
  for (const v of ['15', '18']) {
    const merged = parseOutput(readFileSync(`${FIXTURES}extra/merged_abort_${v}.out`, 'utf8'));
    assert.equal(merged.aborted, true);
    assert.equal(merged.transactionType, 'scripts/div0.sql');
    assert.deepEqual(
      merged.errors.map((e) => e.kind),
      ['aborted', 'aborted', 'aborted'],
    );
  }
});

test('stdout and stderr can come in either order', () => {
  const [stdout, stderr] = outputs('17/run_T_progress');
  assert.deepEqual(parseOutput(stderr, stdout), parseOutput(stdout, stderr));
});

test("errors before the run are classified, in pgbench's own words, with their detail", () => {
  const kinds = Object.fromEntries(
    ['err_noconn', 'err_notables', 'err_badmeta', 'err_syntax', 'err_badopt', 'err_t_and_T', 'err_badscript_file'].map(
      (c) => [c, parseCase(`17/${c}`).errors.map((e) => e.kind)],
    ),
  );
  assert.deepEqual(kinds, {
    err_noconn: ['connection', 'connection'],
    err_notables: ['missing-tables'],
    err_badmeta: ['script'],
    err_syntax: ['script'],
    err_badopt: ['option'],
    err_t_and_T: ['option'],
    err_badscript_file: ['script'],
  });
  const [noconn] = parseCase('17/err_noconn').errors;
  assert.equal(noconn.detail, '\tIs the server running locally and accepting connections on that socket?');
  const [notables] = parseCase('17/err_notables').errors;
  assert.equal(notables.hint, 'Perhaps you need to do initialization ("pgbench -i") in database "emptydb".');
  const [syntax] = parseCase('18/err_syntax').errors;
  assert.equal(syntax.detail, '\\set x 1 +\n          ^ error found here');
});

test('warnings are kept apart from errors', () => {
  const r = parseCase('17/run_scale_ignored');
  assert.deepEqual(r.warnings, [{message: 'scale option ignored, using count from pgbench_branches table (2)'}]);
  assert.deepEqual(r.errors, []);
});

test('pgbench -i: steps with their seconds, and the row progress', () => {
  assert.deepEqual(parseCase('17/init_default').init, {
    steps: [
      {name: 'drop tables', seconds: 0},
      {name: 'create tables', seconds: 0},
      {name: 'client-side generate', seconds: 0.4},
      {name: 'vacuum', seconds: 0.11},
      {name: 'primary keys', seconds: 0.12},
    ],
    dataGeneration: 'client',
    table: 'pgbench_accounts',
    rows: 200000,
    progress: [
      {rowsDone: 100000, elapsedS: 0.19, remainingS: 0.19},
      {rowsDone: 200000, elapsedS: 0.32, remainingS: 0},
    ],
    totalS: 0.64,
  });
  const serverSide = parseCase('17/init_serverside_partitions').init;
  assert.equal(serverSide.dataGeneration, 'server');
  assert.equal(serverSide.partitions, 2);
  assert.equal(serverSide.steps.at(-1).name, 'foreign keys');
});

test('init on a terminal: carriage-return progress lines are read as lines', () => {
  for (const v of ['15', '18']) {
    const r = parseOutput(readFileSync(`${FIXTURES}extra/tty_init_${v}.typescript`, 'utf8'));
    assert.equal(r.init.progress.length, 3, v);
    assert.equal(r.init.rows, 300000);
    assert.equal(typeof r.init.totalS, 'number');
    // The "script" command's own banner lines are not pgbench's, and say so.
    assert.match(r.errors.at(-1).message, /^2 line\(s\) are not pgbench output; the first: "Script started on/);
  }
});

test('CRLF line ends read the same as LF', () => {
  for (const c of cases) {
    assert.deepEqual(parseOutput(...outputs(c).map((t) => t.replace(/\n/g, '\r\n'))), parseCase(c), c);
  }
});

test('streams in chunks of any size read the same as whole texts', async () => {
  const [stdout, stderr] = outputs('18/fail_multi_scripts');
  async function* chunks(text, size) {
    for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
  }
  for (const size of [1, 7, 4096]) {
    assert.deepEqual(await parseOutputStreams(chunks(stdout, size), chunks(stderr, size)), parseOutput(stdout, stderr));
  }
});

test('empty input: nothing read, and an error that says so', () => {
  assert.deepEqual(parseOutput(''), {
    aborted: false,
    errors: [{kind: 'other', message: 'No pgbench output was recognized in the input.'}],
  });
});

test("another program's output is not taken for pgbench's", () => {
  const r = parseOutput('total 12\ndrwxr-xr-x 3 root root 4096 Nov 22 10:11 .\n');
  assert.deepEqual(r.errors, [{kind: 'other', message: 'No pgbench output was recognized in the input.'}]);
  assert.equal(r.scale, undefined);
});

test('a summary cut short says it looks truncated', () => {
  const [stdout] = outputs('17/run_T_progress');
  const cut = stdout.slice(0, stdout.indexOf('latency average'));
  const r = parseOutput(cut);
  assert.equal(r.processed, 7485);
  assert.deepEqual(r.errors, [
    {kind: 'other', message: 'The summary ends before its "tps =" line: the output looks truncated.'},
  ]);
});

test('two runs in one input: the first is read, and the error says to split them', () => {
  const [stdout] = outputs('17/run_T_progress');
  const r = parseOutput(stdout + stdout.replace('7485', '1'));
  assert.equal(r.processed, 7485);
  assert.match(r.errors[0].message, /more than one run/);
});

test('the parser can be fed line by line', () => {
  const p = createOutputParser();
  p.line('pgbench (18.6)');
  p.line('number of clients: 4');
  assert.deepEqual(p.finish(), {
    pgbenchVersion: '18.6',
    pgbenchVersionFull: '18.6',
    clients: 4,
    aborted: false,
    errors: [],
  });
});

test('progress beyond twice a day of -P 1 is not kept: said once, as an impossible input', async () => {
  const {MAX_PROGRESS_ROWS} = await import('./parse-output.mjs');
  const lines = Array.from(
    {length: MAX_PROGRESS_ROWS + 50},
    (_, i) => `progress: ${i + 1}.0 s, 10.0 tps, lat 1.0 ms stddev 0.1`,
  );
  const r = parseOutput(`pgbench (17.11)\n${lines.join('\n')}\n`);
  assert.equal(r.progress.length, MAX_PROGRESS_ROWS);
  const impossible = r.errors.filter((e) => e.kind === 'impossible');
  assert.equal(impossible.length, 1);
  assert.match(impossible[0].message, new RegExp(`this is progress line ${MAX_PROGRESS_ROWS + 1}, twice a day`));
});
