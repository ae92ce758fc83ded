#!/usr/bin/env node
// `npm run bench:parser`: how fast `bench parse --log` reads a run's
// per-transaction log, end to end (a whole CLI process, start-up included),
// side by side with a naive Node baseline, in one run on this machine; and how
// long the CLI takes to start for --help, beside a bare `node -e 0`.
//
//   node scripts/perf/parser.mjs [--lines 5000000] [--files 4] [--repeat 5] [--keep]
//
// Reads:  nothing. Writes: a generated pgbench log (pgbench's own format, four
//         thread files) and the run's pgbench output under the system temp
//         folder, removed unless --keep.
// Prints: wall time (the median of --repeat runs) and peak RSS of each
//         contender, each a process of its own so its memory is its own, and
//         whether all give identical percentiles; then the goals, met or not.
// Exit:   0 when the percentiles agree and every goal is met; 1 when not.
import {spawnSync} from 'node:child_process';
import {createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {createInterface} from 'node:readline';
import {parseArgs} from 'node:util';
import {nearestRank, PERCENTILES} from '../../lib/pgbench/transaction-log.mjs';

// The parser against the naive baseline, its memory, and the CLI's start-up.
// Start-up is what the CLI adds to node's own (node -e 0, measured beside it).
const GOAL = {speedup: 10, rssMb: 100, startupMs: 80};
const root = new URL('../../', import.meta.url).pathname;
const bench = path.join(root, 'scripts/bench.mjs');
const peakRss = path.join(root, 'scripts/perf/report-peak-rss.mjs');

// No zx here: each contender is a process of its own, and its peak memory
// should be the contender's, not a library's.
const {values: args, positionals} = parseArgs({
  options: {
    lines: {type: 'string'},
    files: {type: 'string'},
    repeat: {type: 'string'},
    keep: {type: 'boolean'},
    worker: {type: 'string'},
  },
  allowPositionals: true,
});

/** Deterministic pseudo-random numbers (mulberry32), so every run times the same file. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes `lines` log lines over `files` thread files, like a 16-client, 300 s run. */
async function generate(dir, lines, files) {
  const rand = random(42);
  const perFile = Math.ceil(lines / files);
  const start = 1795341720;
  const paths = [];
  for (let f = 0; f < files; f++) {
    const file = path.join(dir, f === 0 ? 'pgbench_log.4242' : `pgbench_log.4242.${f}`);
    paths.push(file);
    const out = createWriteStream(file, {highWaterMark: 1 << 20});
    const count = Math.min(perFile, lines - f * perFile);
    let buf = '';
    for (let i = 0; i < count; i++) {
      const u = rand();
      // Mostly 0.2–5 ms, a tail to ~2 s; a few failed and skipped transactions.
      const latency =
        u < 0.002
          ? 'failed'
          : u < 0.003
            ? 'skipped'
            : Math.floor(200 + 4800 * rand() ** 3 + (u > 0.999 ? 2e6 * rand() : 0));
      const t = (i / count) * 300;
      const sec = start + Math.floor(t);
      const us = Math.floor((t % 1) * 1e6);
      buf += `${f * 4 + (i % 4)} ${Math.floor(i / 4) + 1} ${latency} 0 ${sec} ${us}\n`;
      if (buf.length > 1 << 16) {
        if (!out.write(buf)) await new Promise((r) => out.once('drain', r));
        buf = '';
      }
    }
    out.end(buf);
    await new Promise((r) => out.once('finish', r));
  }
  return paths;
}

/** The summary pgbench prints for such a run (16 clients, 4 threads, 300 s, no retries, no rate). */
function pgbenchOutput(lines) {
  return `pgbench (17.11)
transaction type: <builtin: TPC-B (sort of)>
scaling factor: 100
query mode: simple
number of clients: 16
number of threads: 4
maximum number of tries: 1
duration: 300 s
number of transactions actually processed: ${lines}
number of failed transactions: 0 (0.000%)
latency average = 0.960 ms
initial connection time = 6.235 ms
tps = ${(lines / 300).toFixed(6)} (without initial connection time)
`;
}

// The naive baseline, run as `--worker naive FILES...` in a process of its own.
async function naive(files) {
  const latencies = [];
  for (const file of files) {
    for await (const line of createInterface({input: createReadStream(file), crlfDelay: Infinity})) {
      const latency = line.split(' ')[2];
      if (/^\d+$/.test(latency)) latencies.push(Number(latency));
    }
  }
  latencies.sort((a, b) => a - b);
  const percentiles = PERCENTILES.map(([key, p]) => [key, latencies[nearestRank(p, latencies.length) - 1]]);
  process.stdout.write(JSON.stringify(Object.fromEntries(percentiles)));
}

if (args.worker === 'naive') {
  await naive(positionals);
  process.exit(0);
}

/** Runs a command `repeat` times: the median wall time, the highest peak RSS, and its last stdout. */
function timed(command, commandArgs, {repeat, node = true}) {
  const runs = [];
  for (let i = 0; i < repeat; i++) {
    const rssFile = path.join(dir, `rss-${i}`);
    const started = process.hrtime.bigint();
    const child = spawnSync(
      node ? process.execPath : command,
      node ? ['--import', peakRss, command, ...commandArgs] : commandArgs,
      {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
        env: {...process.env, PEAK_RSS_FILE: rssFile},
      },
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (child.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed: ${child.stderr}`);
    const rssMb = node ? Number(readFileSync(rssFile, 'utf8')) / 1024 : null;
    runs.push({seconds, rssMb, stdout: child.stdout});
  }
  const sorted = runs.map((r) => r.seconds).sort((a, b) => a - b);
  return {
    seconds: sorted[Math.floor(sorted.length / 2)],
    rssMb: runs[0].rssMb === null ? null : Math.max(...runs.map((r) => r.rssMb)),
    stdout: runs.at(-1).stdout,
  };
}

function awkSort(files, repeat) {
  const ranks = PERCENTILES.map(([, p]) => p).join(' ');
  const script = `awk '$3 ~ /^[0-9]+$/ {print $3}' "$@" | sort -n | awk -v ps="${ranks}" '
    {v[NR]=$1}
    END {
      n=split(ps,p," ")
      for(i=1;i<=n;i++){r=int(p[i]/100*NR); if (r<p[i]/100*NR) r++; if (r<1) r=1; printf "%s ", v[r]}
    }'`;
  const run = timed('sh', ['-c', script, 'sh', ...files], {repeat, node: false});
  const values = run.stdout.trim().split(' ').map(Number);
  return {...run, percentiles: Object.fromEntries(PERCENTILES.map(([key], i) => [key, values[i]]))};
}

const lines = Number(args.lines ?? 5_000_000);
const repeat = Number(args.repeat ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-log-bench-'));
try {
  const t0 = Date.now();
  const files = await generate(dir, lines, Number(args.files ?? 4));
  const output = path.join(dir, 'stdout');
  writeFileSync(output, pgbenchOutput(lines));
  const bytes = files.reduce((s, f) => s + statSync(f).size, 0);
  console.log(
    `Generated a pgbench per-transaction log: ${lines.toLocaleString('en')} lines, ` +
      `${(bytes / 1e6).toFixed(1)} MB in ${files.length} thread files (${((Date.now() - t0) / 1000).toFixed(1)} s); ` +
      `each contender runs ${repeat} times (median time, highest peak RSS).\n`,
  );

  const cli = timed(bench, ['parse', output, '--log', ...files], {repeat});
  const latency = JSON.parse(cli.stdout).log.latencyUs;
  const naiveRun = timed(new URL(import.meta.url).pathname, ['--worker', 'naive', ...files], {repeat});
  const rows = [
    ['bench parse --log (the CLI, whole)', {...cli, percentiles: latency}],
    ['naive: readline + split + sort', {...naiveRun, percentiles: JSON.parse(naiveRun.stdout)}],
    ['awk | sort -n', awkSort(files, repeat)],
  ];
  const keys = PERCENTILES.map(([key]) => key);
  console.log(
    [
      'contender'.padEnd(36),
      'time (s)'.padStart(9),
      'peak RSS (MB)'.padStart(14),
      ...keys.map((k) => k.padStart(8)),
    ].join(' '),
  );
  for (const [name, r] of rows) {
    console.log(
      [
        name.padEnd(36),
        r.seconds.toFixed(2).padStart(9),
        (r.rssMb === null ? '—' : r.rssMb.toFixed(0)).padStart(14),
        ...keys.map((k) => String(r.percentiles[k]).padStart(8)),
      ].join(' '),
    );
  }
  const same = rows.every(([, r]) => keys.every((k) => r.percentiles[k] === rows[0][1].percentiles[k]));
  console.log(`\nPercentiles (µs, nearest rank) identical across contenders: ${same ? 'yes' : 'NO'}`);

  // Start-up: --help loads nothing but the CLI itself; `node -e 0` is the floor.
  const startRepeat = Math.max(repeat, 10);
  const help = timed(bench, ['--help'], {repeat: startRepeat});
  const bare = timed(process.execPath, ['-e', '0'], {repeat: startRepeat, node: false});

  const speedup = naiveRun.seconds / cli.seconds;
  // Node alone takes ~0.1 s to start on this 2-core VM: the CLI answers for what it adds.
  const own = Math.max(0, help.seconds - bare.seconds);
  const ms = (run) => `${(run.seconds * 1000).toFixed(0)} ms`;
  const goals = [
    ['bench parse --log against naive', `${speedup.toFixed(1)}×`, `≥ ${GOAL.speedup}×`, speedup >= GOAL.speedup],
    ['bench parse --log, peak RSS', `${cli.rssMb.toFixed(0)} MB`, `≤ ${GOAL.rssMb} MB`, cli.rssMb <= GOAL.rssMb],
    [
      `bench --help start-up beyond node's own (${ms(help)} against node -e 0's ${ms(bare)})`,
      `${(own * 1000).toFixed(0)} ms`,
      `≤ ${GOAL.startupMs} ms`,
      own * 1000 <= GOAL.startupMs,
    ],
  ];
  console.log('\n| goal | measured | budget | |\n|---|---|---|---|');
  for (const [what, measured, budget, met] of goals)
    console.log(`| ${what} | ${measured} | ${budget} | ${met ? 'met' : 'NOT met'} |`);
  process.exitCode = same && goals.every((g) => g[3]) ? 0 : 1;
} finally {
  if (args.keep) console.log(`Kept the log in ${dir}`);
  else rmSync(dir, {recursive: true, force: true});
}
