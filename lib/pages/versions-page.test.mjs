import {test} from 'node:test';
import assert from 'node:assert/strict';
import {interleavedRun, publishedStudy, translator, versionsRun} from '../../test/helpers/fixtures.mjs';
import {compareRun} from '../model/comparisons.mjs';
import {bucketProgress} from './versions-charts.mjs';
import {versionsPage} from './versions-page.mjs';

const page = (result, locale = 'en') => versionsPage(result, {locale, t: translator(locale)});

test('each comparison group has a row per version with the median and spread of its repeats', () => {
  const result = versionsRun();
  const data = page(result);
  assert.equal(data.versions, '15–18');
  assert.deepEqual(
    data.groups.map((s) => [s.id, s.scenario, s.workload, s.title]),
    [
      ['small-tpcb', 'small', 'tpcb', "Small data set, one connection: TPC-B-like (pgbench's default)"],
      ['large-tpcb', 'large', 'tpcb', "Large data set, many connections: TPC-B-like (pgbench's default)"],
    ],
  );
  // By hand from the fixture's repeats: small pg15 210.09, 240.12, 424.14 TPS; pg16 186.70, 444.71, 539.12;
  // large pg15 1882.2, 2152.4, 2245.1; pg16 2209.1, 2304.7, 2414.5.
  assert.deepEqual(
    data.groups.map((s) => s.rows.map((r) => [r.figures.tps.text, r.figures.tps.spread])),
    [
      [
        ['240', '210–424'],
        ['445', '187–539'],
        ['576', '320–597'],
        ['543', '475–569'],
      ],
      [
        ['2,152', '1,882–2,245'],
        ['2,305', '2,209–2,414'],
        ['2,335', '2,086–2,434'],
        ['2,144', '2,049–2,397'],
      ],
    ],
  );
  // "× as fast" states the change's own estimate (the median of the nine pairs' ratios: 1.271 in the small
  // group); the ratio of the medians (444.71 / 240.12 = 1.852) is told apart.
  assert.deepEqual(
    data.groups.map((s) => [s.rows[1].comparison.ratioText, s.rows[1].comparison.mediansText]),
    [
      ['1.3', '1.852'],
      ['1.1', '1.071'],
    ],
  );
  for (const s of data.groups) {
    assert.deepEqual(
      s.rows.map((r) => r.name),
      ['PostgreSQL 15', 'PostgreSQL 16', 'PostgreSQL 17', 'PostgreSQL 18'],
    );
    for (const row of s.rows) assert.deepEqual(Object.keys(row.figures), ['count', 'tps', 'min', 'max', 'p95', 'p99']);
    assert.equal(s.rows[0].comparison, null);
    // Three repeats a side: every comparison is undecided, and the finding says so for each version.
    assert.ok(s.rows.slice(1).every((r) => r.comparison.verdict === 'inconclusive' && r.comparison.low === null));
    assert.deepEqual(
      s.findings.map((f) => [f.name, f.base, f.verdict]),
      s.rows.slice(1).map((r) => [r.name, 'PostgreSQL 15', 'inconclusive']),
    );
    // No test can decide at 3 runs a side: one sentence says so for them all.
    assert.deepEqual(s.undecidable, {
      name: 'PostgreSQL 16, PostgreSQL 17, and PostgreSQL 18',
      base: 'PostgreSQL 15',
      runs: '3',
    });
  }
});

test('latencies come from the transaction logs, in milliseconds', () => {
  const result = versionsRun();
  const row = page(result).groups[1].rows[0];
  const p99s = result.cells
    .filter((c) => c.scenario === 'large' && c.target === 'pg15')
    .map((c) => c.log.latencyUs.p99 / 1000)
    .sort((a, b) => a - b);
  assert.equal(row.figures.p99.median, p99s[1]);
});

