// A suite nobody wrote a page for becomes one, in every language, with no code: a copy of the project with one
// more suite folder and its runs (test/fixtures/suite-page/: PostgreSQL 17 with synchronous_commit on and off,
// a built-in workload and a script of its own, two client counts; the script's groups counted in instructions
// too) is built in English and Japanese (a language with none of the suite's words: Korean and Chinese are as
// Japanese, lib/pages/suite-page.test.mjs), and each page is read in Chromium: linked from the sidebar and the
// Runs page, every group with its verdict, the chart, a table and the commands, the suite's words in English
// marked as such where a language lacks them (which i18n:status lists), no console error and no axe violation.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync} from 'node:fs';
import path from 'node:path';
import {localePath} from '../../lib/locales.mjs';
import {SUITE_PAGE_RUNS} from '../helpers/fixtures.mjs';
import {drawCharts} from '../../scripts/site/page-charts.mjs';
import {axeViolations, blankCharts, openPage, root, serveCopy} from './site.mjs';

const fixture = path.join(root, 'test/fixtures/suite-page');
const site = serveCopy(
  (dir) => {
    cpSync(path.join(fixture, 'commit-modes'), path.join(dir, 'benchmarks/commit-modes'), {recursive: true});
    for (const file of SUITE_PAGE_RUNS)
      cpSync(path.join(fixture, file), path.join(dir, 'results', file), {recursive: true});
  },
  ['--locale', 'en', '--locale', 'ja'],
);

