#!/usr/bin/env node
// `npm run perf:parser`: how fast the per-transaction log statistics are,
// side by side with a naive baseline, in one run on this machine.
//
//   node scripts/perf/parser.mjs [--lines 5000000] [--files 4] [--keep]
//
// Reads:  nothing. Writes: a generated pgbench log (pgbench's own format, four
//         thread files) under the system temp folder, removed unless --keep.
// Prints: time and peak RSS of each contender, each run in its own process so
//         its memory is its own, and whether all give identical percentiles.
// Exit:   0 when the percentiles agree; 1 when they do not.
import {spawnSync} from 'node:child_process';
import {createWriteStream, mkdtempSync, rmSync, statSync, createReadStream} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {createInterface} from 'node:readline';
import {parseArgs} from 'node:util';
import {readLogs} from '../../lib/pgbench/read-logs.mjs';
import {nearestRank, PERCENTILES} from '../../lib/pgbench/transaction-log.mjs';

const GOAL = {seconds: 0.5, rssMb: 100};

// No zx here: each contender runs this file in its own process, and its peak
// memory should be the contender's, not a library's.
const {values: args, positionals} = parseArgs({
  options: {lines: {type: 'string'}, files: {type: 'string'}, keep: {type: 'boolean'}, worker: {type: 'string'}},
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

// --- contenders, each run as `--worker NAME FILES...` in a child process ---

async function ours(files) {
  const stats = await readLogs(files);
  return Object.fromEntries(PERCENTILES.map(([key]) => [key, stats.latencyUs[key]]));
}

async function naive(files) {
  const latencies = [];
  for (const file of files) {
    for await (const line of createInterface({input: createReadStream(file), crlfDelay: Infinity})) {
      const latency = line.split(' ')[2];
      if (/^\d+$/.test(latency)) latencies.push(Number(latency));
    }
  }
  latencies.sort((a, b) => a - b);
  return Object.fromEntries(PERCENTILES.map(([key, p]) => [key, latencies[nearestRank(p, latencies.length) - 1]]));
}

const CONTENDERS = {ours, naive};

if (args.worker) {
  const started = process.hrtime.bigint();
  const percentiles = await CONTENDERS[args.worker](positionals);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(JSON.stringify({seconds, rssMb: process.resourceUsage().maxRSS / 1024, percentiles}));
  process.exit(0);
}

function runWorker(name, files) {
  const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--worker', name, ...files], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`${name} failed: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

function awkSort(files) {
  const started = process.hrtime.bigint();
  const ranks = PERCENTILES.map(([, p]) => p).join(' ');
  const script = `awk '$3 ~ /^[0-9]+$/ {print $3}' "$@" | sort -n | awk -v ps="${ranks}" '
    {v[NR]=$1}
    END {
      n=split(ps,p," ")
      for(i=1;i<=n;i++){r=int(p[i]/100*NR); if (r<p[i]/100*NR) r++; if (r<1) r=1; printf "%s ", v[r]}
    }'`;
  const child = spawnSync('sh', ['-c', script, 'sh', ...files], {encoding: 'utf8', maxBuffer: 1 << 20});
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const values = child.stdout.trim().split(' ').map(Number);
  return {seconds, rssMb: null, percentiles: Object.fromEntries(PERCENTILES.map(([key], i) => [key, values[i]]))};
}

const lines = Number(args.lines ?? 5_000_000);
const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-log-bench-'));
try {
  const t0 = Date.now();
  const files = await generate(dir, lines, Number(args.files ?? 4));
  const bytes = files.reduce((s, f) => s + statSync(f).size, 0);
  console.log(
    `Generated a pgbench per-transaction log: ${lines.toLocaleString('en')} lines, ` +
      `${(bytes / 1e6).toFixed(1)} MB in ${files.length} thread files (${((Date.now() - t0) / 1000).toFixed(1)} s).\n`,
  );

  const rows = [
    ['this parser (lib/pgbench)', runWorker('ours', files)],
    ['naive: readline + split + sort', runWorker('naive', files)],
    ['awk | sort -n', awkSort(files)],
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
  const mine = rows[0][1];
  const met = mine.seconds <= GOAL.seconds && mine.rssMb <= GOAL.rssMb;
  console.log(`\nPercentiles (µs, nearest rank) identical across contenders: ${same ? 'yes' : 'NO'}`);
  console.log(
    `Goal ≤ ${GOAL.seconds} s and ≤ ${GOAL.rssMb} MB peak RSS: ${met ? 'met' : 'not met'} ` +
      `(${mine.seconds.toFixed(2)} s, ${mine.rssMb.toFixed(0)} MB; ` +
      `${(rows[1][1].seconds / mine.seconds).toFixed(1)}× faster than the naive baseline)`,
  );
  process.exitCode = same ? 0 : 1;
} finally {
  if (args.keep) console.log(`Kept the log in ${dir}`);
  else rmSync(dir, {recursive: true, force: true});
}
