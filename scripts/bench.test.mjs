import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import fc from 'fast-check';

const BENCH = new URL('./bench.mjs', import.meta.url).pathname;
const FIXTURES = new URL('../test/fixtures/pgbench/', import.meta.url).pathname;
const bench = (...args) => spawnSync(process.execPath, [BENCH, ...args], {encoding: 'utf8'});
const dirs = [];
const tempDir = () => {
  dirs.push(mkdtempSync(path.join(tmpdir(), 'bench-cli-')));
  return dirs.at(-1);
};
after(() => {
  for (const d of dirs) rmSync(d, {recursive: true, force: true});
});

test('parse prints one JSON object; with --log, the log statistics too', () => {
  const dir = `${FIXTURES}17/fail_tries1_nodetail/`;
  const log = readdirSync(dir).find((f) => f.startsWith('pgbench_log'));
  const {status, stdout} = bench('parse', `${dir}stderr`, `${dir}stdout`, '--log', dir + log);
  assert.equal(status, 0);
  const r = JSON.parse(stdout);
  assert.equal(r.pgbenchVersion, '17.11');
  assert.equal(r.progress.length, 2);
  assert.equal(r.log.kind, 'transactions');
  assert.equal((r.log.latencyUs.mean / 1000).toFixed(3), r.latencyAvgMs.toFixed(3));
});

test('parse of something that is not pgbench output exits 1, and still prints what it found', () => {
  const {status, stdout} = bench('parse', BENCH);
  assert.equal(status, 1);
  assert.equal(JSON.parse(stdout).errors[0].message, 'No pgbench output was recognized in the input.');
});

test("wrong usage exits 2 with the usage: the command's own, or every command's when none is named", () => {
  const cases = [
    [[], 'run SUITE'],
    [['nope'], 'run SUITE'],
    [['parse'], 'parse FILE...'],
    [['parse', 'x', '--log'], 'parse FILE...'],
    [['import', 'x'], 'import PATH...'],
    [['run'], 'run SUITE'],
    [['run', 'quick', '--repeat', '0'], 'run SUITE'],
    [['run', 'quick', '--only', 'colour=red'], 'run SUITE'],
    [['run', 'quick', '--shard', '3/2'], 'run SUITE'],
    [['run', 'quick', '--bogus'], 'run SUITE'],
    [['merge', 'a.json'], 'merge RESULT...'],
    [['compare', 'a.json', 'b.json', '--baseline', 'pg15'], 'compare RESULT'],
  ];
  for (const [args, synopsis] of cases) {
    const {status, stderr} = bench(...args);
    assert.equal(status, 2, args.join(' '));
    assert.ok(stderr.includes(`\n\nUsage:\n  node scripts/bench.mjs ${synopsis}`), `${args.join(' ')}: ${stderr}`);
    const all = stderr.includes('node scripts/bench.mjs k8s SUITE') && stderr.includes('node scripts/bench.mjs merge');
    assert.equal(
      all,
      args.length === 0 || args[0] === 'nope',
      `${args.join(' ')}: every synopsis only without a command`,
    );
  }
});

test('--help, -h and help print the usage on stdout and exit 0', () => {
  for (const flag of ['--help', '-h', 'help']) {
    const {status, stdout, stderr} = bench(flag);
    assert.equal(status, 0, flag);
    assert.equal(stderr, '');
    assert.match(stdout, /^Usage:\n {2}node scripts\/bench\.mjs run SUITE/);
  }
});

test('import writes a valid result; validate says so', () => {
  const out = path.join(tempDir(), 'result.json');
  const imported = bench('import', `${FIXTURES}17`, '--out', out);
  assert.equal(imported.status, 0, imported.stderr);
  assert.match(imported.stderr, /^Imported 34 outputs \(18 ok, 13 failed, 3 aborted\) into /);
  const checked = bench('validate', out);
  assert.equal(checked.status, 0);
  assert.equal(checked.stdout, `${out}: valid\n`);
  assert.ok(!existsSync(`${out}.new`));
});

test('a failed import leaves an existing result file as it was', () => {
  const out = path.join(tempDir(), 'result.json');
  writeFileSync(out, 'previous');
  const {status, stderr} = bench('import', '/nope', '--out', out);
  assert.equal(status, 1);
  assert.match(stderr, /\/nope: no such file or folder/);
  assert.equal(readFileSync(out, 'utf8'), 'previous');
});

