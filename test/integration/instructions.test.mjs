// The instructions measure end to end, with the real Valgrind, PostgreSQL and
// pgbench: a tiny suite (scale 1, PostgreSQL 17 and a second 17 as A/A, a few
// hundred transactions) under Callgrind, then bench compare --json; and what
// --dry-run prints for the suite with PostgreSQL 18 beside them.
// npm run test:load runs it (with the rest) beside busy processes: a count of
// the backends' own work must hold its A/A whatever else the machine does.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseCachegrind, splitKey} from '../../lib/cachegrind/read-cachegrind.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {suiteConnection} from '../../scripts/runner/suite-role.mjs';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {PREWARM_SQL, prewarmOutcome} from '../../scripts/runner/instruction-commands.mjs';
import {psql} from '../../scripts/runner/psql.mjs';
import {ownTmp} from './own-tmp.mjs';

ownTmp('instructions');

const BENCH = new URL('../../scripts/bench.mjs', import.meta.url).pathname;

const SUITE = `id: tiny-instructions
measures: [instructions]
instructions:
  transactions: 200
  margin: 0.5%
targets:
  - id: pg17
    embedded: 17
  - id: pg18
    embedded: 18
    checksums: false
    settings:
      io_method: sync
  - id: pg17-aa
    embedded: 17
    control: pg17
workloads:
  - id: tpcb
    builtin: tpcb-like
scenarios:
  - id: s
    scale: 1
    clients: 1
repeat: 2
`;

// The A/A run itself: the same, without PostgreSQL 18 (faults-runner.test.mjs runs 18 under Valgrind, as here,
// through an interrupted and resumed run, and checks what its cells counted).
// One repeat of 100 transactions: what the A/A shows needs no more (each repeat ran within 0.01% of its twin).
const AA_SUITE = SUITE.replace(/ {2}- id: pg18\n(?: {4}.*\n)+/, '')
  .replace('transactions: 200', 'transactions: 100')
  .replace('repeat: 2', 'repeat: 1');

/** What a list of commands does to the servers and with pgbench: each start (under Valgrind or not), stop and run. */
function serverEvents(commands) {
  const events = commands.flatMap((line) => {
    if (/pg_ctl .* -p '?\S*postgres-under-valgrind'? start$/.test(line)) return ['start under Valgrind'];
    if (/pg_ctl .* start$/.test(line)) return ['start'];
    if (/pg_ctl .* stop$/.test(line)) return ['stop'];
    const run = /^pgbench -n .*-t (\d+) .*--random-seed=(\d+)/.exec(line);
    return run ? [`pgbench -t ${run[1]} --random-seed=${run[2]}`] : [];
  });
  while (events.at(-1) === 'stop') events.pop();
  return events;
}

/**
 * A process that spins while this one lives, taking only the CPU that no one else wants. nice alone does not
 * do it where Linux shares the CPU between sessions first (autogroups, on by default): pg_ctl starts each
 * server in a session of its own, and a nice-19 process of the test's session took a server's share (measured:
 * 63% of a core beside two busy processes of other sessions). In a session of its own whose group is at nice
 * 19, it takes 5%.
 */
function lowestPriorityHog() {
  const code = `for (let i = 0; ; i++) if (i % 1e8 === 0 && process.ppid !== ${process.pid}) process.exit();`;
  const hog = spawn('nice', ['-n', '19', process.execPath, '-e', code], {stdio: 'ignore', detached: true});
  // spawn returns once the child has exec'd, in its new session: its group is its own, not this one's.
  const group = (pid) => readFileSync(`/proc/${pid}/autogroup`, 'utf8').split(' ')[0];
  if (existsSync('/proc/self/autogroup')) {
    assert.notEqual(group(hog.pid), group(process.pid), 'the busy process shares the test session');
    writeFileSync(`/proc/${hog.pid}/autogroup`, '19');
  }
  return hog;
}

