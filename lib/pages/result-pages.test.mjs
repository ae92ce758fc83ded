// The pages written for a suite (Versions, Planner, Quick run), each the suite page with what it declares as its
// own: its words, its first view, its study and plans. Expected figures are worked out by hand from the committed
// fixture runs (test/fixtures/results/), never by the code under test.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  interleavedRun,
  plannerRun,
  publishedStudy,
  quickRun,
  resultPage,
  siteDir,
  versionsRun,
} from '../../test/helpers/fixtures.mjs';
import {bucketProgress} from './group-charts.mjs';
import {SITE_PAGES} from './site-pages.mjs';
import {WRITTEN_PAGES} from './result-pages.mjs';
import {WRITTEN_FOR} from '../suites/site-suites.mjs';

const rows = (group) =>
  group.table.rows.map((r) => [r.target, ...r.cells.map((c) => c.text), r.versus.text ?? r.versus.note]);

test('the pages written for a suite are the suites the site names, in the navigation where they stand', () => {
  assert.deepEqual(Object.keys(WRITTEN_PAGES).sort(), [...WRITTEN_FOR].sort());
  assert.deepEqual(
    SITE_PAGES.map((p) => p.doc),
    [
      'index',
      'managed-postgres',
      'services',
      'pg-versions',
      'pg17-planner',
      'methodology',
      'runs',
      'history',
      'quick-run',
      'translating',
    ],
  );
});

test('Versions: a group per scenario and workload, a row per version, its repeats’ median and spread', async () => {
  const data = await resultPage('pg-versions', versionsRun());
  assert.deepEqual([data.title, data.values.versions], ['PostgreSQL 15–18 side by side', '15–18']);
  assert.deepEqual(
    data.groups.map((g) => [g.id, g.title]),
    [
      ['small-tpcb', "Small data set, one connection: TPC-B-like (pgbench's default)"],
      ['large-tpcb', "Large data set, many connections: TPC-B-like (pgbench's default)"],
    ],
  );
  // By hand from the fixture's repeats: small pg15 210.09, 240.12, 424.14 TPS; pg16 186.70, 444.71, 539.12; large
  // pg15's p99 of its middle repeat 20.5 ms (its log: 20,494 µs). The change is the Hodges–Lehmann estimate (the
  // median of the nine pairs' ratios, 1.271 for 16 in the small group); the medians' ratio (444.71 / 240.12) apart.
  const [small] = data.groups;
  assert.deepEqual(
    small.table.columns.map((c) => c.label ?? c),
    ['Version', 'Transactions', 'TPS', 'Min (ms)', 'Max (ms)', 'p95 (ms)', 'p99 (ms)', 'Against PostgreSQL 15'],
  );
  assert.deepEqual(rows(small).slice(0, 2), [
    ['pg15', '4,801', '240', '0.448', '157', '11.3', '20.5', 'baseline'],
    ['pg16', '8,896', '445', '0.452', '96.4', '4.4', '9.9', '+27.1%'],
  ]);
  assert.deepEqual(small.table.rows[1].cells[1], {figure: 'tps', text: '445', spread: '187–539'});
  assert.deepEqual(small.table.rows[1].versus.lines, ['medians ×1.852', 'cannot tell']);
  // Three runs a side: no test can decide, said once for them all, with the medians (pg15's 240.12 and pg16's
  // 444.71 above; pg17's and pg18's by hand too: 575.66 and 542.75).
  assert.equal(
    small.statement,
    'Medians of 3 runs each, in transactions a second: PostgreSQL 16 (445), PostgreSQL 17 (576), and ' +
      'PostgreSQL 18 (543), against PostgreSQL 15 (240). With so few runs no test can tell them apart: this page ' +
      'draws no conclusion from the difference.',
  );
  assert.match(small.intro[0], /^A single client sends one transaction after another/);
  assert.equal(
    small.parameters,
    'Workload tpcb-like at scale 50. Clients: 1; pgbench threads: 1; each repeat lasts 20 s; repeats per version: 3.',
  );
});

