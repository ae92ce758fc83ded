// The pages made from the runs the site publishes (results/, as the build reads
// them): what must hold of every History chart, every function table of an
// instructions run and every page's first load, whichever runs are committed.
// The unit tests hold the same checks on the fixture runs; these catch a run
// whose data the code has not met before.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {pairKey} from '../../lib/model/keys.mjs';
import {historyPage} from '../../lib/pages/history-page.mjs';

import {chartProblems} from '../helpers/history-checks.mjs';
import {functionRowProblems, postmasterWork} from '../helpers/instruction-checks.mjs';
import {translator} from '../helpers/fixtures.mjs';
import {root, siteContent, sitePages} from './site.mjs';

const content = siteContent();

test('every History chart of the published runs: axis over its points, readers’ names, a style per line', () => {
  const data = historyPage(content.results, content.suites, {locale: 'en', t: translator('en')});
  assert.deepEqual(chartProblems(data), []);
  const charts = data.suites.flatMap((s) => s.machines.flatMap((m) => m.groups.flatMap((g) => g.charts)));
  assert.ok(charts.length > 10, `${charts.length} charts: the published runs of three suites on three machines`);
  // A group is named by the data it ran on, never by its scenario's id (PostgresBench's "100gb").
  const scenarios = content.suites.flatMap((s) => s.scenarios.map((x) => x.id));
  for (const g of data.suites.flatMap((s) => s.machines.flatMap((m) => m.groups))) {
    assert.ok(!scenarios.some((id) => g.title.split(' · ').includes(id)), g.title);
  }
});

test('the published instructions runs: function tables without renames, splits, noise; no postmaster work', () => {
  // The newest instructions run of each suite: the one its pages show (older ones stay for History).
  const newest = new Map();
  for (const r of content.results
    .filter((x) => x.run.kind === 'run' && x.cells.some((c) => c.instructions))
    .sort((a, b) => a.run.startedAt.localeCompare(b.run.startedAt)))
    newest.set(r.run.suite, r);
  const runs = [...newest.values()];
  assert.ok(runs.length >= 2, 'the versions and planner instructions runs');
  for (const run of runs) {
    assert.ok(content.profiles.has(run.run.id), `${run.run.id}: the newest instructions run of its suite`);
    assert.deepEqual(functionRowProblems(run, content.profiles.get(run.run.id), translator('en')), []);
    assert.deepEqual(postmasterWork(run, path.join(root, 'results')), []);
  }
});

test('the published pages: no function rows and no message context in a first load, all of them on demand', () => {
  const pages = sitePages('ja');
  for (const [name, list] of [
    ['pg-versions', 'groups'],
    ['pg17-planner', 'groups'],
  ]) {
    const comparisons = pages[name][list].flatMap((g) => (g.instructions?.functions ?? []).map((f) => [g.id, f]));
    assert.ok(comparisons.length > 0, `${name} has instructions comparisons`);
    for (const [id, f] of comparisons) {
      assert.equal(f.rows, undefined);
      assert.ok(pages[name].onDemand.functions[pairKey(id, f.target)].length > 0, `${name} ${id} ${f.target}`);
    }
  }
  const translating = pages.translating;
  assert.equal(translating.context, undefined);
  assert.equal(
    translating.contextGroups.reduce((n, g) => n + g.count, 0),
    translating.onDemand.context.messages.length,
  );
  assert.equal(translating.hasTranslation, true);
});