// The limit stops a hang, not a slow machine: the busy-CPU run took 522 s on a quiet 2-core machine (a slow
// one), and hit 600 s with a build and tests beside it. Under the tier's 900 s, so the run's output is reported.
const bench = (args, options = {}) =>
  spawnSync(process.execPath, [BENCH, ...args], {encoding: 'utf8', timeout: 840_000, ...options});

test('an instructions run beside a busy CPU: every target per transaction, its A/A within 0.05%', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'instructions-test-'));
  const suite = path.join(dir, 'suite.yaml');
  writeFileSync(suite, AA_SUITE);
  const out = path.join(dir, 'results');
  // A process that keeps a core busy all along: the counts must not depend on what else the machine does. At
  // the lowest priority it takes what the run and the tests beside it leave, so a core is never idle but the
  // tier is not slowed (npm test beside busy processes of normal priority is checked too).
  const hog = lowestPriorityHog();
  t.after(() => hog.kill('SIGKILL'));
  const run = bench(['run', suite, '--measure', 'instructions', '--out', out, '--seed', '7']);
  // Beside it all along: still spinning once the run ended (not gone, not a zombie).
  const state = existsSync(`/proc/${hog.pid}/stat`)
    ? readFileSync(`/proc/${hog.pid}/stat`, 'utf8').split(' ')[2]
    : 'gone';
  assert.ok(['R', 'S'].includes(state), `the busy process ended before the run did (state ${state})`);
  hog.kill('SIGKILL');
  assert.equal(run.status, 0, run.stderr + run.stdout);
  const [file] = readdirSync(out).filter((f) => f.endsWith('.json'));
  assert.match(file, /^tiny-instructions-instructions-\d{8}T\d{6}Z\.json$/);
  const result = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  assert.deepEqual(resultProblems(result), []);
  assert.equal(result.run.design.measure, 'instructions');
  assert.match(result.environment.valgrindVersion, /^3\.\d+/);
  assert.equal(result.cells.length, 2);
  for (const cell of result.cells) {
    assert.equal(cell.status, 'ok', JSON.stringify(cell.error));
    const {perTransaction, runs} = cell.instructions;
    assert.deepEqual(
      runs.map((r) => r.transactionsPerClient),
      [50, 100],
    );
    // pgbench's first connection and its one client.
    assert.deepEqual(
      runs.map((r) => r.backends),
      [2, 2],
    );
    assert.equal(perTransaction, (runs[1].instructions - runs[0].instructions) / 50);
    // A TPC-B-like transaction at scale 1 takes a few hundred thousand instructions.
    assert.ok(perTransaction > 100_000 && perTransaction < 5_000_000, String(perTransaction));
    // Each run its own rows, the same on every target; the database (scale 1) fits in shared buffers.
    assert.notEqual(runs[0].randomSeed, runs[1].randomSeed);
    assert.ok(cell.command.includes(`-t 100 `) && cell.command.includes(`--random-seed=${runs[1].randomSeed}`));
    const twin = result.cells.find((c) => c.repeat === cell.repeat && c.target !== cell.target);
    assert.deepEqual(
      twin.instructions.runs.map((r) => r.randomSeed),
      runs.map((r) => r.randomSeed),
    );
    assert.equal(cell.instructions.fitsInSharedBuffers, true);
    // The other processes, on their own line: each run's count between its marks, by type.
    for (const r of runs) {
      assert.deepEqual(Object.keys(r.otherProcesses.byType).sort(), ['background writer', 'checkpointer', 'walwriter']);
      assert.equal(
        r.otherProcesses.instructions,
        Object.values(r.otherProcesses.byType).reduce((a, b) => a + b),
      );
      // Each run's CHECKPOINT writes the pages it dirtied: the checkpointer did work in every run.
      assert.ok(r.otherProcesses.byType.checkpointer > 0, JSON.stringify(r.otherProcesses));
    }
    assert.equal(
      cell.instructions.otherPerTransaction,
      (runs[1].otherProcesses.instructions - runs[0].otherProcesses.instructions) / 50,
    );
    assert.equal(cell.instructions.counted, 'PostgresMain-without-client-reads-or-stats-flushes');
    // The estimated cycles of the same work, from the cache simulation: at least one per access (Ir + Dr + Dw).
    assert.equal(cell.instructions.cyclesPerTransaction, (runs[1].cycles - runs[0].cycles) / 50);
    assert.ok(cell.instructions.cyclesPerTransaction > perTransaction, String(cell.instructions.cyclesPerTransaction));
    assert.match(cell.instructions.caches, /^I1 cache: 32768 B, 64 B, 8-way associative; .*LL cache: 33554432 B/);
    assert.ok(runs.every((r) => r.otherProcesses.cycles > r.otherProcesses.instructions));
    assert.equal(cell.instructions.pageState, 'kept-copy');
  }
  // The A/A as the pages take it: repeat by repeat (each repeat ran the same rows on both servers; the rows of
  // one repeat and the next differ in work by up to a few percent), the mean of the log ratios (one repeat here).
  const of = (id, repeat) =>
    result.cells.find((c) => c.target === id && c.repeat === repeat).instructions.perTransaction;
  const ratios = [1].map((r) => Math.log(of('pg17-aa', r) / of('pg17', r)));
  const aa = Math.expm1(ratios.reduce((a, b) => a + b) / ratios.length);
  t.diagnostic(
    `A/A: ${(aa * 100).toFixed(4)}% (pg17-aa against pg17, repeat by repeat: ` +
      `${ratios.map((x) => `${(Math.expm1(x) * 100).toFixed(4)}%`).join(', ')})`,
  );
  assert.ok(Math.abs(aa) < 0.0005, `A/A differs by ${(aa * 100).toFixed(4)}%`);

  // The profiles: two files per target and group, each holding its repeats, which cg_annotate reads.
  assert.equal(result.profiles.length, 2);
  for (const profile of result.profiles) {
    assert.equal(profile.cells.length, 1);
    const long = path.join(out, profile.files.long);
    const parsed = parseCachegrind(readFileSync(long, 'utf8'), long);
    const cells = result.cells.filter((c) => profile.cells.includes(c.id));
    assert.equal(
      parsed.total,
      cells.reduce((n, c) => n + c.instructions.runs[1].instructions, 0),
    );
    // Only the backends' own work: none of the postmaster's counts, which a forked process would inherit.
    for (const name of ['ServerLoop', 'PostmasterMain', 'BackendStartup', 'postmaster_child_launch', 'reaper']) {
      const counted = [...parsed.functions].filter(([key]) => splitKey(key).name === name).map(([, n]) => n);
      assert.ok(
        counted.every((n) => n === 0),
        `${name} counted in ${long}`,
      );
    }
    const annotate = spawnSync('cg_annotate', [long], {encoding: 'utf8'});
    assert.equal(annotate.status, 0, annotate.stderr);
    assert.match(annotate.stdout, /PostgresMain|exec_simple_query/);
  }

  // The run did what --dry-run prints for its seed: the same starts and restarts under Valgrind, warm-ups and
  // runs of each cell, in the same order (the servers' last stops, when the run closes, left aside).
  const dry = bench(['run', suite, '--measure', 'instructions', '--dry-run', '--seed', '7']);
  assert.equal(dry.status, 0, dry.stderr);
  assert.deepEqual(serverEvents(result.run.commands), serverEvents(dry.stdout.split('\n')));

  const compare = bench(['compare', path.join(out, file), '--json']);
  assert.equal(compare.status, 0, compare.stderr);
  const comparisons = JSON.parse(compare.stdout).comparisons ?? JSON.parse(compare.stdout);
  const metrics = new Set(comparisons.map((c) => c.metric));
  assert.deepEqual([...metrics], ['instructions']);
  const control = comparisons.find((c) => c.control);
  assert.equal(control.candidate.target, 'pg17-aa');
});