test('Versions: its charts, named after the page, credited in its language', async () => {
  const result = versionsRun();
  const [tps, latency, progress] = (await resultPage('pg-versions', result)).groups[0].charts;
  // The small group's repeats, median and range per version (the fixture's raw TPS, 240.115059 and so on),
  // drawn to four significant digits; the words keep the tables' rounding.
  assert.deepEqual(
    tps.series[0].points.map((p) => [p.y, p.low, p.high]),
    [
      [240.1, 210.1, 424.1],
      [444.7, 186.7, 539.1],
      [575.7, 320, 597.1],
      [542.8, 474.9, 568.7],
    ],
  );
  assert.equal(tps.image, '/charts/pg-versions-small-tpcb-tps.png');
  assert.deepEqual(latency.x.categories, ['p50', 'p90', 'p95', 'p99']);
  assert.deepEqual([latency.series.length, progress.series.length], [4, 4]);
  const ja = await resultPage('pg-versions', result, {locale: 'ja'});
  for (const chart of [...ja.groups.flatMap((g) => g.charts), ...ja.charts]) {
    for (const part of ['PostgreSQL ベンチマークガイド', result.run.id, '2026年11月22日'])
      assert.ok(chart.imageCredit.includes(part), `${chart.id}: "${chart.imageCredit}" lacks ${part}`);
  }
  const progressOf = Array.from({length: 600}, (_, i) => ({timeS: i + 1, tps: i % 2 ? 100 : 200}));
  assert.deepEqual(bucketProgress(progressOf)[0], {from: 1, to: 30, tps: 150});
  assert.equal(bucketProgress(progressOf).length, 20);
});

test('Versions: one repeat changed changes its median, the comparison, the statement and the chart', async () => {
  const before = await resultPage('pg-versions', versionsRun());
  const edited = versionsRun();
  // PostgreSQL 16's small repeats: the middle one and the fastest made the fastest of all.
  const cells = edited.cells.filter((c) => c.scenario === 'small' && c.target === 'pg16');
  cells.sort((a, b) => a.summary.tps - b.summary.tps);
  cells[1].summary.tps = 5000;
  cells[2].summary.tps = 6000;
  const after = await resultPage('pg-versions', edited);
  assert.equal(after.groups[0].table.rows[1].cells[1].text, '5,000');
  assert.notEqual(after.groups[0].table.rows[1].versus.text, before.groups[0].table.rows[1].versus.text);
  assert.equal(after.groups[0].charts[0].series[0].points[1].y, 5000);
  assert.deepEqual(after.groups[1], before.groups[1]);
});

test('Versions: every language its own notation; a pre-release named as it names itself', async () => {
  const result = versionsRun();
  const ko = await resultPage('pg-versions', result, {locale: 'ko'});
  assert.deepEqual(rows(ko.groups[1])[0], ['pg15', '43,125', '2,152', '0.444', '111', '19.8', '28.2', '기준']);
  const renamed = versionsRun();
  renamed.environment.targets[0].serverVersion = '18beta1';
  renamed.environment.targets.at(-1).serverVersion = '19devel';
  const data = await resultPage('pg-versions', renamed);
  const names = data.groups[0].table.rows.map((r) => r.name);
  assert.ok(names.includes('PostgreSQL 18beta1') && names.includes('PostgreSQL 19devel'), names.join(', '));
  assert.ok(!JSON.stringify(data).includes('NaN'));
  assert.match(data.values.versions, /–19devel$/);
});

test('Versions: an interleaved run, oldest first, the A/A apart, the study beside, from the result', async () => {
  const result = interleavedRun();
  const data = await resultPage('pg-versions', result, {study: publishedStudy('pg-versions')});
  const [group] = data.groups;
  // The runner met pg17 first (its shuffled first round); the page still starts from the oldest.
  assert.equal(result.cells[0].target, 'pg17');
  assert.deepEqual(
    group.table.rows.map((r) => r.target),
    ['pg15', 'pg16', 'pg17', 'pg18'],
  );
  // Six rounds, one after another: compared round by round. The control's paired t interval, -5.28% to +11.68%
  // (scipy, from the rounds' log ratios), written to the precision its width supports.
  assert.deepEqual([group.control.target, group.control.verdict], ['pg15-aa', 'inconclusive']);
  assert.match(group.control.text, /the change lies somewhere between -5% and \+12%\./);
  // Six rounds a side at a 3% margin: every interval reaches past ±3%, so the study's "no large difference" can
  // be neither confirmed nor contradicted; its own figures, as it printed them, beside ours.
  assert.deepEqual(
    group.table.rows.slice(1).map((r) => r.versus.lines[0]),
    // Holm's level 98.33% for each (scipy): -17.5% to +16.4%, -14.5% to +12.8%, -43.0% to +24.5%.
    ['-17% to +16%', '-15% to +13%', '-43% to +24%'],
  );
  assert.equal(group.study.agreement.outcome, 'cannotTell');
  assert.deepEqual(
    group.study.table.rows.map((r) => r.cells[1].text),
    ['439', '390', '413', '442'],
  );
  assert.match(data.study.text, /Rocky Linux 9\.6/);
  assert.match(
    data.facts.method.text,
    /^Order: 6 rounds; in each, every server ran once, in an order shuffled anew from seed 154226049,/,
  );
});

