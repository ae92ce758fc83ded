// `npm run bench:many-targets`: what a run of many servers costs the build. Two copies of the project,
// each with one more quick run whose servers all ran the same cells (12: two workloads, two client counts,
// three repeats), of 1 target in one and of --targets (1,000) in the other, built cold in one language
// (`--locale en`), in turns (the order swapped each round, since this machine's speed drifts from minute to
// minute); the median of the rounds' ratios is budgeted (1.5×). Pages name every server, so a build whose
// cost grows faster than its targets shows here (issue 49: each name searched every target, and a build of
// 1,000 targets took minutes).
//
//   node scripts/perf/many-targets.mjs [--targets 1000] [--rounds 1]
//
// The runs are scripts/perf/many-targets-file.mjs's: the quick fixture's PostgreSQL 17 cells given to
// each target, the newest quick run of the copy (the quick-run page, History and data/ show it).
// Reads: the project (copied to temp folders; node_modules linked without its .cache: every build cold).
// Writes: only the temp folders (removed after).
// Exit: 0 within budget; 1 over it or a build failed; 2 on a bad option.
import {lstatSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {manyTargetsResult} from './many-targets-file.mjs';
import {clearBuild, copyProject, runBuild} from './project-copy.mjs';

const BUDGET = 1.5;
const {values} = parseArgs({
  options: {targets: {type: 'string', default: '1000'}, rounds: {type: 'string', default: '1'}},
});
const count = Number(values.targets);
const rounds = Number(values.rounds);
for (const [name, n] of [
  ['targets', count],
  ['rounds', rounds],
]) {
  if (!Number.isInteger(n) || n < 1) {
    console.error(
      `--${name} ${values[name]}: give a whole number of at least 1, e.g. --${name} ${name === 'targets' ? 1000 : 3}.`,
    );
    process.exit(2);
  }
}

/** `npm run build -- --locale en` in `dir`, cold: its seconds. */
function build(dir) {
  clearBuild(dir);
  return runBuild(dir, ['--locale', 'en']);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const sizes = [1, count];
const copies = sizes.map((n) => {
  const dir = copyProject(`many-targets-${n}-`);
  const {name, result} = manyTargetsResult(n);
  const file = path.join(dir, 'results', name);
  writeFileSync(file, JSON.stringify(result, null, 2));
  return {n, dir, bytes: lstatSync(file).size, seconds: []};
});
try {
  for (let round = 0; round < rounds; round++) {
    for (const copy of round % 2 === 0 ? copies : [...copies].reverse()) {
      copy.seconds.push(await build(copy.dir));
      console.error(`round ${round + 1}: ${copy.n} target(s) built in ${copy.seconds.at(-1).toFixed(1)} s`);
    }
  }
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  for (const {dir} of copies) rmSync(dir, {recursive: true, force: true});
}
if (copies.every((c) => c.seconds.length === rounds)) {
  const [one, many] = copies;
  const ratios = one.seconds.map((s, i) => many.seconds[i] / s);
  const ratio = median(ratios);
  const mb = (bytes) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  const range = rounds > 1 ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×)` : '';
  console.log(`build (en, cold), ${rounds} round(s)   1 target        ${count.toLocaleString('en')} targets   ratio`);
  const seconds = (c, width) => `${median(c.seconds).toFixed(1).padStart(width)} s`;
  console.log(
    `seconds (median)${' '.repeat(16)}${seconds(one, 8)} ${seconds(many, 12)}   ${ratio.toFixed(2)}×${range}`,
  );
  console.log(`the added run's file${' '.repeat(12)}${mb(one.bytes).padStart(10)} ${mb(many.bytes).padStart(14)}`);
  const met = ratio <= BUDGET;
  console.log(`budget: ${count.toLocaleString('en')} targets within ${BUDGET}× the time of 1: ${met ? 'met' : 'over'}`);
  if (!met) process.exitCode = 1;
}