test('an instructions run without Valgrind stops before any server starts, with the install command', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'instructions-test-'));
  const suite = path.join(dir, 'suite.yaml');
  writeFileSync(suite, SUITE);
  // A PATH with pgbench and psql, and no valgrind.
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  for (const tool of ['pgbench', 'psql']) {
    symlinkSync(spawnSync('which', [tool], {encoding: 'utf8'}).stdout.trim(), path.join(bin, tool));
  }
  const run = bench(['run', suite, '--measure', 'instructions', '--out', path.join(dir, 'results')], {
    env: {...process.env, PATH: bin},
  });
  assert.equal(run.status, 1, run.stdout);
  assert.match(run.stderr, /valgrind is not on PATH.*apt-get install valgrind/s);
  assert.doesNotMatch(run.stdout, /starting PostgreSQL/);
});

// Two workloads that draw the same rows in a repeat (their scripts draw aid first, from the same seed), twice.
const STATE_SUITE = `id: page-state
measures: [instructions]
instructions:
  transactions: 100
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: tpcb
    builtin: tpcb-like
  - id: simple-update
    builtin: simple-update
scenarios:
  - id: s
    scale: 1
    clients: 1
repeat: 2
`;

test('every run starts on the same pages: full-page images per transaction alike in every repeat and workload', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'instructions-test-'));
  const suite = path.join(dir, 'suite.yaml');
  writeFileSync(suite, STATE_SUITE);
  const out = path.join(dir, 'results');
  const run = bench(['run', suite, '--measure', 'instructions', '--out', out, '--seed', '7']);
  assert.equal(run.status, 0, run.stderr + run.stdout);
  const [file] = readdirSync(out).filter((f) => f.endsWith('.json'));
  const result = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  // Each cell's full-page images per added transaction, by workload and repeat.
  const fpi = Object.fromEntries(
    result.cells.map((c) => {
      const [short, long] = c.instructions.runs.map((r) => r.server.wal.fullPageImages);
      return [`${c.workload} r${c.repeat}`, (long - short) / 50];
    }),
  );
  // Where each run went on from the last, simple-update found the rows TPC-B-like had just moved, packed on a
  // few pages with room (HOT updates, a tenth of the images); here every update is the first to its page since
  // the CHECKPOINT, and its index entry's page too (pgbench's tables are full: no update is HOT).
  for (const [key, perTransaction] of Object.entries(fpi)) {
    assert.ok(perTransaction > 1.5 && perTransaction < 2.5, `${key}: ${perTransaction} full-page images a transaction`);
  }
});

