// Builds that are safe against each other and against being stopped (issue 49, item 7), on a copy of the
// project whose results/ are the fixtures, built in English only: two builds started 2 s apart, a build
// stopped right after Docusaurus finishes, and one stopped at a random moment through npm run build.
// After each, build/ is a complete site (every chart image its pages link, the result files index.json
// lists, the search index), the previous one when the build was stopped, and nothing of the build is left:
// no process, no staging folder, no lock. bench merge killed mid-write: scripts/bench/merge.test.mjs.
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {freshCopy, root} from './site.mjs';

const dir = realpathSync(freshCopy({fixtures: true}));
after(() => rmSync(dir, {recursive: true, force: true}));
const build = path.join(dir, 'build');
const FIXTURE_RUNS = readdirSync(path.join(root, 'test/fixtures/results')).filter((f) => f.endsWith('.json')).length;
// A measured build (the first below): the random moment of the last test falls within one.
let buildMs = 20_000;

/** Starts `node scripts/build.mjs --locale en` (or through `npm run build`) in the copy, its output collected. */
function startBuild({npm = false} = {}) {
  const [command, args] = npm
    ? ['npm', ['run', 'build', '--', '--locale', 'en']]
    : [process.execPath, ['scripts/build.mjs', '--locale', 'en']];
  const child = spawn(command, args, {cwd: dir, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  const waiting = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output += chunk;
      for (const w of waiting) if (w.pattern.test(output)) w.resolve();
    });
  }
  const started = Date.now();
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({code, signal, output, ms: Date.now() - started, at: Date.now()})),
  );
  /** Resolves once the output matches `pattern` (false: the build ended first). */
  const saw = (pattern) =>
    Promise.race([
      new Promise((resolve) => waiting.push({pattern, resolve: () => resolve(true)})),
      exited.then(() => false),
    ]);
  return {child, exited, saw, started};
}

/** Whether a listing of build/ (one read of one folder: a swap moves it whole) lacks part of a site. */
function lacking() {
  let top;
  try {
    top = readdirSync(build);
  } catch {
    return null; // no site yet, or between the two renames of a swap
  }
  return ['index.html', 'data', 'charts', 'pagefind', 'sitemap.xml'].filter((entry) => !top.includes(entry));
}

/** Reads build/ every 25 ms while builds run; `stop()` returns each incomplete listing seen. */
function watchSite() {
  const seen = [];
  const timer = setInterval(() => {
    const missing = lacking();
    if (missing?.length) seen.push(missing);
  }, 25);
  return {
    stop() {
      clearInterval(timer);
      return seen;
    },
  };
}

/** Asserts build/ is a complete site: every chart image its pages link, every result file listed, the search. */
function assertCompleteSite(label) {
  assert.deepEqual(lacking(), [], `${label}: build/ lacks part of a site`);
  const pages = [];
  const walk = (d) => {
    for (const e of readdirSync(d, {withFileTypes: true})) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (e.name.endsWith('.html')) pages.push(path.join(d, e.name));
    }
  };
  walk(build);
  const images = new Set(pages.flatMap((p) => readFileSync(p, 'utf8').match(/\/charts\/[\w.-]+\.png/g) ?? []));
  assert.ok(images.size > 0, `${label}: no page links a chart image`);
  for (const image of images) assert.ok(existsSync(path.join(build, image)), `${label}: ${image} is missing`);
  const index = JSON.parse(readFileSync(path.join(build, 'data/index.json'), 'utf8'));
  assert.equal(index.length, FIXTURE_RUNS, `${label}: data/index.json lists one entry per fixture run`);
  for (const run of index) {
    for (const file of [run.json, run.csv]) assert.ok(existsSync(path.join(build, 'data', file)), `${label}: ${file}`);
  }
  for (const file of ['pagefind.js', 'pagefind-entry.json']) {
    assert.ok(existsSync(path.join(build, 'pagefind', file)), `${label}: pagefind/${file} is missing`);
  }
}

/** Every file of build/, with its size: the site as it stands. */
function snapshot() {
  const files = {};
  const walk = (d) => {
    for (const e of readdirSync(d, {withFileTypes: true})) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else files[path.relative(build, full)] = statSync(full).size;
    }
  };
  walk(build);
  return files;
}

