import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {buildLocalePages} from './site-data.mjs';
import {sitePages} from './site-pages.mjs';
import {suiteDocText} from './suite-docs.mjs';
import {compareRun} from '../model/comparisons.mjs';
import {comparisonText} from '../numbers/comparison-text.mjs';
import {loadSuite} from '../suites/suite.mjs';
import {suitePageSite} from '../../test/helpers/fixtures.mjs';

// A suite the site has no page written for (test/fixtures/suite-page/commit-modes/): PostgreSQL 17 with
// synchronous_commit on and off (declared with differs), a built-in workload and a script of its own with its
// setup, two client counts, five repeats of 2 s, and its real run.
const site = suitePageSite();
const pages = (locale) => buildLocalePages(site, locale).pages;
const en = pages('en')['suite-commit-modes'];
const read = (file) => JSON.parse(readFileSync(path.join(site, 'results', file), 'utf8'));
const run = read('commit-modes-20261127T182739Z.json');
const counted = read('commit-modes-instructions-20261127T090839Z.json');

test('a published suite with no page written for it gets one, after the studies, named by its title', () => {
  const suites = ['pg-versions', 'commit-modes'].map((id) =>
    loadSuite(path.join(site, 'benchmarks', id, 'suite.yaml')),
  );
  const docs = sitePages(suites).map((p) => p.doc);
  assert.ok(docs.indexOf('suites/commit-modes') === docs.indexOf('methodology') - 1, docs.join(' '));
  // pg-versions is published, but has a page of its own.
  assert.equal(docs.filter((d) => d.startsWith('suites/')).length, 1);
  const doc = suiteDocText(suites[1]);
  assert.match(doc, /^slug: \/suites\/commit-modes$/m);
  assert.match(doc, /^title: "Waiting for the WAL flush at commit"$/m);
  assert.match(doc, /default\/suite-commit-modes\.json/);
});

test('every client count, scenario and workload is a group of its own, in the suite order', () => {
  assert.deepEqual(
    en.groups.map((g) => g.id),
    ['short-tpcb-c1', 'short-tpcb-c2', 'short-counter-c1', 'short-counter-c2'],
  );
  assert.deepEqual(
    en.groups.map((g) => g.title),
    ['tpcb, short, clients: 1', 'tpcb, short, clients: 2', 'counter, short, clients: 1', 'counter, short, clients: 2'],
  );
  // The suite's first target is the baseline; each is named by the setting in which they differ.
  assert.deepEqual(
    en.groups[0].rows.map((r) => r.name),
    ['PostgreSQL 17 (synchronous_commit on)', 'PostgreSQL 17 (synchronous_commit off)'],
  );
});

test('each comparison is the one bench compare gives for the run', () => {
  // bench compare results/commit-modes-20261127T182739Z.json --baseline sync-on printed +28.0% (+16.7% … +39.8%),
  // better, for tpcb with one client, and +378.4% (+343.2% … +443.1%), better, for the counter with two.
  const texts = (c) => [c.verdict, c.changeText, c.lowText, c.highText];
  assert.deepEqual(texts(en.groups[0].rows[1].comparison), ['better', '+28%', '+17%', '+40%']);
  assert.deepEqual(texts(en.groups[3].rows[1].comparison), ['better', '+378%', '+343%', '+443%']);
  const compared = compareRun(run, {baseline: 'sync-on'}).list;
  assert.equal(compared.filter((c) => c.metric === 'tps').length, en.groups.length);
  for (const c of compared.filter((x) => x.metric === 'tps')) {
    const g = en.groups.find((x) => x.id === `${c.scenario}-${c.workload}-c${c.clients}`);
    const shown = g.rows.find((r) => r.target === c.candidate.target).comparison;
    const text = comparisonText(c, 'en');
    assert.deepEqual(
      [shown.verdict, shown.changeText, shown.lowText, shown.highText],
      [c.verdict, text.changeText, text.lowText, text.highText],
      g.id,
    );
  }
});

test('instructions where the suite counted them, each group its own clients, as bench compare counts them', () => {
  // bench compare results/commit-modes-instructions-20261127T090839Z.json --baseline sync-on printed +7.906%
  // (+7.165% … +8.652%), worse, for the counter with one client, and +10.813% (+3.945% … +18.136%), worse, with
  // two: each group is its own clients' cells, never the two counts together.
  const rows = (g) => g.instructions?.rows.map((r) => r.comparison && [r.comparison.verdict, r.comparison.changeText]);
  assert.deepEqual(en.groups.map(rows), [undefined, undefined, [null, ['worse', '+7.9%']], [null, ['worse', '+11%']]]);
  const compared = compareRun(counted, {baseline: 'sync-on'}).list;
  assert.deepEqual(
    compared.map((c) => [c.clients, c.verdict, comparisonText(c, 'en').changeText]),
    [
      [1, 'worse', '+7.9%'],
      [2, 'worse', '+11%'],
    ],
  );
  // The functions that changed, one table per group, loaded on demand.
  assert.deepEqual(Object.keys(en.onDemand.functions), ['short-counter-c1/sync-off', 'short-counter-c2/sync-off']);
  assert.equal(en.instructionsRun.id, 'commit-modes-instructions-20261127T090839Z');
});