test('validate names every problem and exits 1', () => {
  const file = path.join(tempDir(), 'bad.json');
  writeFileSync(file, JSON.stringify({schemaVersion: 1}));
  const {status, stderr} = bench('validate', file);
  assert.equal(status, 1);
  assert.match(stderr, new RegExp(`^${file}: \\(top level\\): "run" is missing: add it`));
});

test('without pgbench on PATH, run says how to install it and exits 1', () => {
  const out = tempDir();
  // A PATH with node alone (node's own folder may hold pgbench too, as /usr/bin does).
  const noPgbench = tempDir();
  symlinkSync(process.execPath, path.join(noPgbench, 'node'));
  const {status, stderr} = spawnSync(process.execPath, [BENCH, 'run', 'quick', '--out', out], {
    encoding: 'utf8',
    env: {...process.env, PATH: noPgbench},
  });
  assert.equal(status, 1);
  assert.match(
    stderr,
    /pgbench is not on PATH\. It comes with PostgreSQL's packages: as root run bash scripts\/setup-system\.sh/,
  );
  assert.deepEqual(readdirSync(out), []);
});

const VERSIONS_RUN = new URL('../test/fixtures/results/pg-versions-20261122T110343Z.json', import.meta.url).pathname;

test('compare: a table of every target against the first, and with 3 runs a side no verdict', () => {
  const {status, stdout} = bench('compare', VERSIONS_RUN);
  assert.equal(status, 0);
  const lines = stdout.trim().split('\n');
  assert.match(lines[0], /^scenario +workload +clients +metric +baseline +candidate +change +interval +p +verdict$/);
  // Medians and the change as the page writes them (whole transactions from 100 up; three significant digits).
  assert.match(
    lines[1],
    /^small +tpcb +1 +tps +pg15 240 \(3\) +pg16 445 \(3\) +\+27\.1% +too few runs +0\.700 +inconclusive$/,
  );
  assert.equal(lines.filter((l) => / inconclusive$/.test(l)).length, 18);
});

test('compare --json: the documented fields; exit 1 when a TPS comparison is worse', () => {
  const dir = tempDir();
  const result = JSON.parse(readFileSync(VERSIONS_RUN, 'utf8'));
  // Six tight runs per target, PostgreSQL 16 at 80% of the baseline.
  const copies = result.cells.map((c) => ({
    ...structuredClone(c),
    id: c.id.replace(/r(\d+)$/, (_, r) => `r${+r + 3}`),
  }));
  result.cells.push(...copies.map((c) => ({...c, repeat: c.repeat + 3})));
  for (const c of result.cells) c.summary.tps = (c.target === 'pg16' ? 800 : 1000) * (1 + 0.002 * c.repeat);
  const file = path.join(dir, 'worse.json');
  writeFileSync(file, JSON.stringify(result));
  const {status, stdout} = bench('compare', file, '--json', '--margin', '5%');
  assert.equal(status, 1);
  const {margin, comparisons} = JSON.parse(stdout);
  assert.equal(margin, 0.05);
  const [first] = comparisons;
  assert.equal(first.marginPct, 5);
  assert.deepEqual(Object.keys(first), [
    'scenario',
    'workload',
    'clients',
    'metric',
    'marginPct',
    'baseline',
    'candidate',
    'changePct',
    'ciLowPct',
    'ciHighPct',
    'p',
    'pAdjusted',
    'level',
    'verdict',
  ]);
  assert.deepEqual(
    comparisons.filter((c) => c.metric === 'tps').map((c) => `${c.scenario} ${c.candidate.target} ${c.verdict}`),
    [
      'small pg16 worse',
      'small pg17 equivalent',
      'small pg18 equivalent',
      'large pg16 worse',
      'large pg17 equivalent',
      'large pg18 equivalent',
    ],
  );
});

test('compare: bad input exits 2, naming what is wrong', () => {
  assert.equal(bench('compare').status, 2);
  const margin = bench('compare', VERSIONS_RUN, '--margin', 'lots');
  assert.equal(margin.status, 2);
  assert.match(margin.stderr, /--margin takes a percentage such as 3%, not "lots"/);
  const small = bench('compare', VERSIONS_RUN, '--margin', '1%');
  assert.equal(small.status, 2);
  assert.match(small.stderr, /at least 2%, not 1%/);
  const baseline = bench('compare', VERSIONS_RUN, '--baseline', 'pg9');
  assert.equal(baseline.status, 2);
  assert.match(baseline.stderr, /no target "pg9"/);
  // A bare number could be a fraction or a percentage: refused, with the spelling that works.
  const bare = bench('compare', VERSIONS_RUN, '--margin', '3');
  assert.equal(bare.status, 2);
  assert.match(bare.stderr, /--margin 3 has no %: write --margin 3% \(.* 3 would be 300%\)/);
});