test('a data set no step made (no scale, no setup) is kept before its runs: a restore never drops it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'instructions-test-'));
  const suite = path.join(dir, 'suite.yaml');
  writeFileSync(
    suite,
    `id: no-data
measures: [instructions]
instructions:
  transactions: 20
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: select
    script: select.sql
scenarios:
  - id: s
    clients: 1
repeat: 2
`,
  );
  writeFileSync(path.join(dir, 'select.sql'), 'SELECT 1;\n');
  const out = path.join(dir, 'results');
  const run = bench(['run', suite, '--measure', 'instructions', '--out', out, '--seed', '7']);
  assert.equal(run.status, 0, run.stderr + run.stdout);
  const [file] = readdirSync(out).filter((f) => f.endsWith('.json'));
  const result = JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  assert.deepEqual(
    result.cells.map((c) => [c.status, c.instructions?.pageState]),
    [
      ['ok', 'kept-copy'],
      ['ok', 'kept-copy'],
    ],
  );
  // Kept once, before the first run; put back before each of the four runs.
  const commands = result.run.commands;
  assert.equal(commands.filter((c) => c.includes('CREATE DATABASE bench_pristine')).length, 1);
  assert.equal(commands.filter((c) => c.includes('TEMPLATE bench_pristine')).length, 4);
  assert.ok(
    commands.findIndex((c) => c.includes('CREATE DATABASE bench_pristine')) <
      commands.findIndex((c) => c.includes('TEMPLATE bench_pristine')),
  );
});

