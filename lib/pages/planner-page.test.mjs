import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {plannerPage} from './planner-page.mjs';
import {plannerRun, publishedStudy, siteDir, translator} from '../../test/helpers/fixtures.mjs';

test('each case compares every version with the oldest, from the medians of the repeats', () => {
  const result = plannerRun();
  const data = plannerPage(result, {locale: 'en', t: translator('en')});
  assert.equal(data.focus, '17');
  assert.equal(data.baseline, 'PostgreSQL 16');
  assert.deepEqual(
    data.cases.map((c) => c.id),
    ['cte-sorted-unique', 'correlated-in', 'group-by-order', 'range-contains'],
  );
  // Each case's own planner settings, as its session ran them, for the prose.
  assert.deepEqual(
    data.cases.map((c) => c.session),
    ['max_parallel_workers_per_gather = 0', '', 'enable_hashagg = off, max_parallel_workers_per_gather = 0', ''],
  );
  // By hand from the fixture: cte-sorted-unique pg16 7.24, 7.41, 8.17 TPS and pg17 36.26, 37.25, 39.76: the
  // medians' ratio 37.25 / 7.414 = 5.024; the change's own estimate, the median of the nine pairs' ratios,
  // 5.007: "5.0 times", +401%.
  assert.deepEqual(
    data.cases.map((c) => [
      c.rows[0].figures.tps.text,
      c.rows[1].figures.tps.text,
      c.rows[1].comparison.ratioText,
      c.rows[1].comparison.mediansText,
      c.rows[1].comparison.changeText,
    ]),
    [
      ['7.41', '37.3', '5.0', '5.024', '+401%'],
      ['25.1', '205', '8.2', '8.169', '+717%'],
      ['26.7', '126', '4.7', '4.72', '+372%'],
      ['1,586', '11,708', '7.4', '7.384', '+638%'],
    ],
  );
  for (const c of data.cases) {
    assert.equal(c.rows[0].comparison, null);
    // Three repeats a side: no test can decide, whatever the medians.
    assert.equal(c.rows[1].comparison.verdict, 'inconclusive');
    assert.deepEqual(
      c.plans.map((p) => p.target),
      ['pg16', 'pg17', 'pg18'],
    );
    assert.ok(c.plans.every((p) => p.plan.includes('Execution Time')));
    assert.match(c.sql, /SELECT/);
  }
});

test('the speedup chart has the baseline at one and a whisker per version', () => {
  const data = plannerPage(plannerRun(), {locale: 'ja', t: translator('ja')});
  const [chart] = data.charts;
  assert.equal(chart.image, '/charts/planner-speedup.png');
  assert.deepEqual(
    chart.series.map((s) => s.label),
    ['PostgreSQL 16', 'PostgreSQL 17', 'PostgreSQL 18'],
  );
  assert.ok(chart.series[0].points.every((p) => p.y === 1 && p.low === undefined));
  for (const [i, p] of chart.series[1].points.entries()) assert.equal(p.y, data.cases[i].rows[1].comparison.ratio);
  assert.match(chart.y.ticks[1].label, /倍$/);
});

test("the study's figures beside each case: parsed from its outputs, speedups computed, its own words kept", () => {
  const study = publishedStudy('pg17-planner');
  const data = plannerPage(plannerRun(), {locale: 'en', t: translator('en'), study});
  const cte = data.cases.find((c) => c.id === 'cte-sorted-unique').published;
  assert.deepEqual(
    cte.rows.map((r) => [r.name, r.version, r.tps, r.latencyAvg, r.executionMs, r.tpsRatio, r.executionRatio]),
    [
      ['PostgreSQL 16', '16.12', '6.09', '657', '227', null, null],
      // 22.166874 / 6.088136 = 3.64; 226.904 / 68.511 = 3.31: from the printed figures.
      ['PostgreSQL 17', '17.8', '22.2', '180', '68.5', '3.6', '3.3'],
    ],
  );
  assert.deepEqual(cte.stated, {tps: '3.6', execution: '3.3'});
  // "About 12 times" is written as the post wrote it, not as 12.0.
  assert.equal(data.cases.find((c) => c.id === 'correlated-in').published.stated.execution, '12');
  // Three repeats a side: our runs cannot confirm the study's "faster".
  assert.ok(data.cases.every((c) => c.agreement.outcome === 'cannotTell' && c.agreement.claim === 'faster'));
  assert.equal(data.study.machine.instance, 't3.micro');
});