test('compare is never silent: it lists what it cannot compare; an all-failed candidate gates; nothing exits 2', () => {
  const dir = tempDir();
  const file = (name, result) => {
    writeFileSync(path.join(dir, name), JSON.stringify(result));
    return path.join(dir, name);
  };
  const run = JSON.parse(readFileSync(VERSIONS_RUN, 'utf8'));
  const failed = structuredClone(run);
  for (const c of failed.cells.filter((c) => c.target === 'pg18' && c.scenario === 'small')) {
    Object.assign(c, {status: 'failed', error: {kind: 'other', message: 'pgbench exited with code 1.'}});
  }
  const listed = bench('compare', file('failed.json', failed));
  assert.equal(listed.status, 1, 'every cell of pg18 failed: a regression, not silence');
  assert.match(listed.stdout, /^not compared +workload +clients +metric +target +why$/m);
  assert.match(listed.stdout, /^small +tpcb +1 +tps +pg18 +none of its 3 cells is ok$/m);
  const json = JSON.parse(bench('compare', file('failed.json', failed), '--json').stdout);
  assert.ok(json.skipped.some((s) => s.target === 'pg18' && s.failed));
  // Two runs with no group in common: nothing to compare, exit 2, each group named.
  const other = structuredClone(run);
  for (const c of other.cells) c.scenario = `${c.scenario}-elsewhere`;
  other.run.startedAt = '2030-01-01T00:00:00Z';
  const none = bench('compare', VERSIONS_RUN, file('other.json', other));
  assert.equal(none.status, 2);
  assert.match(none.stderr, /nothing to compare/);
  assert.match(none.stdout, /^small +tpcb +1 +tps +pg15 +only \S+ has this group$/m);
  // A run with no cells at all.
  const empty = bench('compare', file('empty.json', {...run, cells: []}));
  assert.equal(empty.status, 2, empty.stderr);
  assert.match(empty.stderr, /nothing to compare/);
});

