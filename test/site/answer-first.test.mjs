// The versions page's answer as a reader works it: the pair the address asks
// for, a sentence naming both; picking another pair rewrites the address, and
// the tables of the functions that changed follow its baseline; each
// workload's detail is a tab that a link can open, and the tabs answer to the
// keyboard. (What the first screen of every main page shows, in every locale,
// is checked by the page tour: first-screen.mjs; lib/pages/*-answer and
// versions-matrix tests check the figures and sentences.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {answerBox} from './first-screen.mjs';
import {openPage, serveSite} from './site.mjs';

const site = serveSite();

test('/pg-versions/ shows the pair the address asks for, and a new pair rewrites the address', async () => {
  const {page, problems} = await openPage(site, '/pg-versions/?version=pg16&baseline=pg15');
  // Pairs against another baseline than the first view's load on demand.
  const loaded = () =>
    page.waitForFunction(() => !document.querySelector('[data-answer-sentence]').textContent.startsWith('Loading'));
  await loaded();
  let box = await answerBox(page);
  assert.deepEqual([box.version, box.baseline, box.pair], ['pg16', 'pg15', 'pg16 pg15']);
  assert.match(box.sentence, /^PostgreSQL 16 \(-Os\) against PostgreSQL 15 \(-Os\)\. Instructions per transaction: /);
  assert.ok(!box.columns.includes('pg15'), 'the baseline has no column of its own');

  await page.selectOption('#answer-baseline', 'pg17');
  await loaded();
  box = await answerBox(page);
  assert.match(box.sentence, /^PostgreSQL 16 \(-Os\) against PostgreSQL 17 \(-Os\)\. Instructions per transaction: /);
  // The first view's baseline (15, -O2) goes unsaid in an address; another is named.
  assert.equal(new URL(page.url()).search, '?version=pg16&baseline=pg17');
  assert.ok(box.columns.includes('pg15') && !box.columns.includes('pg17'));

  // Back: the address's pair again.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('[data-answer]').dataset.answer === 'pg16 pg15');
  assert.deepEqual(problems, []);
  await page.close();
});

test('/pg-versions/?version=pg18&baseline=pg17 shows 18 against 17', async () => {
  const {page} = await openPage(site, '/pg-versions/?version=pg18&baseline=pg17');
  await page.waitForFunction(() => !document.querySelector('[data-answer-sentence]').textContent.startsWith('Loading'));
  const box = await answerBox(page);
  assert.match(
    box.sentence,
    /^PostgreSQL 18 \(-Os, data_checksums off, io_method sync\) against PostgreSQL 17 \(-Os\)\. Instructions per /,
  );
  await page.close();
});

test('the functions that changed follow the baseline the answer shows, first view and chosen', async () => {
  const {page, problems} = await openPage(site, '/pg-versions/');
  const tables = (group) =>
    page.$$eval(`section[data-instructions="${group}"] details[data-functions]`, (all) =>
      all.map((d) => [d.dataset.base, d.querySelector('summary').textContent]),
    );
  // The first view is 18 against 17, both -O2: every table of the group is against 17 -O2, and only a server that
  // may be compared with it has one (its build, or its version built otherwise).
  const first = await tables('small-tpcb');
  assert.ok(first.length > 0);
  for (const [base, title] of first) {
    assert.equal(base, 'pg17-o2');
    assert.match(title, / against PostgreSQL 17 \(-O2\)$/);
  }
  assert.ok(first.some(([, title]) => title.startsWith('Where the work changed: PostgreSQL 18 (-O2')));
  assert.ok(!first.some(([, title]) => title.startsWith('Where the work changed: PostgreSQL 18 (-Os')));
  // Under its sentence, the same major versions as the embedded servers are built.
  assert.match(
    await page.textContent('[data-answer-build]'),
    new RegExp(
      '^The same major versions, built as the embedded servers are: PostgreSQL 18 \\(-Os, [^)]*\\) against ' +
        'PostgreSQL 17 \\(-Os\\)\\. Instructions per transaction: ',
    ),
  );

  // Against 15: the tables against 15 load, and one opened shows its functions.
  await page.selectOption('#answer-baseline', 'pg15');
  await page.waitForFunction(
    () =>
      document.querySelector('section[data-instructions="small-tpcb"] details[data-functions]')?.dataset.base ===
      'pg15',
  );
  const against15 = await tables('small-tpcb');
  for (const [base, title] of against15) {
    assert.equal(base, 'pg15');
    assert.match(title, / against PostgreSQL 15 \(-Os\)$/);
  }
  // 18 (-Os) has a table against 15 now, and 15 none against itself.
  assert.ok(against15.some(([, title]) => title.startsWith('Where the work changed: PostgreSQL 18 (-Os, data_')));
  assert.ok(!against15.some(([, title]) => title.startsWith('Where the work changed: PostgreSQL 15 (-Os) against')));
  const opened = page.locator('section[data-instructions="small-tpcb"] details[data-functions="small-tpcb-pg18"]');
  await opened.locator('summary').click();
  await opened.locator('tbody th code').first().waitFor();
  assert.equal(await opened.locator('tbody tr').count(), 10);

  // Back: against 17 -O2 again, from the page's own data.
  await page.goBack();
  await page.waitForFunction(
    () =>
      document.querySelector('section[data-instructions="small-tpcb"] details[data-functions]')?.dataset.base ===
      'pg17-o2',
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('a workload of the matrix opens its tab; the tabs answer to the arrow keys', async () => {
  const {page, problems} = await openPage(site, '/pg-versions/');
  const shown = () =>
    page.$$eval('[data-tab-panel]', (panels) => panels.filter((p) => !p.hidden).map((p) => p.dataset.tabPanel));
  assert.deepEqual(await shown(), ['small-tpcb']);
  await page.click('[data-answer] tr[data-group="small-select-only"] th a');
  await page.waitForFunction(() => !document.querySelector('[data-tab-panel="small-select-only"]').hidden);
  assert.deepEqual(await shown(), ['small-select-only']);
  assert.equal(new URL(page.url()).hash, '#small-select-only');

  await page.focus('[data-tab="small-select-only"]');
  await page.keyboard.press('Home');
  assert.deepEqual(await shown(), ['small-tpcb']);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), 'small-tpcb');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await shown(), ['small-simple-update']);

  // A link to something inside a tab opens that tab.
  await page.goto(new URL('/pg-versions/#small-select-only-commands', site.url).href);
  await page.waitForFunction(() => !document.querySelector('[data-tab-panel="small-select-only"]').hidden);
  assert.deepEqual(problems, []);
  await page.close();
});

test('/pg-versions/ at 1280 px: every tab at most a third of the page before the answer (23,251 px)', async () => {
  const {page} = await openPage(site, '/pg-versions/');
  const ids = await page.$$eval('[data-tab]', (tabs) => tabs.map((t) => t.dataset.tab));
  for (const id of ids) {
    await page.click(`[data-tab="${id}"]`);
    // Scrolled through, so that every chart is drawn at its full height; then the tab's own height (the page
    // around it has its servers, commands and history too, which the page before the answer had not).
    const height = await page.evaluate(async (tab) => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
      return document.querySelector(`[data-tab-panel="${tab}"]`).getBoundingClientRect().height;
    }, id);
    assert.ok(height <= 23251 / 3, `${id}: ${height} px`);
  }
  await page.close();
});
