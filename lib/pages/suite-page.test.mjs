import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {buildLocalePages} from './site-data.mjs';
import {loadSiteData} from '../load/site.mjs';
import {sitePages} from './site-pages.mjs';
import {loadSuite} from '../suites/suite.mjs';
import {suitePageSite} from '../../test/helpers/fixtures.mjs';

// A suite the site has no page written for (test/fixtures/suite-page/commit-modes/): PostgreSQL 17 with
// synchronous_commit on and off (declared with differs), a built-in workload and a script of its own with its
// setup, two client counts, five repeats of 2 s, and its real run.
const site = suitePageSite();
const pages = (locale) => buildLocalePages(loadSiteData(site), locale).pages;
const en = pages('en')['suite-commit-modes'];

/** A page made with one more scenario in the suite (the loaded suite is shared: it is put back after). */
function withScenario(id, make) {
  const data = loadSiteData(site);
  const suite = data.suites.find((s) => s.id === 'commit-modes');
  const scenarios = suite.scenarios;
  suite.scenarios = [...scenarios, {...scenarios[0], id}];
  try {
    return make(data);
  } finally {
    suite.scenarios = scenarios;
  }
}

test('a published suite with no page written for it gets one, after the studies, named by its title', () => {
  const suites = ['pg-versions', 'commit-modes'].map((id) =>
    loadSuite(path.join(site, 'benchmarks', id, 'suite.yaml')),
  );
  const docs = sitePages(suites).map((p) => p.doc);
  assert.ok(docs.indexOf('suites/commit-modes') === docs.indexOf('methodology') - 1, docs.join(' '));
  // pg-versions is published, but has a page of its own.
  assert.equal(docs.filter((d) => d.startsWith('suites/')).length, 1);
  // A route of the data plugin, no document of its own, labelled by the suite's title.
  const page = sitePages(suites).find((p) => p.doc === 'suites/commit-modes');
  assert.deepEqual([page.id, page.route, page.label], ['suite-commit-modes', true, 'suites.commit-modes.title']);
});

test('every client count, scenario and workload is a group of its own, in the suite order', () => {
  assert.deepEqual(
    en.groups.map((g) => [g.id, g.title]),
    [
      ['short-tpcb-c1', 'tpcb, short, clients: 1'],
      ['short-tpcb-c2', 'tpcb, short, clients: 2'],
      ['short-counter-c1', 'counter, short, clients: 1'],
      ['short-counter-c2', 'counter, short, clients: 2'],
    ],
  );
  // The suite's first target is the baseline; each is named by the setting in which they differ. Without
  // per-transaction logs, pgbench's mean latency stands for the log's figures.
  assert.deepEqual(
    en.groups[0].table.columns.map((c) => c.label ?? c),
    ['Server', 'Transactions', 'TPS', 'Mean latency (ms)', 'Against PostgreSQL 17 (synchronous_commit on)'],
  );
  assert.deepEqual(
    en.groups[0].table.rows.map((r) => r.name),
    ['PostgreSQL 17 (synchronous_commit on)', 'PostgreSQL 17 (synchronous_commit off)'],
  );
});

test('each comparison is the one bench compare prints for the run, and each group says it', () => {
  // Five rounds, one after another: each group compared round by round, the geometric mean of the rounds' ratios
  // with a paired t interval (scipy, from the rounds' TPS): +28.09% (+16.00% … +41.44%) for tpcb with one client,
  // +73.5% (+46.6% … +105.3%) with two; the counter +124.7% (+103.3% … +148.4%) and +385.8% (+347.8% … +426.9%).
  const versus = (g) => g.table.rows[1].versus;
  assert.deepEqual(versus(en.groups[0]), {
    figure: 'percent',
    verdict: 'better',
    text: '+28%',
    lines: ['+16% to +41%', 'medians ×1.268', 'faster'],
  });
  assert.deepEqual([versus(en.groups[3]).text, versus(en.groups[3]).lines[0]], ['+386%', '+348% to +427%']);
  assert.deepEqual(
    en.statements.map((s) => [s.id, s.text]),
    [
      ['short-tpcb-c1', '28%', '+16% to +41%'],
      ['short-tpcb-c2', '74%', '+47% to +105%'],
      ['short-counter-c1', '125%', '+103% to +148%'],
      ['short-counter-c2', '386%', '+348% to +427%'],
    ].map(([id, change, interval]) => [
      id,
      'PostgreSQL 17 (synchronous_commit off) is faster than PostgreSQL 17 (synchronous_commit on) ' +
        `by ${change} (95% CI ${interval}, 5 runs each).`,
    ]),
  );
  assert.deepEqual(en.answer.initial, {target: 'sync-off', baseline: 'sync-on'});
  // Servers of one version: no note on a version at its own defaults; both orders there, the first view's with
  // the page, every pair on demand (for another baseline).
  assert.equal(en.answer.defaults, null);
  assert.deepEqual(
    en.answer.pairs.map((p) => `${p.target}/${p.baseline}`),
    ['sync-off/sync-on'],
  );
  assert.deepEqual(
    en.onDemand.pairs.map((p) => `${p.target}/${p.baseline}`),
    ['sync-off/sync-on', 'sync-on/sync-off'],
  );
});