test('compare OLD NEW --summary: Markdown for CI, the drop flagged worse (exit 1); other machines named', async () => {
  const {makeHistoryRuns: historyRuns} = await import('../test/helpers/history-runs.mjs');
  const runs = historyRuns(6, {dropFrom: 5});
  const dir = tempDir();
  const file = (name, result) => {
    writeFileSync(path.join(dir, name), JSON.stringify(result));
    return path.join(dir, name);
  };
  const [older, newer] = [file('older.json', runs[4]), file('newer.json', runs[5])];
  const summary = path.join(dir, 'summary.md');
  writeFileSync(summary, '## Earlier step\n');
  const worse = bench('compare', older, newer, '--summary', summary);
  assert.equal(worse.status, 1, worse.stderr);
  const text = readFileSync(summary, 'utf8');
  assert.match(text, /^## Earlier step\n### quick-\S+ → quick-\S+\n/, 'appended, titled by both runs');
  assert.match(text, /\*\*\d+ of 8 comparisons are worse\*\* beyond the ±\d+(\.\d+)?% margin/);
  assert.match(text, /\| small \| tpcb-like \| 4 \| tps \| pg18@\S+ .*❌ worse \|/);
  assert.doesNotMatch(text, /different or unknown machines/i);
  const elsewhere = {
    ...runs[4],
    environment: {...runs[4].environment, host: {...runs[4].environment.host, cpuCount: 64}},
  };
  const moved = bench('compare', file('elsewhere.json', elsewhere), older, '--json');
  const {machines} = JSON.parse(moved.stdout);
  assert.equal(machines.same, false);
  assert.match(machines.note, /64 CPUs.*Different or unknown machines: a change between them may be the machine/);
  const same = bench('compare', older, file('again.json', runs[3]));
  assert.equal(same.status, 0);
  assert.doesNotMatch(same.stdout, /Different or unknown machines/);
});

test('shards: at most one per comparison group, as lines for $GITHUB_OUTPUT', () => {
  const four = bench('shards', 'quick', '--shards', '9');
  assert.equal(four.status, 0, four.stderr);
  assert.equal(four.stdout, 'count=4\nlist=["1/4","2/4","3/4","4/4"]\n', 'the quick suite has four groups');
  assert.equal(
    bench('shards', 'quick', '--shards', '2', '--only', 'clients=1').stdout,
    'count=2\nlist=["1/2","2/2"]\n',
  );
  assert.equal(bench('shards', 'quick').status, 2);
});

test('published: the newest finished run of a suite that a site lists, or nothing when it has none', async () => {
  const {makeHistoryRuns: historyRuns} = await import('../test/helpers/history-runs.mjs');
  const {resultIndex} = await import('./publish/emit-static.mjs');
  const runs = historyRuns(3);
  const unfinished = {...runs[2], run: {...runs[2].run, id: 'quick-unfinished', finishedAt: null}};
  const site = tempDir();
  mkdirSync(path.join(site, 'data'));
  for (const r of [...runs.slice(0, 2), unfinished]) {
    writeFileSync(path.join(site, 'data', `${r.run.id}.json`), JSON.stringify(r));
  }
  writeFileSync(path.join(site, 'data', 'index.json'), JSON.stringify(resultIndex([...runs.slice(0, 2), unfinished])));
  const out = path.join(tempDir(), 'published.json');
  const found = bench('published', 'quick', '--from', site, '--out', out);
  assert.equal(found.status, 0, found.stderr);
  assert.equal(JSON.parse(readFileSync(out, 'utf8')).run.id, runs[1].run.id, 'the newest finished one');
  const none = bench('published', 'pg-versions', '--from', site, '--out', `${out}.none`);
  assert.equal(none.status, 0);
  assert.match(none.stderr, /has published no finished pg-versions run yet: nothing written/);
  assert.equal(existsSync(`${out}.none`), false);
});

test('export: one file per target, scenario and client count, none overwriting another', () => {
  const out = tempDir();
  const {status, stderr} = bench('export', VERSIONS_RUN, '--out', out, '--system', 'Here', '--service', 'here');
  assert.equal(status, 0, stderr);
  const files = readdirSync(path.join(out, 'here/results')).sort();
  const result = JSON.parse(readFileSync(VERSIONS_RUN, 'utf8'));
  const groups = new Set(result.cells.map((c) => `${c.target}_${c.scenario}_${c.parameters.clients}c`));
  assert.equal(files.length, groups.size);
  assert.ok(
    files.every((f) => /^here_\d+cpu_\d+gb_\d+_pg1[5-8]_(small|large)_\d+c\.json$/.test(f)),
    files.join(),
  );
  for (const f of files) {
    const json = JSON.parse(readFileSync(path.join(out, 'here/results', f), 'utf8'));
    assert.equal(json.results.length, 3, `${f}: its own three runs`);
  }
});

test('--out that is an input (or inside a folder read) is refused everywhere, and nothing is written', () => {
  const dir = tempDir();
  const run = path.join(dir, 'run.json');
  writeFileSync(run, readFileSync(VERSIONS_RUN));
  const before = readFileSync(run, 'utf8');
  const outputs = path.join(dir, 'outputs');
  mkdirSync(outputs);
  cpSync(`${FIXTURES}17/run_T_progress/stdout`, path.join(outputs, 'pg17__tpcb.txt'));
  const cases = [
    ['import', `${FIXTURES}17/run_T_progress/stdout`, '--out', `${FIXTURES}17/run_T_progress/stdout`],
    ['import', outputs, '--out', path.join(outputs, 'result.json')],
    ['merge', run, VERSIONS_RUN, '--out', run],
  ];
  for (const args of cases) {
    const r = bench(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /would (overwrite|be written inside) the input .*: write it elsewhere; nothing was written/);
  }
  assert.equal(existsSync(path.join(outputs, 'result.json')), false);
  // export: a file it would write is the result it reads.
  mkdirSync(path.join(dir, 'x/results'), {recursive: true});
  const inside = path.join(dir, 'x/results/x_2cpu_24gb_50_pg15_small_1c.json');
  writeFileSync(inside, before);
  const exp = bench('export', inside, '--out', dir, '--system', 'X', '--service', 'x');
  assert.equal(exp.status, 2, exp.stderr);
  assert.equal(readFileSync(inside, 'utf8'), before);
  assert.equal(readFileSync(run, 'utf8'), before);
});

test('published: a site whose index names files outside data/, or is no JSON, is refused by name', () => {
  const site = tempDir();
  mkdirSync(path.join(site, 'data'));
  const out = path.join(tempDir(), 'p.json');
  writeFileSync(
    path.join(site, 'data', 'index.json'),
    JSON.stringify([{id: 'x', suite: 'quick', finishedAt: '2026-01-01T00:00:00Z', json: '../../etc/passwd'}]),
  );
  const outside = bench('published', 'quick', '--from', site, '--out', out);
  assert.equal(outside.status, 1);
  assert.match(outside.stderr, /names its file "\.\.\/\.\.\/etc\/passwd", which is not a file name inside data\//);
  writeFileSync(path.join(site, 'data', 'index.json'), '<html>');
  const html = bench('published', 'quick', '--from', site, '--out', out);
  assert.match(html.stderr, /data\/index\.json: not valid JSON .*is this a site this tool built\?/);
  assert.doesNotMatch(html.stderr, / {4}at /, 'no stack trace');
  assert.equal(existsSync(out), false);
});

test('k8s: names that are not Kubernetes names, or an image that is no reference, are refused before writing', () => {
  const out = path.join(tempDir(), 'k8s');
  for (const [flag, value] of [
    ['--secret', 'urls; rm -rf /'],
    ['--secret', 'Bad_Name'],
    ['--results-pvc', 'x\nkind: Secret'],
    ['--image', 'img:1 --privileged'],
  ]) {
    const r = bench('k8s', 'quick', '--shards', '2', '--out', out, flag, value);
    assert.equal(r.status, 2, `${flag} ${value}`);
    assert.match(r.stderr, /is not a Kubernetes name|is not an image reference/);
  }
  assert.equal(existsSync(out), false);
});

// Property (fast-check): no JSON of an unknown format becomes a result through the command line.
test('bench import of JSON that is no known format exits non-zero and writes nothing', () => {
  const dir = tempDir();
  let n = 0;
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const input = path.join(dir, `${n++}-cli.json`);
      const out = path.join(dir, `${n++}-out.json`);
      writeFileSync(input, JSON.stringify(value));
      const r = bench('import', input, '--out', out);
      assert.notEqual(r.status, 0, r.stderr);
      assert.equal(existsSync(out), false);
    }),
    {numRuns: 8},
  );
});