for (const [locale, inEnglish] of [
  ['en', 0],
  ['ja', 7],
]) {
  test(`${locale}: the suite's page, linked from the sidebar, every group with its verdict`, async () => {
    const address = `${localePath(locale)}suites/commit-modes/`;
    const {page, problems} = await openPage(site, address);
    assert.equal(await page.locator(`.menu a[href="${address}"]`).count(), 1, 'the sidebar links the page');
    assert.equal(await page.locator('[data-statement]').count(), 4, 'one statement per group');
    for (const text of await page.locator('[data-statement]').allTextContents())
      assert.match(text, /PostgreSQL 17 ?[(（]synchronous_commit off[)）]/);
    assert.deepEqual(
      await page.locator('[role="tab"]').allTextContents(),
      await page.locator('[data-statement] a').allTextContents(),
      'a tab per group, named as the answer names it',
    );
    assert.equal(await page.locator('table[data-group] tbody tr').count(), 4 * 2);
    // The group's commands as they ran (in a tab not chosen: its text, not its lines): the data load, the
    // workload's setup SQL, the measured run.
    assert.match(
      await page.locator('[data-group="short-counter-c2"] pre').first().textContent(),
      /pgbench -i -q -s 1 .*psql .*-f benchmarks\/commit-modes\/setup\.sql.*pgbench -n -c 2 .*counter\.sql/s,
    );
    assert.deepEqual(await blankCharts(page), []);
    // The suite's own words: English, marked, where the language has none of them.
    assert.equal((await page.locator('[lang="en"][data-in-english]').count()) > 0, inEnglish > 0);
    assert.equal(await page.locator(`[data-in-english="${inEnglish}"]`).count(), inEnglish > 0 ? 1 : 0);
    assert.deepEqual(await axeViolations(page, address), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the Runs page links the run to its suite page; i18n:status lists the words in English', async () => {
  const {page} = await openPage(site, '/ja/runs/');
  // Both of its runs, the timed one and the instructions count.
  assert.equal(await page.locator('tr[data-run^="commit-modes-"] a[href="/ja/suites/commit-modes/"]').count(), 2);
  await page.close();
  const status = spawnSync(process.execPath, ['scripts/i18n.mjs', 'status'], {cwd: site.dir, encoding: 'utf8'});
  assert.equal(status.status, 0, status.stderr);
  const listed = status.stdout
    .split('\n')
    .filter((l) => l.startsWith('english: ja: benchmarks/commit-modes/suite.yaml'));
  assert.equal(listed.length, 7, status.stdout);
});

test('en: where the suite counted instructions, the functions that changed load as the reader opens them', async () => {
  const {page, problems} = await openPage(site, '/suites/commit-modes/#short-counter-c2');
  const section = page.locator('[data-instructions="short-counter-c2"]');
  await section.waitFor();
  const details = section.locator('details[data-functions="short-counter-c2-sync-off"]');
  // A click on the element, not at a point: the page scrolls to the address's group as it opens, and a click at
  // coordinates taken before that scroll lands elsewhere on a busy machine.
  await details.locator('summary').dispatchEvent('click');
  await details.locator('table tbody tr').first().waitFor();
  assert.ok((await details.locator('table tbody tr').count()) > 0);
  // A group the suite did not count says so, and nothing else.
  assert.equal(await page.locator('[data-instructions="short-tpcb-c1"] table').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('en: what the server did, from the counters the runs read, and each measure with its conditions', async () => {
  const {page, problems} = await openPage(site, '/suites/commit-modes/#short-tpcb-c2');
  // The answer says what each measure counted, on which builds and machine.
  const conditions = await page.locator('[data-conditions] li').allTextContents();
  assert.equal(conditions.length, 2);
  assert.match(
    conditions[0],
    /^Instructions: .*Callgrind; repeats: 5; clients: 1 and 2; .*servers: gcc 7\.5\.0 -Os; machine: /,
  );
  assert.match(
    conditions[1],
    /^Throughput: .*repeats: 5; clients: 1 and 2; each measured run 2 s, .*servers: gcc 7\.5\.0 -Os/,
  );
  // A timed group: a sentence from its counters, and each server's figures, loaded as the reader opens them.
  const timed = page.locator('[data-activity="short-tpcb-c2"]');
  await timed.waitFor();
  assert.match(await timed.locator('p').first().textContent(), /No checkpoint ran during any of the 10 measured/);
  assert.match(await timed.locator('p').first().textContent(), /seen most often in \S+ \(\d+(\.\d)?% of the samples\)/);
  // With synchronous_commit on (the first server), the commit takes the largest share of the time: measured.
  assert.match(
    await timed.locator('p').first().textContent(),
    /took on PostgreSQL 17 \(synchronous_commit on\), END; took \d\.\d+ ms \(\d+(\.\d)?%\)\./,
  );
  await timed.locator('summary').click();
  const rows = timed.locator('table[data-activity-table] tbody tr');
  await rows.first().waitFor();
  assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.target)), ['sync-on', 'sync-off']);
  // WAL bytes per transaction: a TPC-B-like transaction writes some hundreds, never none.
  for (const text of await rows.locator('td:nth-child(2)').allTextContents())
    assert.ok(Number(text.replace(/,/g, '')) > 100, text);
  // Each SQL statement of the script, on each server; the client's \set left out.
  const statements = timed.locator('table[data-statements-table] tbody th code');
  assert.deepEqual((await statements.allTextContents()).slice(0, 2), [
    'BEGIN;',
    'UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;',
  ]);
  assert.equal(await statements.last().textContent(), 'END;');
  // The run's method says what ran before each measured run, as its commands show.
  assert.match(await page.locator('main').textContent(), /VACUUM \(FREEZE, ANALYZE\) removed dead rows/);
  // Counted groups say it too, without waits (under Valgrind they say nothing of a server as people run it).
  const counted = page.locator('[data-activity="short-counter-c2-instructions"]');
  assert.doesNotMatch(await counted.locator('p').first().textContent(), /seen most often/);
  assert.deepEqual(problems, []);
  await page.close();
  // An address asking for a server the run does not have, or one against itself, is told what it shows.
  const asked = await openPage(site, '/suites/commit-modes/?version=sync-on&baseline=sync-on');
  const refused = asked.page.locator('[data-refused]');
  await refused.waitFor();
  assert.match(
    await refused.textContent(),
    /asked for baseline=sync-on, .*it shows PostgreSQL 17 \(synchronous_commit on\) against/,
  );
  assert.deepEqual(asked.problems, []);
  await asked.page.close();
});

for (const locale of ['en', 'ja']) {
  test(`${locale}: the quick run at 375 px opens with its answer and the command that decides more`, async () => {
    // The fixture's quick run: three repeats a server, too few for any test.
    const {page, problems} = await openPage(site, `${localePath(locale)}quick-run/`, {width: 375, height: 800});
    const more = page.locator('[data-answer-more]');
    assert.equal(await more.locator('code').textContent(), 'npm start -- --repeat 5');
    const [sentence, said] = await Promise.all(
      ['[data-answer-sentence]', '[data-answer-more]'].map((s) => page.locator(s).boundingBox()),
    );
    assert.ok(sentence.y < said.y && said.y < 800, `the answer and what more repeats decide on the first screen`);
    // Each group says what its workload does and gives the medians, not a verdict three runs cannot have.
    assert.equal(await page.locator('[data-statement]').count(), 4);
    // The chart drawn for a phone: its axes keep their labels whole (none took all the room an axis may have).
    await drawCharts(page);
    for (const cut of await page.$$eval('figure[data-chart] canvas', (cs) => cs.map((c) => c.dataset.axesCut)))
      assert.equal(cut, '[]', 'an axis of the chart took all its room: its labels were cut');
    assert.deepEqual(problems, []);
    await page.close();
  });
}