test('an A/A control is kept out of the rows, the plans and the chart, and shown apart against its twin', () => {
  const result = plannerRun();
  const twins = result.cells.filter((c) => c.target === 'pg16' && c.workload === 'range-contains');
  result.cells.push(...twins.map((c) => ({...structuredClone(c), id: `aa-${c.id}`, target: 'pg16-aa'})));
  const pg16 = result.environment.targets.find((x) => x.id === 'pg16');
  result.environment.targets.push({...pg16, id: 'pg16-aa', controlOf: 'pg16'});
  result.plans.push(...result.plans.filter((p) => p.target === 'pg16').map((p) => ({...p, target: 'pg16-aa'})));
  const data = plannerPage(result, {locale: 'en', t: translator('en')});
  const range = data.cases.find((c) => c.id === 'range-contains');
  assert.deepEqual(
    range.rows.map((r) => r.target),
    ['pg16', 'pg17', 'pg18'],
  );
  assert.deepEqual(
    range.plans.map((p) => p.target),
    ['pg16', 'pg17', 'pg18'],
  );
  assert.equal(range.control.target, 'pg16-aa');
  assert.equal(range.control.name, 'PostgreSQL 16 (second server, A/A)');
  // The same figures twice: no change at all, but three runs a side cannot show it.
  assert.equal(range.control.changeText, '0%');
  assert.equal(range.control.verdict, 'inconclusive');
  assert.equal(data.cases.find((c) => c.id === 'cte-sorted-unique').control, null);
  assert.deepEqual(
    data.charts[0].series.map((s) => s.label),
    ['PostgreSQL 16', 'PostgreSQL 17', 'PostgreSQL 18'],
  );
});

test("each case says whether pgbench ran the article's script: the same, another (both shown), or not recorded", () => {
  const study = publishedStudy('pg17-planner');
  const result = plannerRun();
  const scriptOfCase = (r, id) =>
    plannerPage(r, {locale: 'en', t: translator('en'), study}).cases.find((c) => c.id === id).script;
  const article = study.scripts.find((s) => s.workload === 'correlated-in').sql;
  // Before results kept their scripts: known when the plan captured was of the script's own file.
  assert.deepEqual(scriptOfCase(result, 'correlated-in'), {
    ran: 'SELECT * FROM t_corr_c c WHERE c1 IN (SELECT c1 FROM t_corr_d d WHERE c.c2 = d.c2)',
    article,
    same: false,
  });
  assert.deepEqual(scriptOfCase({...result, plans: []}, 'correlated-in'), {ran: null, article, same: null});
  // As the runner records them from now on: the article's count, spelt differently; and the rows instead.
  result.scripts = [
    {
      workload: 'range-contains',
      file: 'range/query.sql',
      sql:
        "-- The article's pgbench script: the count.\n/* a block\n comment */ select count(*)  from t_range " +
        "WHERE tsrange('-infinity', '2023-06-15'::timestamp, '()') @> ts -- trailing",
    },
    {
      workload: 'correlated-in',
      file: 'correlated-in/query.sql',
      sql: 'SELECT * FROM t_corr_c c WHERE c1 IN (SELECT c1 FROM t_corr_d d WHERE c.c2 = d.c2);',
    },
  ];
  assert.equal(scriptOfCase(result, 'range-contains').same, true);
  assert.equal(scriptOfCase(result, 'correlated-in').same, false);
  // A -- inside a quoted string is SQL, not a comment: changing it changes the script.
  result.scripts[0].sql = result.scripts[0].sql.replace("'()'", "'--'");
  assert.equal(scriptOfCase(result, 'range-contains').same, false);
  // The committed case files, as the runner records them (comments and all), are the article's.
  result.scripts = ['range-contains', 'correlated-in'].map((workload) => {
    const file = {'range-contains': 'range/query.sql', 'correlated-in': 'correlated-in/query.sql'}[workload];
    return {workload, file, sql: readFileSync(path.join(siteDir, 'benchmarks/pg17-planner', file), 'utf8')};
  });
  assert.equal(scriptOfCase(result, 'range-contains').same, true);
  assert.equal(scriptOfCase(result, 'correlated-in').same, true);
});
