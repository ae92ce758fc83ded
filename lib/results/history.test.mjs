import {test} from 'node:test';
import assert from 'node:assert/strict';
import {makeHistoryRuns as generatedRuns} from '../../test/helpers/history-runs.mjs';
import {historyRuns, suiteHistory} from './history.mjs';

const seriesOf = (history, target) =>
  history.machines.flatMap((m) => m.groups.flatMap((g) => g.series.filter((s) => s.target === target)));

test('consecutive runs on one machine are compared; the drop is flagged worse, linking both runs', () => {
  const runs = generatedRuns(8, {dropFrom: 5, target: 'pg18'});
  const history = suiteHistory(runs, 'quick');
  assert.equal(history.runs.length, 8);
  assert.equal(history.machines.length, 1);
  const [machine] = history.machines;
  assert.equal(machine.groups.length, 4, 'two workloads × two client counts');
  for (const s of seriesOf(history, 'pg18')) {
    assert.equal(s.points.length, 8);
    const tps = s.changes.filter((c) => c.metric === 'tps');
    assert.equal(tps.length, 7, 'one step between each two consecutive runs');
    const flagged = tps.filter((c) => c.verdict === 'worse' || c.verdict === 'better');
    // The drop is 30%: every step it is in reads as a fall, flagged where the test decides it beyond the margin.
    assert.ok(flagged.every((c) => c.verdict === 'worse' && c.older === runs[4].run.id && c.newer === runs[5].run.id));
    assert.ok(tps.find((c) => c.newer === runs[5].run.id).change < -0.25);
  }
  const worse = seriesOf(history, 'pg18').flatMap((s) => s.changes.filter((c) => c.verdict === 'worse'));
  assert.ok(worse.length >= 3, `the drop is flagged in most groups (${worse.length})`);
  for (const s of seriesOf(history, 'pg17')) {
    assert.ok(
      s.changes.every((c) => c.verdict !== 'worse' && c.verdict !== 'better'),
      'no step of noise is flagged',
    );
  }
  const point = seriesOf(history, 'pg18')[0].points[0].tps;
  assert.equal(point.n, 6);
  assert.ok(point.low <= point.median && point.median <= point.high, 'six repeats give a 95% interval');
});

test('runs on another machine, with other parameters or another server build never share a line', () => {
  const runs = generatedRuns(4);
  const elsewhere = {
    ...runs[1],
    environment: {...runs[1].environment, host: {...runs[1].environment.host, cpuCount: 64}},
  };
  const longer = {...runs[2], cells: runs[2].cells.map((c) => ({...c, parameters: {...c.parameters, durationS: 30}}))};
  const upgraded = {
    ...runs[3],
    environment: {
      ...runs[3].environment,
      targets: runs[3].environment.targets.map((t) => (t.id === 'pg18' ? {...t, serverVersionFull: '18.5'} : t)),
    },
  };
  const history = suiteHistory([runs[0], elsewhere, longer, upgraded], 'quick');
  assert.equal(history.machines.length, 2, 'the 64-CPU run is apart');
  const [home, other] = history.machines;
  assert.deepEqual(other.runs, [elsewhere.run.id]);
  assert.ok(other.groups.every((g) => g.series.every((s) => s.changes.length === 0)));
  // On the first machine: the 3 s groups (runs 0 and 3) and the 30 s groups (run 2) are apart.
  assert.equal(home.groups.length, 8);
  const short = home.groups.find((g) => g.parameters.durationS === 3);
  const pg18 = short.series.filter((s) => s.target === 'pg18');
  assert.equal(pg18.length, 2, 'the upgraded build starts a new line');
  assert.ok(pg18.every((s) => s.points.length === 1 && s.changes.length === 0));
  const pg17 = short.series.find((s) => s.target === 'pg17');
  assert.deepEqual(
    pg17.points.map((p) => p.run),
    [runs[0].run.id, upgraded.run.id],
  );
  assert.deepEqual(
    [...new Set(pg17.changes.map((c) => `${c.older}→${c.newer}`))],
    [`${runs[0].run.id}→${upgraded.run.id}`],
  );
});

test('a merged run stands for its parts, unfinished runs and other suites are left out, none is empty', () => {
  const [a, b, c] = generatedRuns(3);
  const merged = {
    ...c,
    run: {...c.run, id: `${a.run.id}-merged`, design: {seed: 1, parts: [{run: a.run.id}, {run: b.run.id}]}},
  };
  const unfinished = {...c, run: {...c.run, id: 'quick-unfinished', finishedAt: null}};
  const other = {...c, run: {...c.run, id: 'other', suite: 'pg-versions'}};
  assert.deepEqual(
    historyRuns([a, b, merged, unfinished, other], 'quick').map((r) => r.run.id),
    [merged.run.id],
  );
  assert.deepEqual(suiteHistory([], 'quick'), {suite: 'quick', runs: [], machines: []});
});

test('a run measured another way, or that recorded no way, starts a line of its own: no step across it', () => {
  const runs = generatedRuns(4, {dropFrom: 2, target: 'pg18'});
  runs[2].run.design = {...runs[2].run.design, method: '2099-01-01'};
  delete runs[3].run.design.method;
  const [a, b, c, d] = runs.map((r) => r.run.id);
  const lines = seriesOf(suiteHistory(runs, runs[0].run.suite), 'pg18');
  // In every group: runs 1-2 on one line, run 3 on its own, run 4 on its own.
  const byRuns = new Set(lines.map((s) => s.points.map((p) => p.run).join(' ')));
  assert.deepEqual([...byRuns].sort(), [`${a} ${b}`, c, d].sort());
  // The drop from run 3 on is never a step: it lies across a change of method.
  assert.ok(lines.every((s) => s.changes.every((x) => x.older === a && x.newer === b)));
  const methods = new Map(lines.map((s) => [s.points[0].run, s.server.method]));
  assert.deepEqual(Object.fromEntries(methods), {[a]: '2026-11-28', [c]: '2099-01-01', [d]: null});
});

test('a run whose CPUs were kept apart (--pin) starts a line of its own: no step across it', () => {
  const runs = generatedRuns(3, {dropFrom: 2, target: 'pg18'});
  runs[2].run.design = {...runs[2].run.design, cpus: {server: '0', client: '1'}};
  const [a, b, c] = runs.map((r) => r.run.id);
  const lines = seriesOf(suiteHistory(runs, runs[0].run.suite), 'pg18');
  const byRuns = new Set(lines.map((s) => s.points.map((p) => p.run).join(' ')));
  assert.deepEqual([...byRuns].sort(), [`${a} ${b}`, c].sort());
  assert.ok(lines.every((s) => s.changes.every((x) => x.older === a && x.newer === b)));
  const pinned = lines.find((s) => s.points[0].run === c);
  assert.equal(pinned.server.method, '2026-11-28, server on CPU 0, pgbench on CPU 1');
});