test('Versions: a version built otherwise than the first is shown, not compared; one of its version is', async () => {
  const result = versionsRun();
  const build = (id, cflags) => {
    result.environment.targets.find((t) => t.id === id).build = {cc: 'gcc', cflags, configure: '', jit: false};
  };
  for (const id of ['pg15', 'pg16', 'pg17']) build(id, '-Os');
  build('pg18', '-O2');
  const [small] = (await resultPage('pg-versions', result)).groups;
  assert.deepEqual(
    small.table.rows.map((r) => [r.target, r.versus.note ?? r.versus.verdict]),
    [
      ['pg15', 'baseline'],
      ['pg16', 'inconclusive'],
      ['pg17', 'inconclusive'],
      ['pg18', 'another build: not compared'],
    ],
  );
});

test('Planner: each case against the oldest as times the throughput, its plans, the study beside it', async () => {
  const data = await resultPage('pg17-planner', plannerRun(), {study: publishedStudy('pg17-planner')});
  assert.deepEqual([data.title, data.values.version], ['Planner improvements in PostgreSQL 17', '17']);
  assert.deepEqual(
    data.groups.map((g) => g.id),
    ['cte-sorted-unique', 'correlated-in', 'group-by-order', 'range-contains'],
  );
  // By hand: cte-sorted-unique pg16 7.24, 7.41, 8.17 TPS, pg17 36.26, 37.25, 39.76: the medians' ratio 5.024, the
  // change's own estimate (the median of the nine pairs' ratios) 5.007: "5.0×".
  assert.deepEqual(
    data.groups.map((g) => [
      g.table.rows[0].cells[1].text,
      ...g.table.rows[1].cells.slice(1, 2).map((c) => c.text),
      g.table.rows[1].versus.text,
      g.table.rows[1].versus.lines[0],
    ]),
    [
      ['7.41', '37.3', '5.0×', 'medians ×5.024'],
      ['25.1', '205', '8.2×', 'medians ×8.169'],
      ['26.7', '126', '4.7×', 'medians ×4.72'],
      ['1,586', '11,708', '7.4×', 'medians ×7.384'],
    ],
  );
  const [cte] = data.groups;
  assert.equal(
    cte.intro[1],
    'This case sets, for its session only: max_parallel_workers_per_gather = 0. The plans ' +
      'and figures below are measured with these settings on every version.',
  );
  assert.deepEqual(
    cte.plans.plans.map((p) => p.target),
    ['pg16', 'pg17', 'pg18'],
  );
  assert.ok(cte.plans.plans.every((p) => p.plan.includes('Execution Time')));
  // The study's printed figures, its speedups computed from them: 22.166874 / 6.088136 = 3.64, 226.904 / 68.511 =
  // 3.31; and "about 12 times" as the post wrote it, not 12.0.
  assert.deepEqual(
    cte.study.table.rows.map((r) => [
      ...r.cells.map((c) => c.text),
      r.versus.text ?? r.versus.note,
      ...(r.versus.lines ?? []),
    ]),
    [
      ['6.09', '657', '227', 'baseline'],
      ['22.2', '180', '68.5', '3.6×', 'plan 3.3× as fast'],
    ],
  );
  assert.equal(
    data.groups[1].study.stated,
    'The study itself states about 13.6× for TPS and about 12× for execution time.',
  );
  assert.ok(data.groups.every((g) => g.study.agreement.outcome === 'cannotTell'));
});

test('Planner: an A/A control is kept out of the rows and the plans, and shown apart against its twin', async () => {
  const result = plannerRun();
  const twins = result.cells.filter((c) => c.target === 'pg16' && c.workload === 'range-contains');
  result.cells.push(...twins.map((c) => ({...structuredClone(c), id: `aa-${c.id}`, target: 'pg16-aa'})));
  const pg16 = result.environment.targets.find((x) => x.id === 'pg16');
  result.environment.targets.push({...pg16, id: 'pg16-aa', controlOf: 'pg16'});
  result.plans.push(...result.plans.filter((p) => p.target === 'pg16').map((p) => ({...p, target: 'pg16-aa'})));
  const range = (await resultPage('pg17-planner', result)).groups.find((g) => g.id === 'range-contains');
  assert.deepEqual(
    [range.table.rows.map((r) => r.target), range.plans.plans.map((p) => p.target)],
    [
      ['pg16', 'pg17', 'pg18'],
      ['pg16', 'pg17', 'pg18'],
    ],
  );
  // The same figures twice: no change at all, but three runs a side cannot show it.
  assert.equal(range.control.verdict, 'inconclusive');
  assert.match(range.control.text, /^PostgreSQL 16 \(second server, A\/A\) is a second server of the same version/);
});