test('the answer: a verdict sentence of both servers per group; the matrix, the second against the first', () => {
  assert.deepEqual(
    en.statements.map((s) => [s.id, s.findings.map((f) => [f.name, f.base, f.verdict])]),
    en.groups.map((g) => [
      g.id,
      [['PostgreSQL 17 (synchronous_commit off)', 'PostgreSQL 17 (synchronous_commit on)', 'better']],
    ]),
  );
  assert.deepEqual(en.answer.initial, {target: 'sync-off', baseline: 'sync-on'});
  // Servers of one version: no note on a version at its own defaults.
  assert.equal(en.answer.defaults, null);
  // Both orders are there: any server can be the baseline.
  assert.deepEqual(
    en.answer.pairs.map((p) => `${p.target}/${p.baseline}`),
    ['sync-off/sync-on', 'sync-on/sync-off'],
  );
});

test('servers, settings, scripts and commands come from the run', () => {
  assert.deepEqual(
    en.settings.differing.map((d) => [d.name, d.declared, d.values.map((v) => v.value)]),
    [['synchronous_commit', true, ['on', 'off']]],
  );
  assert.ok(en.settings.shared.some((s) => s.name === 'shared_buffers' && s.value === '128MB'));
  assert.ok(!en.settings.shared.some((s) => s.name === 'port'), 'where a server listens is its own');
  assert.deepEqual(
    en.servers.map((s) => [s.id, s.about?.text, s.build?.join(' ')]),
    [
      ['sync-on', 'synchronous_commit on (the default)', 'gcc -Os'],
      ['sync-off', 'synchronous_commit off', 'gcc -Os'],
    ],
  );
  assert.deepEqual(en.scripts, [
    {
      workload: 'counter',
      file: 'counter.sql',
      sql: '\\set id random(1, 100)\nUPDATE counters SET n = n + 1 WHERE id = :id;\n',
    },
  ]);
  // The setup SQL too, from the suite the run ran (the result keeps only the scripts pgbench ran).
  assert.deepEqual(
    en.setupFiles.map((f) => [f.workload, f.file, f.changed]),
    [['counter', 'benchmarks/commit-modes/setup.sql', false]],
  );
  assert.match(en.setupFiles[0].sql, /^-- One hundred counters.*\nCREATE TABLE counters /s);
  const counter = en.groups[2].commands;
  assert.match(counter.setup, /^psql .* -f benchmarks\/commit-modes\/setup\.sql$/);
  assert.match(counter.run, /^pgbench -n -c 1 .* -f benchmarks\/commit-modes\/counter\.sql -h 127\.0\.0\.1 -p <port> /);
  assert.equal(en.groups[0].commands.setup, undefined, 'a built-in workload has no setup');
  assert.match(en.groups[0].commands.init, /^pgbench -i -q -s 1 /);
  assert.equal(en.charts.length, 1);
  // One scenario: the overview's groups are named by workload and clients alone.
  assert.deepEqual(en.charts[0].x.categories, [
    'tpcb, clients: 1',
    'tpcb, clients: 2',
    'counter, clients: 1',
    'counter, clients: 2',
  ]);
});

test("in a language without the suite's words they are English, marked, and counted for the note", () => {
  assert.equal(en.inEnglish, 0);
  assert.deepEqual(en.title, {text: 'Waiting for the WAL flush at commit'});
  const ja = pages('ja')['suite-commit-modes'];
  assert.deepEqual(ja.title, {text: 'Waiting for the WAL flush at commit', lang: 'en'});
  assert.equal(ja.groups[2].about.workload.lang, 'en');
  // Title, description, two servers, two workloads, one scenario: every word of the suite the page shows.
  assert.equal(ja.inEnglish, 7);
  // The page's own words are the language's.
  assert.equal(ja.groups[0].title, 'tpcb、short、クライアント数 1');
});

test('Methodology lists the suite by its words, with the settings its servers share, and its run', () => {
  const method = pages('en').methodology;
  const suite = method.suites.find((s) => s.id === 'commit-modes');
  assert.deepEqual(suite.name, {text: 'Waiting for the WAL flush at commit'});
  assert.deepEqual(suite.scenarios[0].name, {text: 'scale 1, two seconds a run'});
  // synchronous_commit is one target's own: not a setting of the suite.
  assert.deepEqual(suite.settings, ['shared_buffers = 128MB', 'max_connections = 20']);
  assert.ok(method.runs.some((r) => r.id === 'commit-modes-20261127T182739Z'));
  assert.deepEqual(pages('ja').methodology.suites.find((s) => s.id === 'commit-modes').name.lang, 'en');
});

test("without per-transaction logs a group's table shows pgbench's mean latency, not empty percentiles", () => {
  assert.deepEqual(Object.keys(en.groups[0].rows[0].figures), ['count', 'tps', 'latencyAvg']);
  assert.match(en.groups[0].rows[0].figures.latencyAvg.text, /^\d+\.\d+$/);
});
