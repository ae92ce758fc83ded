// Every page of the sidebar in every locale, visited once in real Chromium over
// the production build, and checked there as readers, a screen reader and a
// link checker meet it (two locales at a time):
// - no console or page errors and no failed request; its language in <html
//   lang>; a heading; every chart
//   draws (its canvas is not blank); the page announces its translations
//   (hreflang, x-default);
// - no table wider than its box at 1280 px, and at 375 px no sideways
//   scrolling, no caption off the screen, no cell broken into a column (in the
//   dark theme), every table's cells and verdicts on the screen; no Korean or
//   Japanese word broken across lines in the navbar, headings and table
//   headers (phone-reading.mjs); every term of the catalogs' glossary the page
//   names explained at its first use (explained-terms.mjs); full-page screenshots of the English pages in
//   test-results/screenshots/<page>.en.jpg and <page>.en.375.dark.jpg (each language's: npm run screenshots);
// - axe-core finds no serious or critical violation of WCAG 2.1 AA or its best
//   practices in the light theme, nor of its colour rules in the dark (as a
//   reader's system asks for it), in English and Japanese;
// - one number, one form (README "Number style"): on the pages of figures, the
//   prose, the tables and the labels drawn on the charts write figures alike;
// - no command shown holds a path of /tmp; the language menu leads to the same
//   page in the next language (a real click, on one page per language);
// - each page's own: what its first screen shows (first-screen.mjs), its
//   figures against the data (page-figures.mjs), its instructions figures
//   (page-instructions.mjs), what readers tripped over (reader-checks.mjs);
// - and once every page was seen: every internal link leads to a file of the
//   build, and a #fragment to an element of that page.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {NAV_PAGES} from '../../lib/load/site-translations.mjs';
import {FIRST_SCREEN} from './first-screen.mjs';
import {PAGE_FIGURES} from './page-figures.mjs';
import {PAGE_INSTRUCTIONS} from './page-instructions.mjs';
import {EVERY_PAGE_DESKTOP, EVERY_PAGE_NARROW} from './phone-reading.mjs';
import {READER_DESKTOP, READER_NARROW} from './reader-checks.mjs';
import {typographyHeld} from './typography.mjs';
import {
  axeViolations,
  blankCharts,
  openedTablesWider,
  checkNarrow,
  COLOUR_RULES,
  openPage,
  serveSite,
  shots,
  tableProblems,
} from './site.mjs';

const site = serveSite();
const slugOf = (docId) => (docId === 'index' ? '' : `${docId}/`);
const codes = Object.keys(locales);

/** Every translation of the page is announced, with an x-default. */
async function checkAlternates(page, path, docId) {
  const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
    links.map((l) => [l.hreflang, new URL(l.href).pathname]),
  );
  for (const [code, {htmlLang}] of Object.entries(locales)) {
    assert.ok(
      alternates.some(([lang, p]) => lang === htmlLang && p === `${localePath(code)}${slugOf(docId)}`),
      `${path}: no hreflang="${htmlLang}" link to its ${code} page (${JSON.stringify(alternates)})`,
    );
  }
  assert.ok(
    alternates.some(([lang]) => lang === 'x-default'),
    `${path}: no x-default alternate`,
  );
}

/** The language menu's link to `other` leads to the same page in that language. */
async function checkMenuLink(page, path, docId, other) {
  const target = `${localePath(other)}${slugOf(docId)}`;
  const link = `.dropdown__menu a[lang="${locales[other].htmlLang}"]`;
  assert.equal(await page.$eval(link, (a) => new URL(a.href).pathname), target, `${path}: the menu leads elsewhere`);
  return {target, link};
}

/** Opens the language menu as a reader does (hover), clicks `other`, and lands on the same page. */
async function switchLanguage(page, path, docId, other) {
  const {target, link} = await checkMenuLink(page, path, docId, other);
  await page.hover('.navbar__items--right .dropdown');
  await Promise.all([page.waitForURL((url) => url.pathname === target), page.click(link)]);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const lang = await page.getAttribute('html', 'lang');
  assert.equal(lang, locales[other].htmlLang, `${path}: the click did not switch the language`);
  assert.ok((await page.textContent('article h1')).trim().length > 0, `${target}: no heading after the switch`);
}

/**
 * The dark theme as a reader's system asks for it: the site follows (respectPrefersColorScheme), its code blocks
 * and charts in the dark theme's colours.
 */
async function darkTheme(page) {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.waitForSelector('html[data-theme="dark"]');
  // Colours change with transitions: measured once every one of them has ended (a frame for them to start,
  // then each one's end), however slow the machine.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  });
}

/** The page's links to its own site, as they stand once it has hydrated (some appear only then). */
const internalLinks = (page) =>
  page.$$eval('a[href]', (as) =>
    as
      .map((a) => new URL(a.getAttribute('href'), document.baseURI))
      .filter((u) => u.origin === window.location.origin)
      .map((u) => u.href),
  );