test('instructions where the suite counted them, each group its own clients, as bench compare counts them', () => {
  // bench compare results/commit-modes-instructions-20261127T090839Z.json --baseline sync-on printed +7.906%
  // (+7.165% … +8.652%), worse, for the counter with one client, and +10.813% (+3.945% … +18.136%), worse, with
  // two: each group is its own clients' cells, never the two counts together.
  const counted = (g) => g.instructions?.table.rows.map((r) => r.versus.note ?? [r.versus.verdict, r.versus.text]);
  assert.deepEqual(en.groups.map(counted), [
    undefined,
    undefined,
    ['baseline', ['worse', '+7.9%']],
    ['baseline', ['worse', '+11%']],
  ]);
  assert.deepEqual(
    en.groups.map((g) => g.keys.instructions),
    [null, null, 'short/counter/c1', 'short/counter/c2'],
  );
  // The functions that changed, one table per group, loaded on demand.
  assert.deepEqual(Object.keys(en.onDemand.functions), ['short-counter-c1/sync-off', 'short-counter-c2/sync-off']);
  assert.equal(en.instructionsRun.id, 'commit-modes-instructions-20261127T090839Z');
});

test('servers, settings, scripts and commands come from the run', () => {
  assert.deepEqual(
    en.settings.differing.map((d) => [d.name, d.declared, d.values.map((v) => [v.value, v.servers.length])]),
    [
      [
        'synchronous_commit',
        true,
        [
          ['on', 1],
          ['off', 1],
        ],
      ],
    ],
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
  assert.equal(
    en.groups[2].commands,
    '# load the data (on each server, when a part of the run first needs it)\n' +
      'pgbench -i -q -s 1 -h 127.0.0.1 -p <port> -U suite postgres\n\n' +
      "# the workload's setup SQL (once per server)\n" +
      'psql -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p <port> -U suite -d postgres ' +
      '-f benchmarks/commit-modes/setup.sql\n\n' +
      '# measure (one repeat)\n' +
      'pgbench -n -c 1 -j 1 -T 2 -M prepared -P 1 -f benchmarks/commit-modes/counter.sql -h 127.0.0.1 -p <port> ' +
      '-U suite postgres',
  );
  // A built-in workload has no setup.
  assert.doesNotMatch(en.groups[0].commands, /setup SQL/);
  // One scenario: the overview's groups are named by workload and clients alone.
  assert.deepEqual(en.charts[0].x.categories, [
    'tpcb, clients: 1',
    'tpcb, clients: 2',
    'counter, clients: 1',
    'counter, clients: 2',
  ]);
});

test("in a language without the suite's words they are English, marked, and counted for the note", () => {
  assert.equal(en.inEnglish, null);
  assert.deepEqual(en.title, {text: 'Waiting for the WAL flush at commit'});
  const ja = pages('ja')['suite-commit-modes'];
  assert.deepEqual(ja.title, {text: 'Waiting for the WAL flush at commit', lang: 'en'});
  assert.deepEqual(ja.groups[2].about, [
    {term: 'ワークロード counter', text: {text: 'one UPDATE of one of 100 counters', lang: 'en'}},
    {term: 'シナリオ short', text: {text: 'scale 1, two seconds a run', lang: 'en'}},
  ]);
  // Title, description, two servers, two workloads, one scenario: every word of the suite the page shows.
  assert.equal(ja.inEnglish.count, 7);
  // Korean and Chinese have none of the suite's words either (the site tier reads the pages in English and Japanese).
  for (const locale of ['ko', 'zh-Hans']) assert.equal(pages(locale)['suite-commit-modes'].inEnglish.count, 7);
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

test('a scenario of the suite that the newest runs left out is named above the figures, and where its runs are', () => {
  assert.equal(en.unmeasured, null);
  const page = withScenario('long', (data) => buildLocalePages(data, 'en').pages['suite-commit-modes']);
  // The suite has no words for the new scenario: its id names it; no run in results/ measured it.
  assert.deepEqual(page.unmeasured, {
    scenarios: [
      {id: 'long', text: 'long: in this suite, but not measured by any of its runs in results/.', history: false},
    ],
    link: 'History',
  });
  assert.deepEqual(
    page.groups.map((g) => g.id),
    en.groups.map((g) => g.id),
  );
});

test('a scenario an earlier run measured is named with that run, its date and a link to History', () => {
  const page = withScenario('long', (data) => {
    // An earlier run of the suite that measured only 'long': its cells renamed, started a day before the newest.
    const earlier = structuredClone(data.results.find((r) => r.run.suite === 'commit-modes'));
    earlier.run.id = 'commit-modes-20261126T182739Z';
    earlier.run.startedAt = '2026-11-26T18:27:39.000Z';
    for (const c of earlier.cells) c.scenario = 'long';
    data.results.push(earlier);
    return buildLocalePages(data, 'en').pages['suite-commit-modes'];
  });
  assert.deepEqual(page.unmeasured.scenarios, [
    {
      id: 'long',
      text:
        'long: in this suite, but not measured by its newest runs, so not on this page. The newest run that ' +
        'measured it (commit-modes-20261126T182739Z of November 26, 2026, made with the runner of that day) is on ' +
        'the page:',
      history: true,
    },
  ]);
});

test("each server has one colour on every chart of the page: the overview, each group's and the instructions'", () => {
  // sync-on first, sync-off second: the overview's series 0 and 1 (their colours, chart-config.mjs seriesStyle).
  const [overview] = en.charts;
  assert.deepEqual(
    overview.series.map((s) => [s.label, s.style]),
    [
      ['PostgreSQL 17 (synchronous_commit on)', 0],
      ['PostgreSQL 17 (synchronous_commit off)', 1],
    ],
  );
  for (const g of en.groups) {
    const [medians, ...others] = g.charts;
    assert.deepEqual(medians.series[0].pointStyles, [0, 1], `${g.id}: one bar per server, each its colour`);
    for (const chart of others)
      assert.deepEqual(
        chart.series.map((s) => s.style),
        [0, 1],
        chart.id,
      );
    for (const chart of g.instructions?.charts ?? []) assert.deepEqual(chart.series[0].pointStyles, [0, 1], chart.id);
  }
});