test('--dry-run of an instructions run prints the Valgrind wrapper, the restarts and both runs of each cell', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'instructions-test-'));
  const suite = path.join(dir, 'suite.yaml');
  writeFileSync(suite, SUITE);
  const run = bench(['run', suite, '--measure', 'instructions', '--dry-run', '--seed', '7']);
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.split('\n');
  assert.match(
    run.stdout,
    new RegExp(
      "postgres-under-valgrind: exec '[^']*valgrind' '--tool=callgrind' '--collect-atstart=no' " +
        "'--toggle-collect=PostgresMain' '--toggle-collect=secure_read' '--toggle-collect=pgstat_report_stat'",
    ),
  );
  assert.match(
    run.stdout,
    new RegExp(
      "'--toggle-collect=CheckpointerMain' '--toggle-collect=BackgroundWriterMain' " +
        "'--toggle-collect=WalWriterMain' (?:'[^']*' )*'--dump-before=ProcessConfigFile'",
    ),
  );
  assert.match(run.stdout, /log_connections=on/);
  // Each run after VACUUM (FREEZE, ANALYZE), between two marks of the other processes' counts (the second after a
  // CHECKPOINT), the server's counters read just before and after it.
  assert.match(
    run.stdout,
    new RegExp(
      "-c 'VACUUM \\(FREEZE, ANALYZE\\)'\n[^\n]*-c CHECKPOINT\n[^\n]*-c 'SELECT pg_catalog\\.pg_reload_conf\\(\\)'\n" +
        "# the server's " +
        "counters[^\n]*\npgbench -n [^\n]*\n# the server's counters[^\n]*\n[^\n]*-c CHECKPOINT\n" +
        "[^\n]*-c 'SELECT pg_catalog\\.pg_reload_conf\\(\\)'",
    ),
  );
  // pgbench -i on a plain server, then a restart under Valgrind (pg_ctl -p the wrapper) and the database kept.
  const init = lines.findIndex((l) => l.startsWith('pgbench -i'));
  const instrumented = lines.findIndex((l) => / -p '?\S*postgres-under-valgrind'? start$/.test(l));
  assert.ok(init > 0 && instrumented > init, run.stdout);
  assert.match(lines[instrumented + 1], /: the database kept, for every run to start from$/);
  assert.match(lines[instrumented + 2], /-c 'VACUUM \(FREEZE, ANALYZE\)'$/);
  assert.match(
    lines[instrumented + 3],
    new RegExp(
      " -d template1 -c 'DROP DATABASE IF EXISTS bench_pristine' -c 'CREATE DATABASE bench_pristine TEMPLATE " +
        "postgres STRATEGY FILE_COPY ALLOW_CONNECTIONS false'$",
    ),
  );
  // Before each run: the kept database put back (the suite's role given back CREATE on it), prewarmed, a warm-up.
  assert.match(
    run.stdout,
    new RegExp(
      "-d template1 -c 'DROP DATABASE postgres WITH \\(FORCE\\)' -c 'CREATE DATABASE postgres TEMPLATE " +
        "bench_pristine STRATEGY FILE_COPY' -c 'GRANT CREATE ON DATABASE postgres TO suite'\n[^\n]*pg_prewarm[^\n]*\n" +
        '# [^\n]*: warm-up, not counted\npgbench -n [^\n]*\n[^\n]*VACUUM \\(FREEZE, ANALYZE\\)',
    ),
  );
  // Each of the six cells' two runs after a warm-up of the shorter run's length.
  const runs = lines.filter((l) => l.startsWith('pgbench -n'));
  assert.equal(runs.length, 6 * 2 * 2);
  const warmUps = lines.flatMap((l, i) =>
    l.endsWith(': warm-up, not counted') ? [`${l.slice(2, l.indexOf('/'))} ${/-t (\d+)/.exec(lines[i + 1])[1]}`] : [],
  );
  const twice = (list) => list.flatMap((x) => [x, x]);
  assert.deepEqual(warmUps, twice(['pg18 100', 'pg17-aa 100', 'pg17 100', 'pg17 100', 'pg18 100', 'pg17-aa 100']));
  // pg17 ran last in round 1 and first in round 2: restarted all the same, as every cell is on a fresh start.
  assert.match(
    run.stdout,
    /# restart pg17: each instructions cell runs on a freshly started server\n.* stop\n.* start\n/,
  );
  // Seeds made from the repeat alone (the same in every run): the warm-up's, then repeat 1's shorter and
  // longer runs, each its own.
  assert.match(runs[0], /-t 100 .*--random-seed=1265255636 /);
  assert.match(runs[1], /-t 100 .*--random-seed=480175634 /);
  assert.match(runs[2], /-t 100 .*--random-seed=1265255636 /);
  assert.match(runs[3], /-t 200 .*--random-seed=3521095864 /);
  // Every target's first cell (repeat 1) serves the same rows.
  const seedsOf = (target) =>
    lines
      .filter(
        (l, i) =>
          l.startsWith('pgbench -n') &&
          lines
            .slice(0, i)
            .findLast((x) => x.startsWith('# ') && !x.startsWith("# the server's counters"))
            ?.includes(target),
      )
      .map((l) => /--random-seed=(\d+)/.exec(l)[1]);
  assert.deepEqual(seedsOf('pg17/tpcb/s/c1/r1'), seedsOf('pg18/tpcb/s/c1/r1'));
  // The warm-ups', then the runs'.
  assert.deepEqual(seedsOf('pg17/tpcb/s/c1/r1'), ['1265255636', '480175634', '1265255636', '3521095864']);
  // Another run (another order) draws the same rows in its first repeat.
  const other = bench(['run', suite, '--measure', 'instructions', '--dry-run', '--seed', '8']);
  assert.match(other.stdout, /-t 100 .*--random-seed=480175634 /);
  assert.match(
    run.stdout,
    /-c 'VACUUM pgbench_branches' -c 'VACUUM pgbench_tellers' -c 'TRUNCATE pgbench_history' -c CHECKPOINT/,
  );
});

