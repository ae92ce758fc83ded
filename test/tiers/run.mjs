#!/usr/bin/env node
// The test tiers, named for what they need, and the report of where the time went.
//
//   node test/tiers/run.mjs [unit] [integration] [site] [--no-build] [FILE|FOLDER…]
//
//   unit         fixtures only: every *.test.mjs under lib/, scripts/, src/ and test/ but test/integration/
//                and test/site/. Run under test/tiers/unit-guard.mjs (preloaded into every Node process),
//                with stand-ins for postgres, initdb, pg_ctl, valgrind and chromium first on the PATH: a
//                test that starts one (Chromium through Playwright too), runs a site build as a process or
//                reads the live results/, build/, .docusaurus/ or .preview/ fails, naming the rule. `node --test FILE`
//                runs a file without the guard.
//   integration  test/integration/: real PostgreSQL, pgbench, Valgrind, faults, the CI and Kubernetes runs.
//   site         test/site/: one production build of every locale (npm run build; --no-build keeps build/
//                as it is, when there is one), which every browser and build-level test reads.
//
// With no tier named, all three, in that order, stopping at the first that fails. FILEs of the tiers
// named (or the test files in FOLDERs) run alone; one outside them is refused. A tier's files start
// longest first (by the last runs' timings, else by size), so that the files run side by side end near
// together. Whatever the outcome, the ten slowest tests run are printed last.
//
// Reads:  the tiers' test files. Writes: test-results/timings/<tier>.jsonl (a line per test); for site,
//         build/ and what npm run build writes. The unit and site tiers run in a TMPDIR of their own,
//         removed after them.
// Exit:   0 every tier passed; 1 a tier failed (the ones after it did not run); 2 wrong usage.
import {spawn} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {listFiles} from '../../lib/list-files.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const timingsDir = path.join(root, 'test-results', 'timings');
const OFF_PATH = ['postgres', 'postmaster', 'initdb', 'pg_ctl', 'valgrind', 'chromium'];

const testsUnder = (dir) => listFiles(path.join(root, dir), ['.test.mjs']).filter((f) => f.endsWith('.test.mjs'));
const inside = (dir) => (file) => file.startsWith(path.join(root, dir, path.sep));

/**
 * Each tier: its files, how many files run at once, the longest one file may take (a file that hangs fails
 * there: a limit on hangs, not a speed goal), and what it needs first.
 */
const TIERS = {
  unit: {
    files: () =>
      ['lib', 'scripts', 'src', 'test']
        .flatMap(testsUnder)
        .filter((f) => !inside('test/integration')(f) && !inside('test/site')(f)),
    concurrency: 2,
    timeout: 300_000,
    prepare: unitGuard,
    ownTmp: true,
  },
  // Four at a time: these files wait in part (on servers starting, on pgbench's fixed-length runs). Measured
  // quiet on 2 cores: 3 at a time 160-168 s, 4 144 s, 8 140 s (the instructions file, run first, ends last).
  integration: {files: () => testsUnder('test/integration'), concurrency: 4, timeout: 900_000},
  site: {files: () => testsUnder('test/site'), concurrency: 2, timeout: 900_000, prepare: buildSite, ownTmp: true},
};

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a command; resolves with its exit code (output inherited, or collected when `quiet`). */
function run(command, args, {env = process.env, quiet = false} = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd: root, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit'});
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
    child.on('close', (code, signal) => resolve({code: code ?? (signal ? 1 : 0), output}));
  });
}