test('bench --help, each COMMAND --help and the README table come from the same synopses', async () => {
  const {COMMANDS: names, synopsisOf} = await import('./bench/cli.mjs');
  assert.deepEqual(
    readdirSync(new URL('./bench/', import.meta.url))
      .filter((f) => !['cli.mjs'].includes(f) && !f.endsWith('.test.mjs'))
      .map((f) => f.replace(/\.mjs$/, ''))
      .sort(),
    [...names].sort(),
    'every file in scripts/bench/ is a command bench lists',
  );
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  // README rows: | `node scripts/bench.mjs COMMAND …` | what it does | (a | in a table's code is written \|).
  const rows = new Map(
    [...readme.matchAll(/^\| `node scripts\/bench\.mjs ((\w+)[^`]*)` \|/gm)].map((m) => [
      m[2],
      m[1].replace(/\\\|/g, '|'),
    ]),
  );
  const help = bench('--help').stdout.replace(/\n {20,}/g, ' ');
  for (const name of names) {
    const command = await import(`./bench/${name}.mjs`);
    const synopsis = synopsisOf(command);
    assert.equal(command.name, name);
    assert.equal(rows.get(name), synopsis, `README's row for ${name}: write \`node scripts/bench.mjs ${synopsis}\``);
    assert.ok(help.includes(`node scripts/bench.mjs ${synopsis}\n`), `bench --help lists ${synopsis}`);
    const own = bench(name, '--help');
    assert.equal(own.status, 0, name);
    assert.ok(own.stdout.replace(/\n {20,}/g, ' ').includes(`node scripts/bench.mjs ${synopsis}\n`), name);
    // Every option the command accepts is in its help, and none it does not.
    const described = [...own.stdout.matchAll(/^ {2}--([\w-]+)/gm)].map((m) => m[1]);
    assert.deepEqual(described, Object.keys(command.options), `${name} --help describes each option once`);
  }
  assert.deepEqual([...rows.keys()].sort(), [...names].sort(), 'the README has one row per command');
});

test('an option a command does not declare is refused by name, with the usage', () => {
  for (const [name, option] of [
    ['validate', '--bogus'],
    ['export', '--instance-size'],
    ['import', '--licence'],
  ]) {
    const {status, stderr} = bench(name, 'x', option, 'y');
    assert.equal(status, 2, `${name} ${option}`);
    assert.ok(stderr.startsWith(`bench: ${name}: unknown option ${option} (node scripts/bench.mjs ${name} --help`));
  }
});

test('a result file that is not there is named as given, with what to check, not as a Node error', () => {
  const missing = path.join(tempDir(), 'no-such-run.json');
  for (const command of ['compare', 'validate']) {
    const {status, stderr} = bench(command, missing);
    assert.notEqual(status, 0);
    assert.equal(
      stderr.trim(),
      `bench: ${missing}: no such file. Check the path (ls results/ lists the runs kept here).`,
    );
  }
});
