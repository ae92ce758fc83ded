// The history page with many runs: a copy of the project with the fixture runs
// and twelve generated quick runs (test data, never committed as measured; the
// last three with PostgreSQL 18 made 30% slower), built in English and read in
// Chromium. The drop is flagged worse with links to both runs, which lead to
// their rows on the Runs page; the charts draw; a phone-width page does not
// scroll sideways. The committed runs' history is checked in every locale by
// every-page.test.mjs.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {makeHistoryRuns} from '../helpers/history-runs.mjs';
import {blankCharts, checkNarrow, openPage, serveCopy, shots} from './site.mjs';

const RUNS = 12;
const runs = makeHistoryRuns(RUNS, {dropFrom: 9, target: 'pg18'});
const site = serveCopy(
  (dir) => {
    rmSync(path.join(dir, 'results', 'quick-20261122T125226Z.json'));
    for (const r of runs) writeFileSync(path.join(dir, 'results', `${r.run.id}.json`), JSON.stringify(r));
  },
  ['--locale', 'en'],
);

test('twelve runs: a point each, the drop flagged worse, both runs linked, charts drawn', async () => {
  const {page, problems} = await openPage(site, '/history/');
  const quick = page.locator('[data-history-suite="quick"]');
  assert.equal(await quick.getAttribute('data-runs'), String(RUNS));
  const flags = quick.locator('[data-history-changes] tr[data-verdict]');
  const verdicts = await flags.evaluateAll((rows) => rows.map((r) => r.dataset.verdict));
  assert.ok(verdicts.length >= 3, `the drop is flagged in most groups (${verdicts.length})`);
  assert.ok(
    verdicts.every((v) => v === 'worse'),
    'noise is not flagged, the drop reads worse',
  );
  const links = await flags
    .first()
    .locator('[data-run-link]')
    .evaluateAll((as) => as.map((a) => a.dataset.runLink));
  assert.deepEqual(links, [runs[8].run.id, runs[9].run.id]);
  assert.match(await flags.first().textContent(), /-\d+(\.\d+)?%slower/);
  assert.deepEqual(await blankCharts(page), []);
  const points = await quick.locator('figure[data-chart] table tbody tr').count();
  assert.equal(points, 4 * RUNS, 'four charts, a row per run in each');
  await page.screenshot({path: `${shots}/history-en-generated.png`, fullPage: true});
  await flags.first().locator('[data-run-link]').last().click();
  await page.waitForURL(/\/runs\/#quick-/);
  // The URL changes before the client router has rendered the Runs page: wait for the row, do not sample once.
  await page.locator(`tr[id="${runs[9].run.id}"]`).waitFor({state: 'visible', timeout: 10_000});
  assert.deepEqual(problems, []);
});

test('at 375 px the history page does not scroll sideways', async () => {
  const {page, problems} = await openPage(site, '/history/', {width: 375, height: 800});
  await checkNarrow(page, 'history at 375 px');
  await page.screenshot({path: `${shots}/history-en-generated-375.png`, fullPage: false});
  assert.deepEqual(problems, []);
});