/** The unit tier's environment: the guard preloaded in every Node process, the servers and browser off the PATH. */
function unitGuard() {
  const dir = mkdtempSync(path.join(tmpdir(), 'unit-guard-'));
  const log = path.join(dir, 'refused.log');
  writeFileSync(log, '');
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  for (const program of OFF_PATH) {
    const shim = path.join(bin, program);
    const message =
      `unit tier: starts ${program}: it is off the PATH in unit tests. Unit tests use fixtures only: ` +
      'move the test to test/integration/ or test/site/ (test/tiers/unit-guard.mjs).';
    writeFileSync(shim, `#!/bin/sh\necho "${message}" | tee -a '${log}' >&2\nexit 127\n`);
    chmodSync(shim, 0o755);
  }
  const guard = new URL('./unit-guard.mjs', import.meta.url).href;
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${guard}`.trim(),
    UNIT_GUARD_LOG: log,
  };
  return {
    env,
    after: () => {
      const refused = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))];
      rmSync(dir, {recursive: true, force: true});
      if (refused.length === 0) return true;
      console.error(
        `\nThe unit tier did what unit tests may not (test/tiers/unit-guard.mjs):\n  ${refused.join('\n  ')}`,
      );
      return false;
    },
  };
}

/** The site tier's one production build of every locale (npm run build), unless --no-build. */
async function buildSite({noBuild}) {
  if (noBuild && existsSync(path.join(root, 'build', 'index.html'))) {
    console.log('site: --no-build, testing build/ as it is');
    return {env: process.env};
  }
  if (noBuild) console.log('site: --no-build, but build/ holds no build: building it');
  const started = Date.now();
  const {code, output} = await run(process.execPath, ['scripts/build.mjs'], {quiet: true});
  if (code !== 0) {
    console.error(`${output}\nsite: npm run build failed (above); no site test ran.`);
    return null;
  }
  console.log(`site: built every locale in ${seconds(Date.now() - started)} (npm run build)`);
  return {env: process.env};
}

/** The lines of a timings file (test-results/timings/<tier>.jsonl), a line that does not parse left out. */
function readTimings(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

/**
 * The files longest first, so that files run side by side end near together: by their tests' time in the
 * tier's last runs (test-results/timings), after the files it has no time for, by size (a new file may be
 * long: it does not start last; a fresh clone has no timings at all).
 */
function longestFirst(files, timings) {
  const last = new Map();
  for (const {file, ms} of timings) last.set(path.join(root, file), (last.get(path.join(root, file)) ?? 0) + ms);
  const known = files.filter((f) => last.has(f)).sort((a, b) => last.get(b) - last.get(a));
  const unknown = files.filter((f) => !last.has(f)).sort((a, b) => statSync(b).size - statSync(a).size);
  return [...unknown, ...known];
}

/** Runs one tier's files with node:test (run-files.mjs); whether it passed, and its tests' timings. */
async function runTier(name, {only, noBuild}) {
  const tier = TIERS[name];
  const timingsFile = path.join(timingsDir, `${name}.jsonl`);
  const before = readTimings(timingsFile);
  const files = longestFirst(
    tier.files().filter((f) => only === null || only.includes(f)),
    before,
  );
  if (files.length === 0) return {passed: true, tests: []};
  console.log(`\n▶ ${name}: ${files.length} test file${files.length === 1 ? '' : 's'}`);
  const prepared = tier.prepare ? await tier.prepare({noBuild}) : {env: process.env};
  if (!prepared) return {passed: false, tests: []};
  mkdirSync(timingsDir, {recursive: true});
  const thisRun = `${timingsFile}.${process.pid}`;
  // In the order given (longest first): `node --test` would sort them by name.
  const args = [
    fileURLToPath(new URL('./run-files.mjs', import.meta.url)),
    ...['--concurrency', String(tier.concurrency), '--timeout', String(tier.timeout), '--timings', thisRun],
    ...files.map((f) => path.relative(root, f)),
  ];
  // A temporary folder of the tier's own, removed after it: what a test leaves in TMPDIR goes with it. (An
  // integration file makes its own, test/integration/own-tmp.mjs, short enough for the servers' socket paths.)
  const tmp = tier.ownTmp ? mkdtempSync(path.join(tmpdir(), `test-${name}-`)) : null;
  const env = tmp ? {...prepared.env, TMPDIR: tmp} : prepared.env;
  const started = Date.now();
  const {code} = await run(process.execPath, args, {env});
  if (tmp) rmSync(tmp, {recursive: true, force: true, maxRetries: 5});
  const guarded = prepared.after ? prepared.after() : true;
  const passed = code === 0 && guarded;
  console.log(`${passed ? '✔' : '✖'} ${name}: ${seconds(Date.now() - started)}`);
  // The tier's timings: this run's for its files, the earlier ones for the files it left out.
  const tests = readTimings(thisRun);
  rmSync(thisRun, {force: true});
  const ran = new Set(files.map((f) => path.relative(root, f)));
  const kept = before.filter((t) => !ran.has(t.file));
  writeFileSync(timingsFile, [...kept, ...tests].map((t) => `${JSON.stringify(t)}\n`).join(''));
  return {passed, tests: tests.map((t) => ({tier: name, ...t}))};
}

/** The slowest of the tests this run ran. */
function printSlowest(tests, count = 10) {
  if (tests.length === 0) return;
  const slowest = [...tests].sort((a, b) => b.ms - a.ms).slice(0, count);
  console.log(`\nThe ${slowest.length} slowest tests (of ${tests.length}):`);
  for (const t of slowest) {
    console.log(`${seconds(t.ms).padStart(8)}  ${t.tier.padEnd(11)} ${t.file}: ${t.name}${t.ok ? '' : ' (failed)'}`);
  }
}

/** The test files FILE arguments name (a folder: its test files); the arguments that name none. */
function namedFiles(args) {
  const files = [];
  const wrong = [];
  for (const arg of args) {
    const full = path.resolve(arg);
    const found = !existsSync(full)
      ? []
      : statSync(full).isDirectory()
        ? listFiles(full, ['.test.mjs']).filter((f) => f.endsWith('.test.mjs'))
        : full.endsWith('.test.mjs')
          ? [full]
          : [];
    if (found.length === 0) wrong.push(arg);
    files.push(...found);
  }
  return {files, wrong};
}

const USAGE = `Usage: node test/tiers/run.mjs [${Object.keys(TIERS).join('] [')}] [--no-build] [FILE|FOLDER…]`;

async function main(argv) {
  const tiers = argv.filter((a) => Object.hasOwn(TIERS, a));
  const noBuild = argv.includes('--no-build');
  const flags = argv.filter((a) => a.startsWith('--') && a !== '--no-build');
  // An argument that is no tier and no path is a mistyped tier, not a file.
  const unknown = argv.filter((a) => !a.startsWith('--') && !Object.hasOwn(TIERS, a) && !existsSync(a));
  const named = namedFiles(argv.filter((a) => !a.startsWith('--') && !Object.hasOwn(TIERS, a) && existsSync(a)));
  // Each tier once, in the order unit, integration, site, whatever the order typed.
  const chosen = Object.keys(TIERS).filter((name) => tiers.length === 0 || tiers.includes(name));
  // A file named must be a test of a tier run: otherwise nothing of it would run, and the run would pass.
  const ofChosen = new Set(chosen.flatMap((name) => TIERS[name].files()));
  const elsewhere = named.files.filter((f) => !ofChosen.has(f)).map((f) => path.relative(process.cwd(), f));
  if (flags.length > 0 || unknown.length > 0 || named.wrong.length > 0 || elsewhere.length > 0) {
    for (const flag of flags) console.error(`Unknown option ${flag}.`);
    for (const arg of unknown) {
      console.error(
        `${arg}: no tier (${Object.keys(TIERS).join(', ')}) and no file or folder (from ${process.cwd()}).`,
      );
    }
    for (const arg of named.wrong) console.error(`${arg}: no test file (*.test.mjs) there.`);
    for (const file of elsewhere) {
      const tier = Object.keys(TIERS).find((name) => TIERS[name].files().includes(path.resolve(file)));
      console.error(
        tier
          ? `${file} is a test of the ${tier} tier, not of ${chosen.join(', ')}: npm run test:${tier} -- ${file}`
          : `${file} is a test of no tier.`,
      );
    }
    console.error(USAGE);
    return 2;
  }
  const only = named.files.length > 0 ? named.files : null;
  const started = Date.now();
  const ran = [];
  const tests = [];
  let passed = true;
  // Ctrl-C reaches the tests too (one process group): they stop, and this run tidies up after them (the
  // tier's temporary folder, this run's timings file) before it stops, without the tiers after.
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
  });
  for (const name of chosen) {
    const outcome = await runTier(name, {only, noBuild});
    if (interrupted) {
      console.error(`\nInterrupted (SIGINT) during the ${name} tier.`);
      return 130;
    }
    tests.push(...outcome.tests);
    if (outcome.tests.length > 0 || !outcome.passed) ran.push(name);
    if (!outcome.passed) {
      passed = false;
      break;
    }
  }
  printSlowest(tests);
  // A run stops at the first tier that fails: the last one run.
  const said = passed
    ? `Passed: ${ran.join(', ') || 'nothing'}`
    : `Failed: ${ran.at(-1)}${ran.length > 1 ? ` (after ${ran.slice(0, -1).join(', ')} passed)` : ''}`;
  console.log(`\n${said} in ${seconds(Date.now() - started)}.`);
  return passed ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
