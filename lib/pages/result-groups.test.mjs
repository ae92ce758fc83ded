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
    words: 'versions',
  });
const versus = (g) => g.table.rows.map((r) => [r.target, r.versus.note ?? r.versus.verdict]);

test('an A/A control without its twin is a row of its own, compared with nothing, and the group says why', () => {
  const [alone] = groupsOf({...run, cells: run.cells.filter((c) => c.target === 'pg15-aa')});
  assert.deepEqual(versus(alone), [['pg15-aa', 'A/A control without its twin: not compared']]);
  assert.deepEqual(alone.control, {
    target: 'pg15-aa',
    unpaired: true,
    text:
      'pg15-aa ran as the A/A control of pg15, which did not run this group: with no twin to be read against, it ' +
      "says nothing of this machine's noise here, and it is compared with no server.",
  });
  // Beside other versions: last, and never their base; they lack their baseline, so none is compared.
  const [beside] = groupsOf({...run, cells: run.cells.filter((c) => c.target !== 'pg15')});
  assert.deepEqual(versus(beside), [
    ['pg16', '—'],
    ['pg17', '—'],
    ['pg18', '—'],
    ['pg15-aa', 'A/A control without its twin: not compared'],
  ]);
  assert.equal(beside.control.unpaired, true);
  // With its twin, it is the control, apart from the rows, as always.
  const [whole] = groupsOf(run);
  assert.ok(!whole.table.rows.some((r) => r.target === 'pg15-aa'));
  assert.deepEqual(
    [whole.control.target, whole.control.verdict, whole.control.unpaired],
    ['pg15-aa', 'inconclusive', undefined],
  );
});

test('figures kept without what checks them: said once of a run that lacks it all, else of the group', () => {
  // An older run: no cell kept a histogram or the server's count of transactions. Its page says so once, of
  // the run (its facts), not again in every group's caption.
  const [older] = groupsOf(run);
  assert.doesNotMatch(older.table.caption, /could not be checked/);
  assert.deepEqual(runInfo(run, 'en').unchecked, {kinds: ['throughput', 'latencies'], since: 'November 28, 2026'});
  const today = JSON.parse(
    readFileSync(new URL('../../test/fixtures/checked/checked-20261128T142821Z.json', import.meta.url), 'utf8'),
  );
  assert.doesNotMatch(groupsOf(today)[0].table.caption, /could not be checked/);
  assert.equal(runInfo(today, 'en').unchecked, null);
  // One run of the group without its histogram, or its server's readings: that one is named, of the group's.
  today.cells[1].log.histogramUs = undefined;
  today.cells[0].server = undefined;
  const caption = groupsOf(today)[0].table.caption;
  assert.match(caption, /The throughput of 1 of these 2 runs could not be checked against the server's count/);
  assert.match(caption, /The latencies of 1 of these 2 runs could not be checked/);
  assert.equal(runInfo(today, 'en').unchecked, null);
});