test("Planner: each case says whether pgbench ran the article's script, or another", async () => {
  const study = publishedStudy('pg17-planner');
  const result = plannerRun();
  const scriptOf = async (r, id) =>
    (await resultPage('pg17-planner', r, {study})).groups.find((g) => g.id === id).plans?.script;
  const article = study.scripts.find((s) => s.workload === 'correlated-in').sql;
  // Before results kept their scripts: known when the plan captured was of the script's own file.
  assert.deepEqual(await scriptOf(result, 'correlated-in'), {
    kind: 'differs',
    text: "pgbench ran this script, which is not the article's:",
    ran: 'SELECT * FROM t_corr_c c WHERE c1 IN (SELECT c1 FROM t_corr_d d WHERE c.c2 = d.c2)',
    article,
    articleText: "The article's script:",
  });
  const runs = ['range-contains', 'correlated-in'].map((workload) => {
    const file = {'range-contains': 'range/query.sql', 'correlated-in': 'correlated-in/query.sql'}[workload];
    return {workload, file, sql: readFileSync(path.join(siteDir, 'benchmarks/pg17-planner', file), 'utf8')};
  });
  // The committed case files, as the runner records them (comments and all), are the article's.
  assert.equal((await scriptOf({...result, scripts: runs}, 'range-contains')).kind, 'same');
  // A -- inside a quoted string is SQL, not a comment: changing it changes the script.
  runs[0].sql = runs[0].sql.replace("'()'", "'--'");
  assert.equal((await scriptOf({...result, scripts: runs}, 'range-contains')).kind, 'differs');
});

test('Quick run: a group per workload and client count, the newest server against the oldest', async () => {
  const data = await resultPage('quick', quickRun());
  assert.deepEqual(
    data.groups.map((g) => g.id),
    ['small-select-only-c1', 'small-select-only-c4', 'small-tpcb-like-c1', 'small-tpcb-like-c4'],
  );
  // The first group's pg17 repeats: 5390.9, 6768.3 and 7040.5 TPS.
  assert.deepEqual(
    data.groups.map((g) => g.table.rows.map((r) => `${r.cells[1].text} ${r.cells[1].spread}`)),
    [
      ['6,768 5,391–7,040', '5,658 4,047–5,891'],
      ['43,586 35,593–44,472', '38,680 38,370–40,942'],
      ['743 698–766', '705 652–718'],
      ['2,213 1,940–2,286', '2,175 2,136–2,176'],
    ],
  );
  assert.deepEqual(data.answer.initial, {target: 'pg18', baseline: 'pg17'});
  assert.equal(
    data.answer.pairs[0].sentence,
    'PostgreSQL 18 against PostgreSQL 17. Throughput: undecided in all 4, with too few runs for any test.',
  );
  assert.match(data.caveat, /^Each repeat lasted only 3 s/);
  assert.equal(data.charts[0].image, '/charts/quick-run-tps.png');
});

test('Quick run: without a run, how to make one; a server that never started, named by its id', async () => {
  const none = await resultPage('quick', null);
  assert.deepEqual(none.noRun, {
    text:
      'There is no quick run in results/ yet. Either of these makes one; once the site is rebuilt, this page ' +
      'shows it.',
    commands: 'npm start\n\nnpm run bench -- run quick\nnpm run build',
  });
  const result = quickRun();
  const [first] = result.environment.targets;
  result.environment.targets[0] = {
    id: first.id,
    kind: first.kind,
    serverVersion: null,
    serverVersionFull: null,
    error: {kind: 'connection', message: 'PostgreSQL 17: initdb failed'},
  };
  for (const c of result.cells.filter((x) => x.target === first.id)) {
    Object.assign(c, {status: 'failed', summary: null, error: {kind: 'connection', message: 'initdb failed'}});
  }
  const data = await resultPage('quick', result);
  assert.equal(data.answer, null);
  assert.deepEqual(
    data.groups.map((g) => g.table.rows.map((r) => [r.name, r.cells[1].text, r.versus.text ?? r.versus.note])),
    [
      [
        ['PostgreSQL 18', '5,658', 'baseline'],
        ['PostgreSQL pg17', '—', '—'],
      ],
      [
        ['PostgreSQL 18', '38,680', 'baseline'],
        ['PostgreSQL pg17', '—', '—'],
      ],
      [
        ['PostgreSQL 18', '705', 'baseline'],
        ['PostgreSQL pg17', '—', '—'],
      ],
      [
        ['PostgreSQL 18', '2,175', 'baseline'],
        ['PostgreSQL pg17', '—', '—'],
      ],
    ],
  );
});