test('charts: throughput bars with whiskers, percentiles per version, the median repeat over time', () => {
  const result = versionsRun();
  const [tps, latency, progress] = page(result).groups[0].charts;
  // The small group's repeats, median and range per version (the fixture's raw TPS).
  assert.deepEqual(
    tps.series[0].points.map((p) => [p.y, p.low, p.high]),
    [
      [240.115059, 210.08664, 424.138894],
      [444.711169, 186.7007, 539.118441],
      [575.663006, 320.027998, 597.114459],
      [542.75091, 474.875268, 568.708435],
    ],
  );
  assert.equal(tps.image, '/charts/versions-small-tpcb-tps.png');
  assert.deepEqual(latency.x.categories, ['p50', 'p90', 'p95', 'p99']);
  assert.equal(latency.series.length, 4);
  assert.equal(progress.series.length, 4);
  assert.ok(progress.series.every((s) => s.points.length >= 15));
  assert.ok(tps.y.ticks.at(-1).value >= 597.114459);
});

test('each chart image names the site, the run and its date, in the page’s language', () => {
  const result = versionsRun();
  const ja = versionsPage(result, {locale: 'ja', t: translator('ja')});
  for (const chart of ja.groups.flatMap((g) => g.charts)) {
    for (const part of [translator('ja')('site.title'), result.run.id, '2026年11月22日'])
      assert.ok(chart.imageCredit.includes(part), `${chart.id}: "${chart.imageCredit}" lacks ${part}`);
  }
});

test('changing one repeat changes its median, the comparisons, the finding and the chart', () => {
  const before = page(versionsRun());
  const edited = versionsRun();
  // The middle repeat of PostgreSQL 16, small: make it the fastest of all.
  const cells = edited.cells.filter((c) => c.scenario === 'small' && c.target === 'pg16');
  const middle = cells.sort((a, b) => a.summary.tps - b.summary.tps)[1];
  middle.summary.tps = 5000;
  cells[2].summary.tps = 6000;
  const after = page(edited);
  const row = (p) => p.groups[0].rows[1];
  assert.notEqual(row(after).figures.tps.text, row(before).figures.tps.text);
  assert.equal(row(after).figures.tps.text, '5,000');
  assert.notEqual(row(after).comparison.changeText, row(before).comparison.changeText);
  assert.equal(after.groups[0].findings[0].changeText, row(after).comparison.changeText);
  assert.equal(after.groups[0].charts[0].series[0].points[1].y, 5000);
  // The other group is untouched.
  assert.deepEqual(after.groups[1], before.groups[1]);
});

test('every locale gets the same numbers in its own words and notation', () => {
  const result = versionsRun();
  const en = page(result, 'en');
  for (const locale of ['ja', 'ko', 'zh-Hans']) {
    const other = page(result, locale);
    assert.deepEqual(
      other.groups.map((s) => s.rows.map((r) => r.figures.tps.median)),
      en.groups.map((s) => s.rows.map((r) => r.figures.tps.median)),
    );
    assert.notEqual(other.groups[0].charts[0].title, en.groups[0].charts[0].title);
  }
});

test('long runs are averaged into at most MAX_POINTS points per line', () => {
  const progress = Array.from({length: 600}, (_, i) => ({timeS: i + 1, tps: i % 2 ? 100 : 200}));
  const buckets = bucketProgress(progress);
  assert.equal(buckets.length, 20);
  assert.deepEqual(buckets[0], {from: 1, to: 30, tps: 150});
  assert.equal(buckets.at(-1).to, 600);
  assert.deepEqual(
    bucketProgress(progress.slice(0, 20)).map((b) => b.from),
    progress.slice(0, 20).map((p) => p.timeS),
  );
});

test('a pre-release server is named as it gives its version, never "PostgreSQL NaN"', () => {
  const result = versionsRun();
  const [first, last] = [result.environment.targets[0], result.environment.targets.at(-1)];
  first.serverVersion = '18beta1';
  last.serverVersion = '19devel';
  const data = page(result);
  const names = data.groups[0].rows.map((r) => r.name);
  assert.ok(names.includes('PostgreSQL 18beta1') && names.includes('PostgreSQL 19devel'), names.join(', '));
  assert.ok(!JSON.stringify(data).includes('NaN'));
  assert.match(data.versions, /–19devel$/);
});