// Number style: a figure as every locale writes it (4,400 · 0.799 · +12.3% · 4.3), and the short forms
// (19.8K, 1.98万, 4.4천, 1.98만) that no page may show. Checked on the pages whose prose states figures.
const FIGURE = /^[+-]?\d{1,3}(,\d{3})*(\.\d+)?%?$/;
const SHORT = /\d\s?(K|M|万|億|천|만)(?![A-Za-z])/u;
const UNIT = String.raw`(?:\s?(?:TPS|ms|×|倍|배|times|%))`;
const FIGURE_PAGES = ['managed-postgres', 'pg-versions', 'pg17-planner'];

/** Figures of a text: each number (or range) written before a unit, split at the range dash. */
const proseFigures = (text) =>
  [...text.matchAll(new RegExp(String.raw`([+-]?[\d.,]*\d(?:–[+-]?[\d.,]*\d)?)%?${UNIT}`, 'gu'))].flatMap((m) =>
    m[1].split('–'),
  );

/** The article's prose (without code, tables, charts and navigation), its numeric cells, and the charts' labels. */
async function pageFigures(page) {
  const {prose, cells} = await page.evaluate(() => {
    const article = document.querySelector('article');
    const copy = article.cloneNode(true);
    for (const e of copy.querySelectorAll('pre, code, table, figure, nav')) e.remove();
    // Numeric cells (DataTable's Num, a CSS-module class), their spreads included, each text node apart.
    const texts = (node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const parts = [];
      while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
      return parts.join(' ').trim();
    };
    const cells = [...article.querySelectorAll('td[class^="number"], td[data-figure]')].map(texts);
    return {prose: copy.textContent, cells};
  });
  const drawn = await page.$$eval('figure[data-chart] canvas[data-axis-labels]', (canvases) =>
    canvases.map((c) => c.dataset.axisLabels),
  );
  assert.equal(drawn.length, await page.locator('figure[data-chart]').count(), 'every chart drew its labels');
  return {prose, cells, labels: drawn.flatMap((text) => JSON.parse(text))};
}

/** One form for every figure of the page, in prose, tables and chart labels. */
async function checkNumberStyle(page, where, docId) {
  const {prose, cells, labels} = await pageFigures(page);
  const inProse = proseFigures(prose);
  assert.ok(inProse.length >= 3, `${where}: figures found in the prose (${inProse.length})`);
  for (const f of inProse) assert.match(f, FIGURE, `${where}: "${f}" in the prose`);
  assert.doesNotMatch(prose, SHORT, `${where}: a short form in the prose`);
  assert.ok(cells.length >= 3, `${where}: figures in the tables (${cells.length})`);
  for (const cell of cells) {
    for (const f of cell.match(/[+-]?[\d.,]*\d/g) ?? []) assert.match(f, FIGURE, `${where}: "${cell}" in a table`);
    assert.doesNotMatch(cell, SHORT, `${where}: "${cell}" in a table`);
  }
  for (const l of labels) assert.doesNotMatch(l, SHORT, `${where}: "${l}" on a chart`);
  const figures = labels.filter((l) => /^[+\-\d.,%×倍배]+$/u.test(l));
  if (docId !== 'managed-postgres') assert.ok(figures.length >= 3, `${where}: chart labels (${labels.length})`);
  for (const l of figures) assert.match(l.replace(/[×倍배]$/u, ''), FIGURE, `${where}: "${l}" on a chart`);
}

/**
 * Visits one page and checks it: its first screen as it opens, then what every page must be, its own figures,
 * and its look in the dark, then at 375 px. Its internal links join `links` (href → the page it was found on).
 */
