import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {makeHistoryRuns} from '../../test/helpers/history-runs.mjs';
import {interleavedRun, readFixture, translator, versionsRun} from '../../test/helpers/fixtures.mjs';
import {chartProblems} from '../../test/helpers/history-checks.mjs';
import {locales} from '../locales.mjs';
import {loadSuite} from '../suites/suite.mjs';
import {changedServer, historyPage} from './history-page.mjs';

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

test('a machine opens with what changed between its two newest runs measured the same way', () => {
  // Four runs: the drop between the third and the fourth (pg18's, by 30%: flagged in most of its four groups).
  const runs = makeHistoryRuns(4, {dropFrom: 3});
  const [machine] = quick(page(runs)).machines;
  assert.deepEqual([machine.latest.older, machine.latest.newer], [runs[2].run.id, runs[3].run.id]);
  assert.ok(Number(machine.latest.worse) >= 3, machine.latest.worse);
  assert.equal(machine.latest.better, '0');
  // Two servers in four groups: eight steps between the two runs.
  assert.equal(machine.latest.all, '8');
  // The newest run measured another way: the two before it are the newest pair measured the same way.
  runs[3].run.design = {...runs[3].run.design, method: '2099-01-01'};
  const [other] = quick(page(runs)).machines;
  assert.deepEqual([other.latest.older, other.latest.newer, other.latest.worse], [runs[1].run.id, runs[2].run.id, '0']);
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

/** The interleaved fixture run as if started at `startedAt` (an hour long), with `id`. */
function rerun(id, startedAt) {
  const run = oneMethod(interleavedRun());
  Object.assign(run.run, {id, startedAt, finishedAt: new Date(Date.parse(startedAt) + 3_600_000).toISOString()});
  return run;
}

/** A fixture run as if its runner had recorded the method the reruns record: History draws one line through them. */
function oneMethod(run) {
  run.run.design = {...run.run.design, method: '2026-11-28'};
  return run;
}

/**
 * The fixture runs as a history: pg-versions on an Intel machine (versionsRun) and on an AMD one
 * (interleavedRun, November 23 1:09 PM), the AMD machine's run again on November 25 2:03 PM with
 * data_checksums recorded (off, as before), another AMD machine of the same size on another kernel,
 * PostgresBench's smoke run, and a tiny instructions run.
 */
function fixtureHistory() {
  const later = rerun('pg-versions-20261125T140300Z', '2026-11-25T14:03:00.000Z');
  for (const t of later.environment.targets) t.keySettings = {...t.keySettings, data_checksums: 'off'};
  const other = rerun('pg-versions-20261126T090000Z', '2026-11-26T09:00:00.000Z');
  Object.assign(other.environment.host, {
    os: 'Linux 6.18.44-fc-v669 (Debian GNU/Linux 12 (bookworm))',
    kernel: '6.18.44-fc-v669',
  });
  const instructions = new URL('../../test/fixtures/instructions/', import.meta.url);
  const tiny = JSON.parse(
    readFileSync(new URL('tiny-instructions-instructions-20261125T025818Z.json', instructions), 'utf8'),
  );
  const runs = [
    versionsRun(),
    oneMethod(interleavedRun()),
    later,
    other,
    readFixture('postgresbench-20261123T185813Z.json'),
    tiny,
  ];
  const all = [
    ...['quick', 'pg-versions', 'postgresbench'].map((id) =>
      loadSuite(new URL(`../../benchmarks/${id}/suite.yaml`, import.meta.url).pathname),
    ),
    loadSuite(fileURLToPath(new URL('suite.yaml', instructions))),
  ];
  return historyPage(runs, all, {locale: 'en', t: translator('en')});
}

test('every chart of the fixture runs: axis over its points, readers’ names, a style of its own per line', () => {
  const data = fixtureHistory();
  assert.deepEqual(chartProblems(data), []);
  // A server keeps its colour and marker on every chart of the page, on every machine: its first line by the
  // name alone, in both machines' charts of pg-versions.
  const styles = new Map();
  for (const suite of data.suites)
    for (const machine of suite.machines)
      for (const group of machine.groups)
        for (const chart of group.charts)
          for (const line of chart.series) styles.set(line.label, [...(styles.get(line.label) ?? []), line.style]);
  const first = [...styles].filter(([label]) => label.startsWith('PostgreSQL 16 · 16.14') && !label.includes('from'));
  assert.ok(first.length > 0 && first[0][1].length >= 4, `${JSON.stringify(first)}`);
  for (const [label, seen] of styles) assert.equal(new Set(seen).size, 1, `${label}: styles ${seen}`);
  // A group is named by the data it ran on, not by its scenario's id: PostgresBench's "100gb" at scale 10.
  const [bench] = data.suites.find((s) => s.id === 'postgresbench').machines;
  assert.deepEqual(
    bench.groups.map((g) => g.title),
    ["TPC-B-like (pgbench's default) · scale 10, about 0.16 GB · clients: 256 · 20 s"],
  );
});

test('machines that read alike are told apart by their kernel; a new line says what changed in its server', () => {
  const data = fixtureHistory();
  const versions = data.suites.find((s) => s.id === 'pg-versions');
  assert.deepEqual(
    versions.machines.map((m) => [m.host.cpuModel, m.kernel]),
    [
      ['Intel(R) Xeon(R) Processor', null],
      ['AMD EPYC', 'Linux 6.18.44-fc-v782'],
      ['AMD EPYC', 'Linux 6.18.44-fc-v669'],
    ],
  );
  const labels = versions.machines[1].groups[0].charts[0].series.map((s) => s.label);
  assert.deepEqual(labels.slice(0, 2), [
    'PostgreSQL 15 · 15.18',
    // The run of Nov 25 read data_checksums, which the first did not: a line of its own, saying so, and not that
    // the setting changed (nothing says the first run's value was another).
    'PostgreSQL 15 · 15.18, from November 25, 2026 at 2:03\u202fPM UTC (not recorded before: data_checksums)',
  ]);
  // The other kernel's machine has one run: no line of it says a setting changed.
  const other = versions.machines[2].groups[0].charts[0].series.map((s) => s.label);
  assert.ok(
    other.every((l) => !l.includes('changed')),
    other.join(', '),
  );
  // Instructions decide within a percent or two: their axis starts near the points, not at zero.
  const [instructions] = data.suites.find((s) => s.id === 'tiny-instructions').machines[0].groups[0].charts;
  const lowest = Math.min(...instructions.series.flatMap((s) => s.points.map((p) => p.low ?? p.y)));
  assert.ok(instructions.y.ticks[0].value > 0, instructions.id);
  assert.ok(instructions.y.ticks[0].value <= lowest, `${instructions.y.ticks[0].value} above ${lowest}`);
});

test('a key setting one run did not read is unrecorded; a setting back at its default is changed', () => {
  const server = (settings) => ({build: 'PostgreSQL 18.4', settings, filesystem: 'ext4', method: '2026-11-28'});
  // Older files lack data_checksums (a key setting); jit away from its default is recorded, at it is not.
  const older = server({io_method: 'worker', jit: 'off', shared_buffers: '128MB'});
  const newer = server({data_checksums: 'on', shared_buffers: '256MB'});
  assert.equal(
    changedServer(older, newer, translator('en'), 'en'),
    'settings changed: jit, shared_buffers, not recorded before: data_checksums, and no longer recorded: io_method',
  );
  assert.equal(changedServer(older, server({...older.settings}), translator('en'), 'en'), null);
  // Another way of measuring, or none recorded (a run of its own): a new line, no step across it.
  assert.equal(
    changedServer(older, {...older, method: '2026-12-01'}, translator('en'), 'en'),
    'another way of measuring (the runner changed)',
  );
  assert.equal(
    changedServer(older, {...older, method: null}, translator('en'), 'en'),
    'the way of measuring not recorded: no step is claimed across it',
  );
  assert.equal(
    changedServer(older, newer, translator('ja'), 'ja'),
    '設定の変更：jit、shared_buffers、以前は未記録：data_checksums、この実行からは未記録：io_method',
  );
  assert.equal(
    changedServer(older, newer, translator('zh-Hans'), 'zh-Hans'),
    '设置变更：jit、shared_buffers；此前未记录：data_checksums；此后不再记录：io_method',
  );
});
