// The main pages answer on their first screen, in every locale: a chart and a
// sentence generated from the data, above the fold at 1280×800. The versions
// page: the pair the address asks for, a sentence naming both, the matrix with
// its bars; picking another pair rewrites the address; each workload's detail
// is a tab that a link can open. (lib/pages/*-answer and versions-matrix tests
// check the figures and sentences.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {openPage, serveSite} from './site.mjs';

const site = serveSite();
const FOLD = 800;

/** Where the answer's parts end on the page, and what the sentence and the chosen column say. */
const answerBox = (page) =>
  page.evaluate(() => {
    const bottom = (el) => (el ? el.getBoundingClientRect().bottom + window.scrollY : null);
    const answer = document.querySelector('[data-answer]');
    return {
      pair: answer.dataset.answer,
      sentence: answer.querySelector('[data-answer-sentence]').textContent,
      sentenceBottom: bottom(answer.querySelector('[data-answer-sentence]')),
      firstBarsBottom: bottom(answer.querySelector('tbody tr[data-group] svg')),
      bars: answer.querySelectorAll('tbody svg').length,
      columns: [...answer.querySelectorAll('thead th[data-column]')].map((th) => th.dataset.column),
      version: document.querySelector('#answer-version').value,
      baseline: document.querySelector('#answer-baseline').value,
    };
  });

/** A chart (canvas, image or drawn bars) at least half above the fold, and a sentence wholly above it. */
const firstScreen = (page) =>
  page.evaluate((fold) => {
    const box = (el) => el.getBoundingClientRect();
    const charts = [
      ...document.querySelectorAll('figure[data-chart] canvas, figure[data-chart] img, [data-answer] svg'),
      ...document.querySelectorAll('[data-headline] img, [data-headline] svg'),
    ].filter((el) => box(el).height > 0);
    const sentences = [...document.querySelectorAll('[data-answer-sentence]')].filter((el) => el.textContent.trim());
    return {
      chart: charts.some((el) => box(el).top + box(el).height / 2 <= fold),
      sentence: sentences.some((el) => box(el).bottom <= fold),
    };
  }, FOLD);

for (const locale of Object.keys(locales)) {
  const base = localePath(locale);

  for (const slug of ['', 'managed-postgres/', 'pg-versions/', 'pg17-planner/']) {
    test(`${base}${slug}: a chart and a generated sentence above the fold at 1280×800 (${locale})`, async () => {
      const {page, problems} = await openPage(site, `${base}${slug}`);
      // Charts are drawn once the reader points or scrolls: pointing is enough here.
      await page.mouse.move(1, 1);
      await page.waitForTimeout(300);
      assert.deepEqual(await firstScreen(page), {chart: true, sentence: true});
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test(`${base}pg-versions/: the answer, a sentence and its bars, above the fold at 1280×800 (${locale})`, async () => {
    const {page, problems} = await openPage(site, `${base}pg-versions/`);
    const box = await answerBox(page);
    assert.equal(box.pair, 'pg18 pg17', 'the first view: the newest like-for-like version against the one before');
    assert.ok(box.sentence.includes('PostgreSQL 17') && box.sentence.includes('PostgreSQL 18'), box.sentence);
    assert.ok(box.sentenceBottom <= FOLD, `the sentence ends at ${box.sentenceBottom} px`);
    assert.ok(box.firstBarsBottom <= FOLD, `the first row of bars ends at ${box.firstBarsBottom} px`);
    assert.ok(box.bars >= 8, `${box.bars} bars`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('/pg-versions/ shows the pair the address asks for, and a new pair rewrites the address', async () => {
  const {page, problems} = await openPage(site, '/pg-versions/?version=pg16&baseline=pg15');
  let box = await answerBox(page);
  assert.deepEqual([box.version, box.baseline, box.pair], ['pg16', 'pg15', 'pg16 pg15']);
  assert.match(box.sentence, /^PostgreSQL 16 against PostgreSQL 15: /);
  assert.ok(!box.columns.includes('pg15'), 'the baseline has no column of its own');

  await page.selectOption('#answer-baseline', 'pg17');
  box = await answerBox(page);
  assert.match(box.sentence, /^PostgreSQL 16 against PostgreSQL 17: /);
  assert.equal(new URL(page.url()).search, '?version=pg16');
  assert.ok(box.columns.includes('pg15') && !box.columns.includes('pg17'));

  // Back: the address's pair again.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('[data-answer]').dataset.answer === 'pg16 pg15');
  assert.deepEqual(problems, []);
  await page.close();
});

test('/pg-versions/?version=pg18&baseline=pg17 shows 18 against 17', async () => {
  const {page} = await openPage(site, '/pg-versions/?version=pg18&baseline=pg17');
  const box = await answerBox(page);
  assert.match(box.sentence, /^PostgreSQL 18 \(data_checksums off, io_method sync\) against PostgreSQL 17: /);
  await page.close();
});

test('a workload of the matrix opens its tab; the tabs answer to the arrow keys', async () => {
  const {page, problems} = await openPage(site, '/pg-versions/');
  const shown = () =>
    page.$$eval('[data-tab-panel]', (panels) => panels.filter((p) => !p.hidden).map((p) => p.dataset.tabPanel));
  assert.deepEqual(await shown(), ['small-tpcb']);
  await page.click('[data-answer] tr[data-group="large-tpcb"] th a');
  await page.waitForFunction(() => !document.querySelector('[data-tab-panel="large-tpcb"]').hidden);
  assert.deepEqual(await shown(), ['large-tpcb']);
  assert.equal(new URL(page.url()).hash, '#large-tpcb');

  await page.focus('[data-tab="large-tpcb"]');
  await page.keyboard.press('Home');
  assert.deepEqual(await shown(), ['small-tpcb']);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), 'small-tpcb');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await shown(), ['small-simple-update']);

  // A link to something inside a tab opens that tab.
  await page.goto(new URL('/pg-versions/#large-tpcb-commands', site.url).href);
  await page.waitForFunction(() => !document.querySelector('[data-tab-panel="large-tpcb"]').hidden);
  assert.deepEqual(problems, []);
  await page.close();
});

test('/pg-versions/ at 1280 px: every tab at most a third of the page before the answer (23,251 px)', async () => {
  const {page} = await openPage(site, '/pg-versions/');
  const ids = await page.$$eval('[data-tab]', (tabs) => tabs.map((t) => t.dataset.tab));
  for (const id of ids) {
    await page.click(`[data-tab="${id}"]`);
    // Scrolled through, so that every chart is drawn at its full height.
    const height = await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
      return document.documentElement.scrollHeight;
    });
    assert.ok(height <= 23251 / 3, `${id}: ${height} px`);
  }
  await page.close();
});
