// What a reader of the main pages sees on the first screen, at 1280×800 in
// every locale: a chart and a sentence generated from the data above the fold;
// on the versions page the answer itself, a sentence and its bars. Checked by
// the page tour (every-page.test.mjs) right as each page opens; the versions
// answer's controls and tabs in answer-first.test.mjs.
import assert from 'node:assert/strict';

const FOLD = 800;

/** Where the answer's parts end on the page, and what the sentence and the chosen column say. */
export const answerBox = (page) =>
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

/** A chart and a generated sentence above the fold. */
async function chartAndSentence(page) {
  // Charts are drawn once the reader points or scrolls: pointing is enough here.
  await page.mouse.move(1, 1);
  await page.waitForTimeout(300);
  assert.deepEqual(await firstScreen(page), {chart: true, sentence: true}, 'a chart and a sentence above the fold');
}

/**
 * The versions page's answer: the newest like-for-like pair of the builds people run (-O2), a sentence and its
 * bars above the fold.
 */
async function versionsAnswer(page) {
  const box = await answerBox(page);
  assert.equal(box.pair, 'pg18-o2 pg17-o2', 'the first view: the newest -O2 version against the one before');
  assert.ok(box.sentence.includes('PostgreSQL 17') && box.sentence.includes('PostgreSQL 18'), box.sentence);
  assert.ok(box.sentenceBottom <= FOLD, `the sentence ends at ${box.sentenceBottom} px`);
  assert.ok(box.firstBarsBottom <= FOLD, `the first row of bars ends at ${box.firstBarsBottom} px`);
  assert.ok(box.bars >= 8, `${box.bars} bars`);
}

/** By page (its doc id): what must be on its first screen, checked as it opens, before anything scrolls. */
export const FIRST_SCREEN = {
  index: [chartAndSentence],
  'managed-postgres': [chartAndSentence],
  'pg-versions': [chartAndSentence, versionsAnswer],
  'pg17-planner': [chartAndSentence],
};
