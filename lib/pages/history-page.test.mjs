import {test} from 'node:test';
import assert from 'node:assert/strict';
import {makeHistoryRuns} from '../../test/helpers/history-runs.mjs';
import {siteDir, translator} from '../../test/helpers/fixtures.mjs';
import {seriesStyle} from '../charts/chart-config.mjs';
import {loadSiteData} from './site-data.mjs';
import {locales} from '../locales.mjs';
import {loadSuite} from '../suites/suite.mjs';
import {historyPage} from './history-page.mjs';

const suites = ['quick', 'pg-versions'].map((id) =>
  loadSuite(new URL(`../../benchmarks/${id}/suite.yaml`, import.meta.url).pathname),
);
const page = (runs, locale = 'en') => historyPage(runs, suites, {locale, t: translator(locale)});
const quick = (data) => data.suites.find((s) => s.id === 'quick');

test('with no run, a suite says so and gives the command; with one, there is no step to test', () => {
  const none = page([]);
  assert.deepEqual(
    none.suites.map((s) => [s.id, s.count]),
    [
      ['pg-versions', 0],
      ['quick', 0],
    ],
    'suites that feed published pages first',
  );
  assert.equal(quick(none).command, 'npm run bench -- run quick');
  const [machine] = quick(page(makeHistoryRuns(1))).machines;
  assert.equal(machine.steps.count, 0);
  assert.equal(machine.changes.length, 0);
  assert.equal(machine.groups.length, 4);
});

test('fifty runs: one chart per group, a point per run, the regression flagged with both runs in every locale', () => {
  const runs = makeHistoryRuns(50, {dropFrom: 40});
  for (const locale of Object.keys(locales)) {
    const [machine] = quick(page(runs, locale)).machines;
    const charts = machine.groups.flatMap((g) => g.charts);
    assert.equal(charts.length, 4, 'TPS only: the quick suite keeps no per-transaction logs');
    for (const chart of charts) {
      assert.equal(chart.series.length, 2);
      assert.ok(chart.series.every((s) => s.points.length === 50));
      assert.ok(chart.x.ticks.length <= 4, 'a few dated ticks, not fifty');
    }
    const flagged = machine.changes.filter((c) => c.verdict === 'worse');
    assert.ok(flagged.length >= 3, `${locale}: the drop is flagged (${flagged.length})`);
    for (const c of flagged) {
      assert.equal(c.older.id, runs[39].run.id);
      assert.equal(c.newer.id, runs[40].run.id);
      assert.equal(c.newer.runs, `/runs#${runs[40].run.id}`);
      assert.equal(c.newer.json, `/data/${runs[40].run.id}.json`);
      // The server as the pages name it, with its version.
      assert.match(c.series, /^PostgreSQL 18 · 18\./);
    }
  }
});

test("the page's data grows with the points it shows, not with the result files", () => {
  const size = (n) => JSON.stringify(page(makeHistoryRuns(n))).length;
  const [ten, fifty] = [size(10), size(50)];
  const perRun = (fifty - ten) / 40;
  // Eight points a run (four groups × two servers), each with its texts.
  assert.ok(perRun < 8 * 400, `${Math.round(perRun)} bytes per run`);
  const resultBytes = JSON.stringify(makeHistoryRuns(1)[0]).length;
  assert.ok(perRun < resultBytes / 20, `a run adds ${Math.round(perRun)} bytes, its file has ${resultBytes}`);
});

test('every chart of the committed runs: axis over its points, readers’ names, a style of its own per line', () => {
  const {results, suites: all} = loadSiteData(siteDir);
  const data = historyPage(results, all, {locale: 'en', t: translator('en')});
  const charts = data.suites.flatMap((s) => s.machines.flatMap((m) => m.groups.flatMap((g) => g.charts)));
  assert.ok(charts.length > 10, `${charts.length} charts`);
  for (const chart of charts) {
    const xs = chart.series.flatMap((s) => s.points.map((p) => p.x));
    const ticks = chart.x.ticks.map((t) => t.value);
    // The axis spans the points, half a step beyond the first and the last: no empty run, no tick off the plot.
    assert.equal(Math.min(...ticks), Math.round(Math.min(...xs)), chart.id);
    assert.equal(Math.max(...ticks), Math.round(Math.max(...xs)), chart.id);
    assert.deepEqual(chart.x.range, {min: Math.min(...ticks) - 0.5, max: Math.max(...ticks) + 0.5}, chart.id);
    for (const s of chart.series) {
      assert.doesNotMatch(s.label, /\bpg\d+\b|-aa\b|setup/, `${chart.id}: "${s.label}" is an internal id`);
      assert.match(s.label, /^PostgreSQL \d+/, chart.id);
    }
    // Colour and marker together tell every line of a chart apart.
    const styles = chart.series.map((s) => JSON.stringify(seriesStyle(s.style)));
    assert.equal(new Set(styles).size, styles.length, chart.id);
  }
  // And a line keeps its colour and marker on every chart of its machine, whichever lines a chart leaves out.
  for (const machine of data.suites.flatMap((s) => s.machines)) {
    const styleOf = new Map();
    for (const s of machine.groups.flatMap((g) => g.charts.flatMap((c) => c.series))) {
      assert.equal(styleOf.get(s.label) ?? s.style, s.style, s.label);
      styleOf.set(s.label, s.style);
    }
  }
  // A group is named by the data it ran on, not by its scenario's id: PostgresBench's "100gb" at scale 10.
  const bench = data.suites.find((s) => s.id === 'postgresbench');
  for (const g of bench.machines.flatMap((m) => m.groups)) {
    assert.doesNotMatch(g.title, /100gb/);
    assert.match(g.title, /scale 10, about 0\.16 GB/);
  }
});

test('machines that read alike are told apart by their kernel; a new line says what changed in its server', () => {
  const {results, suites: all} = loadSiteData(siteDir);
  const data = historyPage(results, all, {locale: 'en', t: translator('en')});
  const versions = data.suites.find((s) => s.id === 'pg-versions');
  assert.deepEqual(
    versions.machines.map((m) => [m.host.cpuModel, m.kernel]),
    [
      ['AMD EPYC', 'Linux 6.18.44-fc-v782'],
      ['Intel(R) Xeon(R) Processor', null],
      ['AMD EPYC', 'Linux 6.18.44-fc-v669'],
    ],
  );
  const labels = versions.machines[0].groups[0].charts[0].series.map((s) => s.label);
  assert.equal(labels[0], 'PostgreSQL 15 · 15.18');
  // The run of 2:03 PM recorded data_checksums, which the first run did not: a line of its own, saying so.
  assert.equal(labels[1], 'PostgreSQL 15 · 15.18, from Nov 23, 2026, 2:03 PM (settings changed: data_checksums)');
  // Instructions decide within a percent or two: their axis starts near the points, not at zero.
  const instructions = versions.machines[1].groups[0].charts[0];
  assert.ok(instructions.y.ticks[0].value > 0, instructions.id);
  const lowest = Math.min(...instructions.series.flatMap((s) => s.points.map((p) => p.low ?? p.y)));
  assert.ok(instructions.y.ticks[0].value <= lowest, instructions.id);
});
