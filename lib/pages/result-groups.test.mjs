import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {resultGroups} from './result-groups.mjs';
import {runInfo} from './run-info.mjs';
import {translator} from '../../test/helpers/fixtures.mjs';

// A run with an A/A control (pg15-aa, of pg15): its twin's cells taken out, as --only target=pg15-aa makes.
const run = JSON.parse(
  readFileSync(new URL('../../test/fixtures/results/pg-versions-20261123T130951Z.json', import.meta.url), 'utf8'),
);
const groupsOf = (result) =>
  resultGroups(result, {
    locale: 'en',
    t: translator('en'),
    name: (target) => target,
    names: (c) => ({scenario: c.scenario, workload: c.workload, title: `${c.workload}, ${c.scenario}`}),
    page: 'versions',
  });

test('an A/A control without its twin is a row of its own, compared with nothing, and the group says why', () => {
  const [alone] = groupsOf({...run, cells: run.cells.filter((c) => c.target === 'pg15-aa')});
  assert.deepEqual(
    alone.rows.map((r) => [r.target, r.comparison, r.unpairedControl ?? false]),
    [['pg15-aa', null, true]],
  );
  assert.deepEqual(alone.control, {target: 'pg15-aa', twin: 'pg15', name: 'pg15-aa', base: 'pg15', unpaired: true});
  // Beside other versions: last, and never their base.
  const [beside] = groupsOf({...run, cells: run.cells.filter((c) => c.target !== 'pg15')});
  assert.deepEqual(
    beside.rows.map((r) => [r.target, r.unpairedControl ?? false]),
    [
      ['pg16', false],
      ['pg17', false],
      ['pg18', false],
      ['pg15-aa', true],
    ],
  );
  assert.equal(beside.rows[3].comparison, null);
  assert.equal(beside.control.unpaired, true);
  // With its twin, it is the control, apart from the rows, as always.
  const [whole] = groupsOf(run);
  assert.ok(!whole.rows.some((r) => r.target === 'pg15-aa'));
  assert.equal(whole.control.twin, 'pg15');
  assert.equal(whole.control.unpaired, undefined);
});

test('figures kept without what checks them: said once of a run that lacks it all, else of the group', () => {
  // An older run: no cell kept a histogram or the server's count of transactions. Its page says so once, of
  // the run (its facts), not again of every group.
  const [older] = groupsOf(run);
  assert.deepEqual(older.unchecked, {throughput: null, latencies: null});
  assert.deepEqual(runInfo(run, 'en').unchecked, {kinds: ['throughput', 'latencies'], since: 'November 28, 2026'});
  const today = JSON.parse(
    readFileSync(new URL('../../test/fixtures/checked/checked-20261128T142821Z.json', import.meta.url), 'utf8'),
  );
  assert.deepEqual(groupsOf(today)[0].unchecked, {throughput: null, latencies: null});
  assert.equal(runInfo(today, 'en').unchecked, null);
  // One run of the group without its histogram, or its server's readings: that one is named, of the group's.
  today.cells[1].log.histogramUs = undefined;
  today.cells[0].server = undefined;
  const one = {all: false, count: '1', total: '2'};
  assert.deepEqual(groupsOf(today)[0].unchecked, {throughput: one, latencies: one});
  assert.equal(runInfo(today, 'en').unchecked, null);
});