test('an interleaved run: versions oldest first, the A/A control apart, the study beside, all from the result', () => {
  const result = interleavedRun();
  const study = publishedStudy('pg-versions');
  const data = versionsPage(result, {locale: 'en', t: translator('en'), study});
  assert.equal(data.versions, '15–18', 'the control is no version of its own');
  assert.equal(data.margin, '3%', "the margin the run recorded, not today's suite");
  const [group] = data.groups;
  assert.equal(data.groups.length, 1);
  // The runner met pg17 first (its shuffled first round); the page still starts from the oldest.
  assert.equal(result.cells[0].target, 'pg17');
  assert.deepEqual(
    group.rows.map((r) => r.target),
    ['pg15', 'pg16', 'pg17', 'pg18'],
  );
  const aa = compareRun(result).list.find((c) => c.control && c.metric === 'tps');
  assert.equal(group.control.target, 'pg15-aa');
  assert.equal(group.control.base, 'PostgreSQL 15');
  assert.equal(group.control.verdict, 'inconclusive');
  assert.equal(aa.verdict, 'inconclusive', 'bench compare says the same');
  // bench compare's interval (-6.196% to +11.2%), written to the precision its 17-point width supports.
  assert.deepEqual([(aa.low * 100).toFixed(3), (aa.high * 100).toFixed(3)], ['-6.196', '11.201']);
  assert.deepEqual([group.control.changeText, group.control.lowText, group.control.highText], ['+3%', '-6%', '+11%']);
  assert.deepEqual(data.run.order, {
    interleaved: true,
    seed: '154226049',
    seeds: null,
    parts: null,
    rounds: '6',
    warmupS: ['10'],
    locale: 'en',
    checkpoint: true,
    vacuum: false,
  });
  assert.equal(data.run.bounds.durable, true);
  assert.equal(data.run.measuredS, '60');
  // The study's table for this group, and whether our verdicts agree with its finding.
  assert.deepEqual(
    group.published.rows.map((r) => r.figures.tps.text),
    ['439', '390', '413', '442'],
  );
  // Six rounds a side at a 3% margin: every version's interval reaches past -3% and +3%, so none is decided, and
  // the study's "no large difference" can be neither confirmed nor contradicted.
  assert.deepEqual(
    group.findings.map((f) => [f.target, f.verdict, f.lowText, f.highText]),
    [
      ['pg16', 'inconclusive', '-14%', '+16%'],
      ['pg17', 'inconclusive', '-12%', '+11%'],
      ['pg18', 'inconclusive', '-45%', '+3%'],
    ],
  );
  assert.deepEqual([group.agreement.claim, group.agreement.outcome], ['no-large-difference', 'cannotTell']);
  assert.equal(data.study.machine.os, 'Rocky Linux 9.6');
});

test('a version built otherwise than the first is shown without a comparison; one of its version keeps it', () => {
  const result = versionsRun();
  const build = (id, cflags) => {
    result.environment.targets.find((t) => t.id === id).build = {cc: 'gcc', cflags, configure: '', jit: false};
  };
  for (const id of ['pg15', 'pg16', 'pg17']) build(id, '-Os');
  build('pg18', '-O2');
  const [small] = page(result).groups;
  assert.deepEqual(
    small.rows.map((r) => [r.target, Boolean(r.otherBuild), r.comparison === null]),
    [
      ['pg15', false, true],
      ['pg16', false, false],
      ['pg17', false, false],
      ['pg18', true, true],
    ],
  );
  // Only the comparable servers make the group's findings.
  assert.deepEqual(
    small.findings.map((f) => f.target),
    ['pg16', 'pg17'],
  );
});