/** The processes whose command line names the copy or whose working folder is in it. */
function processesOfCopy() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .flatMap((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        let cwd = '';
        try {
          cwd = readlinkSync(`/proc/${pid}/cwd`);
        } catch {}
        const ours = cmdline.includes(dir) || cwd === dir || cwd.startsWith(`${dir}/`);
        return ours ? [`${pid} (cwd ${cwd}): ${cmdline}`] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
}

/** Asserts nothing of a build is left: no process (a moment given to those ending), no staging folder, no lock. */
async function assertNothingLeft(label) {
  let left = processesOfCopy();
  for (let waited = 0; left.length > 0 && waited < 5000; waited += 100) {
    await sleep(100);
    left = processesOfCopy();
  }
  assert.deepEqual(left, [], `${label}: processes of the build are left`);
  const beside = readdirSync(dir).filter((name) => /^build\.(tmp|old)-\d+$|^\.build\.lock/.test(name));
  assert.deepEqual(beside, [], `${label}: what the build left beside build/`);
}

test('two builds 2 s apart: the second is refused, naming the first; build/ is never part of a site', async () => {
  const watch = watchSite();
  const first = startBuild();
  await sleep(2000);
  const second = startBuild();
  const [a, b] = await Promise.all([first.exited, second.exited]);
  const incomplete = watch.stop();
  assert.equal(a.code, 0, a.output);
  buildMs = a.ms;
  if (b.code === 0) {
    // Only where a whole build takes under 2 s: the second started after the first had ended.
    assert.ok(a.at <= second.started, `both builds ran at once and both built:\n${a.output}\n${b.output}`);
  } else {
    assert.equal(b.code, 1, b.output);
    const pid = first.child.pid;
    assert.match(
      b.output,
      new RegExp(
        `Another build is running in this checkout: pid ${pid} \\(node scripts/build\\.mjs --locale en\\), ` +
          `started at [\\dT:.Z-]+, \\d+ s ago \\(its lock: \\.build\\.lock\\)\\. Wait for it to end, then build ` +
          `again; or stop it: kill ${pid}\\.`,
      ),
    );
  }
  assert.deepEqual(incomplete, [], 'build/ was seen without part of its site');
  assertCompleteSite('after two builds');
  await assertNothingLeft('after two builds');
});

test('a build stopped (SIGTERM) right after Docusaurus finishes leaves the previous site as it was', async (t) => {
  writeFileSync(path.join(build, 'previous.txt'), 'the site before this build\n');
  const before = snapshot();
  const stopped = startBuild();
  assert.ok(await stopped.saw(/\[SUCCESS\] Generated static files/), 'Docusaurus never said it was done');
  stopped.child.kill('SIGTERM');
  const {code, output} = await stopped.exited;
  if (code === 0) {
    // The rest of the build (charts, search, the swap) was done before the signal came: the new site.
    t.diagnostic('the build had ended before SIGTERM came');
    assert.equal(existsSync(path.join(build, 'previous.txt')), false);
  } else {
    assert.equal(code, 143, output);
    assert.match(output, /SIGTERM: the build stops; build\/ is left as it was\./);
    assert.deepEqual(snapshot(), before, 'the previous site changed');
  }
  assertCompleteSite('after a stop after Docusaurus');
  await assertNothingLeft('after a stop after Docusaurus');
});

test('npm run build SIGTERMed at a random moment: the previous site or the new one, whole', async (t) => {
  writeFileSync(path.join(build, 'previous.txt'), 'the site before this build\n');
  const before = snapshot();
  const delay = Math.round(Math.random() * buildMs);
  t.diagnostic(`SIGTERM ${delay} ms after npm run build started (a build took ${buildMs} ms)`);
  const stopped = startBuild({npm: true});
  await Promise.race([sleep(delay), stopped.exited]);
  stopped.child.kill('SIGTERM');
  const {output} = await stopped.exited;
  // The build's last line once it has put the site in place ("The site is in build/: npm run serve serves it.").
  if (/^The site is in build\/[.:]/m.test(output)) {
    assert.equal(existsSync(path.join(build, 'previous.txt')), false, 'the build said it put the new site in place');
  } else {
    assert.deepEqual(snapshot(), before, `the previous site changed:\n${output}`);
  }
  assertCompleteSite(`after SIGTERM at ${delay} ms`);
  await assertNothingLeft(`after SIGTERM at ${delay} ms`);
});
