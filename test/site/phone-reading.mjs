// What a reader on a phone (and in Korean or Japanese) must meet on every page, checked by the page tour
// (every-page.test.mjs) in every locale: every table's figures and verdict on the screen without scrolling
// sideways; no chart's axis labels cut or run together; no Korean or Japanese word broken across lines in the
// navbar, headings and table headers; the bars of the Managed services comparison drawn to one scale (at 1280 and
// at 375 px); times in Korean words.
import assert from 'node:assert/strict';
import {termsExplained} from './explained-terms.mjs';

/**
 * At the page's width, every table of verdicts is within the screen without scrolling sideways: its box scrolls
 * no further than it is wide, and every verdict shown (a comparison's cell or row) lies on the screen. (A long
 * table of figures alone scrolls, its first column in view: stacked, one was 11,000 px tall on a phone.)
 */
export async function tablesInView(page, {locale}) {
  const problems = await page.evaluate(() => {
    const out = [];
    const name = (t) => t.dataset.group ?? t.closest('[id]')?.id ?? t.querySelector('th')?.textContent.slice(0, 30);
    for (const table of document.querySelectorAll('article table')) {
      if (!table.checkVisibility()) continue;
      const box = table.parentElement;
      // A table of verdicts never scrolls sideways; one of figures alone may (its first column kept in view).
      const verdicts = table.querySelector('[data-verdict]') !== null;
      if (verdicts && box.scrollWidth > box.clientWidth + 1)
        out.push(`table ${name(table)} scrolls ${box.scrollWidth - box.clientWidth} px`);
      for (const cell of table.querySelectorAll('[data-verdict]')) {
        if (!cell.checkVisibility()) continue;
        const r = cell.getBoundingClientRect();
        if (r.left < -1 || r.right > window.innerWidth + 1)
          out.push(`a verdict of table ${name(table)} lies at ${Math.round(r.left)}–${Math.round(r.right)} px`);
      }
    }
    return out;
  });
  assert.deepEqual(problems, [], `${locale}: at ${page.viewportSize().width} px`);
}

/** Where a word of the element's text (Intl.Segmenter's, in the page's language) is split across two lines. */
export async function brokenWords(page, selector) {
  return page.evaluate((selector) => {
    const lang = document.documentElement.lang;
    const words = new Intl.Segmenter(lang, {granularity: 'word'});
    const out = [];
    for (const root of document.querySelectorAll(selector)) {
      // A stacked table's header row is there for screen readers only (clipped): its cells name their lines.
      const head = root.closest('thead');
      if (!root.checkVisibility() || (head && getComputedStyle(head).clipPath !== 'none')) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode;
        for (const s of words.segment(node.nodeValue)) {
          if (!s.isWordLike || s.segment.length < 2) continue;
          const range = document.createRange();
          range.setStart(node, s.index);
          range.setEnd(node, s.index + s.segment.length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`"${s.segment}" in "${node.nodeValue.trim().slice(0, 60)}"`);
        }
      }
    }
    return out;
  }, selector);
}

const WORDS_WHOLE = '.navbar__title, .navbar__item, article h1, article h2, article h3, article thead th';

/** Korean and Japanese: no word of the navbar, the headings or the table headers broken across lines. */
export async function wordsWhole(page, {locale}) {
  if (!['ko', 'ja'].includes(locale)) return;
  assert.deepEqual(
    await brokenWords(page, WORDS_WHOLE),
    [],
    `${locale}: words broken at ${page.viewportSize().width} px`,
  );
}

/**
 * The comparison's bars are drawn to one scale: every track is as wide as the others, and each bar's length is to
 * the first bar's as its figure is to the first's, within 1%.
 */
export async function barsToScale(page, {locale}) {
  const bars = await page.$$eval('ol li[data-row]', (rows) =>
    rows.map((row) => ({
      id: row.dataset.row,
      // The figure as the row writes it (whole TPS in the default view), grouping separators dropped.
      value: Number(row.querySelector('strong[data-figure]').textContent.replace(/[^\d.]/g, '')),
      fill: row.querySelector('[data-fill]').getBoundingClientRect().width,
      track: row.querySelector('[data-track]').getBoundingClientRect().width,
    })),
  );
  assert.ok(bars.length >= 3, `${locale}: ${bars.length} bars`);
  const width = page.viewportSize().width;
  const [first] = bars;
  for (const b of bars) {
    assert.ok(
      Math.abs(b.track - first.track) <= 1,
      `${locale} ${width} px: ${b.id}'s track is ${b.track} px, the first's ${first.track}`,
    );
    // Against the first (longest) bar: the scale's end is the largest run, not a figure shown.
    const drawn = b.fill / first.fill;
    const meant = b.value / first.value;
    assert.ok(
      Math.abs(drawn - meant) <= 0.01 * meant,
      `${locale} ${width} px: ${b.id} drawn ${drawn.toFixed(4)} of the first bar, its figure ${meant.toFixed(4)}`,
    );
  }
}

/**
 * A time of day in the locale's words (no AM or PM outside English): in Korean 오전 or 오후 before the hour,
 * never AM or PM (which Intl's Korean gives); the History page names runs of one day by their time.
 */
export async function localTimes(page, {locale}) {
  if (locale === 'en') return;
  const text = await page.evaluate(() => document.querySelector('article').textContent);
  assert.doesNotMatch(text, /\b[AP]M\b/, `${locale}: an English half of the day`);
  if (locale === 'ko') assert.match(text, /오[전후] \d{1,2}:\d{2}/, `${locale}: no time written with 오전 or 오후`);
}

/**
 * At a phone's width, every chart in view of a reader (drawn anew for the width) keeps its axes' labels whole: no
 * axis took all the room it may have (which cuts its labels and draws its title over them), and no names side by
 * side are wider than their slots (the Chart component's data-axes-cut).
 */
export async function axesWhole(page, {locale}) {
  // The charts redraw once their boxes have been resized past a phone's width: wait for every one in view.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('figure[data-chart] canvas[data-axes-cut]')]
      .filter((c) => c.checkVisibility() && c.clientWidth > 0)
      .every((c) => c.dataset.narrow === 'true'),
  );
  const cut = await page.$$eval('figure[data-chart] canvas[data-axes-cut]', (canvases) =>
    canvases
      .filter((c) => c.checkVisibility() && c.clientWidth > 0)
      .map((c) => [c.closest('figure').dataset.chart, c.dataset.axesCut])
      .filter(([, axes]) => axes !== '[]'),
  );
  assert.deepEqual(cut, [], `${locale}: at ${page.viewportSize().width} px, charts whose axes' labels are cut`);
}

/** Checks of every page at 1280 px, and at 375 px. */
export const EVERY_PAGE_DESKTOP = [wordsWhole, termsExplained];
export const EVERY_PAGE_NARROW = [tablesInView, wordsWhole, axesWhole];