test('--duration is refused for an instructions run, and a suite without the measure says what to add', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'instructions-test-'));
  const suite = path.join(dir, 'suite.yaml');
  writeFileSync(suite, SUITE);
  const timed = bench(['run', suite, '--measure', 'instructions', '--duration', '5s', '--dry-run']);
  assert.notEqual(timed.status, 0);
  assert.match(timed.stderr, /--duration sets the time measure's run length/);
  const plain = bench(['run', suite, '--dry-run']);
  assert.notEqual(plain.status, 0);
  assert.match(plain.stderr, /no group of suite tiny-instructions takes the time measure/);
});

test('the prewarm fills shared buffers as far as they hold the database, the rest the page cache', async () => {
  // A real server at scale 1 (about 2,000 blocks of tables and indexes), first with 1MB of shared buffers
  // (128 blocks), then with 64MB.
  for (const [sharedBuffers, fits] of [
    ['1MB', false],
    ['64MB', true],
  ]) {
    const server = await startServer({major: 17, settings: {shared_buffers: sharedBuffers}});
    try {
      // As a run reaches it: the suite's role loads the tables, the runner's prewarms them.
      const connection = await suiteConnection(server, {record: () => {}});
      const init = spawnSync('pgbench', ['-i', '-s', '1', '-q', ...connection.args], {
        encoding: 'utf8',
        env: {...process.env, ...connection.env},
      });
      assert.equal(init.status, 0, init.stderr);
      const output = await psql(connection.admin, ['-A', '-t', '-c', PREWARM_SQL]);
      const {blocks, buffers, warmed, cached, fits: fitted} = prewarmOutcome(output);
      assert.equal(buffers, fits ? 8192 : 128);
      assert.ok(blocks > 1000 && blocks < 4000, output);
      // All of it when it fits; when not, as many blocks as there are buffers, and the rest into the page cache.
      assert.equal(warmed, fits ? blocks : buffers);
      assert.equal(cached, fits ? 0 : blocks - buffers);
      assert.equal(fitted, fits);
    } finally {
      server.stop();
    }
  }
});