async function visit({locale, other, docId, click, links, accessibility}) {
  const base = localePath(locale);
  const path = `${base}${slugOf(docId)}`;
  const {page, problems} = await openPage(site, path);
  for (const check of FIRST_SCREEN[docId] ?? []) await check(page, {locale, base, site});
  assert.equal(await page.getAttribute('html', 'lang'), locales[locale].htmlLang, `${path}: <html lang>`);
  assert.ok((await page.textContent('article h1')).trim().length > 0, `${path}: no heading`);
  assert.deepEqual(await blankCharts(page), [], `${path}: blank charts`);
  await checkAlternates(page, path, docId);
  assert.deepEqual(await tableProblems(page, {desktop: true}), [], `${path} at 1280 px`);
  // The navbar marks at most the page being read: a 'doc' item was marked on every page of its sidebar.
  const active = await page.$$eval('.navbar .navbar__link--active', (links) => links.map((a) => a.pathname));
  assert.ok(active.every((p) => p === new URL(page.url()).pathname) && active.length <= 1, `${path}: ${active}`);
  for (const href of await internalLinks(page)) if (!links.has(href)) links.set(href, path);
  // A command shown to readers holds no path of the measuring machine's temporary folders.
  const code = await page.$$eval('pre, code', (els) => els.map((e) => e.textContent));
  assert.deepEqual(
    code.filter((text) => /\/tmp\//.test(text)).map((text) => text.slice(0, 80)),
    [],
    `${path}: commands with temporary paths`,
  );
  if (FIGURE_PAGES.includes(docId)) await checkNumberStyle(page, `${locale} ${docId}`, docId);
  for (const check of [
    ...EVERY_PAGE_DESKTOP,
    ...(READER_DESKTOP[docId] ?? []),
    ...(PAGE_FIGURES[docId] ?? []),
    ...(PAGE_INSTRUCTIONS[docId] ?? []),
  ]) {
    await check(page, {locale, base, site});
  }
  // Japanese, Korean and Chinese typography in the text as built, messages and figures joined.
  await typographyHeld(page, {locale});
  // axe-core in a Latin and a CJK language: the pages' structure and colours are the same in every language, and
  // ko and zh-Hans are built as ja is (their words and lang attributes are checked above and by the catalogs).
  const audited = ['en', 'ja'].includes(locale);
  if (audited) accessibility.push(...(await axeViolations(page, `${path} (light)`)));
  if (locale === 'en') await page.screenshot({path: `${shots}/${docId}.${locale}.jpg`, fullPage: true, quality: 80});
  await darkTheme(page);
  if (audited) accessibility.push(...(await axeViolations(page, `${path} (dark)`, COLOUR_RULES)));
  // No sideways scrolling on a laptop, in whatever a reader opens: every tab, every fold (its rows loaded). Last at
  // 1280 px: a fold's rows stay in the page once loaded, and the checks above read the page as it opened.
  assert.deepEqual(await openedTablesWider(page), [], `${path} at 1280 px, every tab and fold opened`);
  // 375 px in the dark theme: a scroll box's covers must match the dark page too.
  await checkNarrow(page, path);
  assert.deepEqual(await tableProblems(page, {desktop: false}), [], `${path} at 375 px`);
  for (const check of [...EVERY_PAGE_NARROW, ...(READER_NARROW[docId] ?? [])]) await check(page, {locale, base, site});
  if (locale === 'en') {
    await page.screenshot({path: `${shots}/${docId}.${locale}.375.dark.jpg`, fullPage: true, quality: 80});
  }
  assert.deepEqual(problems, [], path);
  // Every page's menu link is checked; a real click (a whole page load, from the navbar at 1280 px) on one page
  // per language.
  if (click) {
    await page.setViewportSize({width: 1280, height: 800});
    await switchLanguage(page, path, docId, other);
    assert.deepEqual(problems, [], `${path}, after switching to ${other}`);
  } else await checkMenuLink(page, path, docId, other);
  await page.close();
}

/** Every link found leads to a file of the build, and a #fragment to an element of that page. */
async function deadLinks(links) {
  const html = new Map();
  const dead = [];
  for (const [href, from] of links) {
    const url = new URL(href);
    const target = `${url.origin}${url.pathname}`;
    if (!html.has(target)) {
      const response = await fetch(target);
      html.set(target, {status: response.status, text: response.ok ? await response.text() : ''});
    }
    const {status, text} = html.get(target);
    if (status !== 200) dead.push(`${from} → ${url.pathname} (HTTP ${status})`);
    // A fragment names an element of the target page (a heading, a group, a run).
    else if (url.hash && text.startsWith('<!doctype html>')) {
      const id = decodeURIComponent(url.hash.slice(1));
      // The built HTML writes an id quoted or not (it is minified).
      const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!new RegExp(`\\sid=(["']?)${escaped}\\1[\\s>]`).test(text)) {
        dead.push(`${from} → ${url.pathname}${url.hash} (no such element)`);
      }
    }
  }
  return dead;
}

test('every page of every locale: clean, drawn, announced, readable at 375 px, accessible, linked', {
  concurrency: 2,
}, async (t) => {
  const links = new Map();
  const accessibility = [];
  const tours = codes.map((locale, i) => async (t) => {
    const other = codes[(i + 1) % codes.length];
    for (const {docId} of NAV_PAGES) {
      // A real click on one page per language, a different page in each.
      const click = docId === NAV_PAGES[(2 * i) % NAV_PAGES.length].docId;
      await t.test(`${localePath(locale)}${slugOf(docId)}`, () =>
        visit({locale, other, docId, click, links, accessibility}),
      );
    }
  });
  // Two locales at a time, each page by page.
  await Promise.all(
    [0, 1].map(async (lane) => {
      for (const [i, tour] of tours.entries()) {
        if (i % 2 === lane) await t.test(`${codes[i]}: every page`, tour);
      }
    }),
  );
  assert.deepEqual(accessibility, [], 'axe-core: serious or critical violations');
  assert.ok(links.size > 100, `${links.size} links followed`);
  assert.deepEqual(await deadLinks(links), []);
});
