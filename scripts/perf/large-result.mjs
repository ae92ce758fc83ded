// `npm run bench:large-result`: the full four-locale build of a copy of the project, as it is (the
// baseline) and then with one more result of 100,000 cells, in the same run: wall time, the peak
// memory of the whole process tree (the build, Docusaurus and their workers, summed) and the size
// of what it publishes. Budget: under 2 GB of memory with the large result.
//
//   node scripts/perf/large-result.mjs [--cells 100000] [--skip-baseline]
//
// The large result is the quick suite's fixture (test/fixtures/results/quick-*.json) with each of
// its 8 comparison groups repeated until it holds --cells cells (repeats r1…rN, TPS varied by up
// to ±2%), written as the newest quick run: the quick-run page and History show it, and data/
// publishes it as JSON and CSV.
// Reads: the project (copied to a temp folder, node_modules linked entry by entry without its
//        .cache, so both builds start cold). Writes: only the temp folder (removed after).
// Exit: 0 within budget; 1 over it or a build failed.
import {lstatSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {largeResult} from './large-result-file.mjs';
import {clearBuild, copyProject, runBuild} from './project-copy.mjs';

const BUDGET_BYTES = 2 * 1024 ** 3;
const {values} = parseArgs({
  options: {cells: {type: 'string', default: '100000'}, 'skip-baseline': {type: 'boolean', default: false}},
});
const cells = Number(values.cells);
if (!Number.isInteger(cells) || cells < 1) {
  console.error(`--cells ${values.cells}: give a whole number of cells, e.g. --cells 100000.`);
  process.exit(1);
}

/** Bytes under a folder, links counted as links (what a static host would publish). */
function sizeOf(dir) {
  let bytes = 0;
  for (const e of readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, e.name);
    bytes += e.isDirectory() ? sizeOf(full) : lstatSync(full).size;
  }
  return bytes;
}

const PAGE = 4096;
/** Resident bytes of `pid` and every process under it, read from /proc: summed, and the largest one's. */
function treeRss(pid) {
  const children = new Map();
  const rss = new Map();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, …; the command may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
      rss.set(Number(name), Number(readFileSync(`/proc/${name}/statm`, 'utf8').split(' ')[1]) * PAGE);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  let largest = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const p = pending.pop();
    total += rss.get(p) ?? 0;
    largest = Math.max(largest, rss.get(p) ?? 0);
    pending.push(...(children.get(p) ?? []));
  }
  return {total, largest};
}

/** `npm run build` in `dir`: seconds, peak tree memory (sampled every 100 ms), what it published. */
async function build(dir) {
  let peak = 0;
  let largest = 0;
  const sample = (child) => {
    const timer = setInterval(() => {
      const now = treeRss(child.pid);
      peak = Math.max(peak, now.total);
      largest = Math.max(largest, now.largest);
    }, 100);
    return () => clearInterval(timer);
  };
  const seconds = await runBuild(dir, [], sample);
  const out = path.join(dir, 'build');
  return {seconds, peak, largest, output: sizeOf(out), data: sizeOf(path.join(out, 'data'))};
}

const mb = (bytes) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const dir = copyProject('large-result-');
const rows = [];
try {
  if (!values['skip-baseline']) rows.push(['results/ as committed', await build(dir)]);
  const large = largeResult(cells);
  // Named after its run, as the build checks.
  const file = path.join(dir, 'results', `${large.run.id}.json`);
  writeFileSync(file, JSON.stringify(large, null, 2));
  // Cold again: the first build's caches and output removed.
  clearBuild(dir);
  rows.push([`+ a ${cells.toLocaleString('en')}-cell result (${mb(lstatSync(file).size)})`, await build(dir)]);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(dir, {recursive: true, force: true});
}
if (rows.length > 0) {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(
    `${'build (4 locales, cold)'.padEnd(width)}   seconds  peak memory  of it one process  output   of it data/`,
  );
  for (const [name, r] of rows) {
    const figures = [
      r.seconds.toFixed(0).padStart(9),
      mb(r.peak).padStart(12),
      mb(r.largest).padStart(18),
      mb(r.output).padStart(7),
      mb(r.data).padStart(11),
    ];
    console.log(`${name.padEnd(width)} ${figures.join(' ')}`);
  }
  const [, large] = rows.at(-1);
  const met = large.peak < BUDGET_BYTES;
  console.log(`budget: peak memory under ${mb(BUDGET_BYTES)} with the large result: ${met ? 'met' : 'over'}`);
  if (!met) process.exitCode = 1;
}
