// The navbar search of the built site, in real Chromium, in every locale: the
// field is labelled in the page's language and focused by Ctrl+K; the search
// code and index load only then; the queries a reader of each language types
// (Korean with particles, Japanese and Chinese without spaces, names and
// numbers) find the page they are about first, with the match highlighted,
// never a page holding only a piece of a Japanese word, CHECKPOINT in every
// language; excerpts are sentences, not table cells run together;
// a result from the versions page carries its figures' conditions; the arrow
// keys and Enter open a result; "no results" is in the language;
// the panel fits 375 px and takes the theme's colours.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {localePath} from '../../lib/locales.mjs';
import {translator} from '../helpers/fixtures.mjs';
import {openPage, serveSite, shots, sitePages} from './site.mjs';

const site = serveSite();

// [query, the page found first, a word the first result highlights, a page found among the results]
const QUERIES = {
  en: [
    ['planner', 'pg17-planner/', 'planner'],
    ['Aurora', 'managed-postgres/', 'aurora'],
    ['-O2', 'pg-versions/', '-o2'],
    ['placeholders', 'translating/', 'placeholder'],
    ['delay', null, 'latency'],
    ['CHECKPOINT', null, 'checkpoint', 'methodology/'],
  ],
  ja: [
    ['遅延', null, 'レイ'],
    ['プランナー', 'pg17-planner/', 'プランナー'],
    ['実行計画', 'pg17-planner/', '実行'],
    ['翻訳', 'translating/', '翻訳'],
    ['PostgreSQL 17', 'pg17-planner/', 'postgresql'],
    // Pagefind cuts it into チェック and ポイント: pages with チェック alone (チェックサム) are left out.
    ['チェックポイント', null, 'チェック', 'methodology/'],
    ['CHECKPOINT', null, 'checkpoint', 'methodology/'],
  ],
  ko: [
    ['처리량이', null, '처리량'],
    ['플래너의', 'pg17-planner/', '플래너'],
    ['번역을', 'translating/', '번역'],
    ['-O2', 'pg-versions/', '-o2'],
    ['CHECKPOINT', null, 'checkpoint', 'methodology/'],
  ],
  'zh-Hans': [
    ['吞吐量', null, '吞吐'],
    ['规划器', 'pg17-planner/', '规划'],
    ['托管', 'managed-postgres/', '托管'],
    ['pgbench', 'pg-versions/', 'pgbench'],
    ['CHECKPOINT', null, 'checkpoint', 'methodology/'],
  ],
};

async function search(page, query) {
  const field = page.locator('input[type="search"]');
  await field.fill(query);
  await page.waitForFunction((typed) => {
    const box = document.querySelector('[data-search]');
    return box.dataset.searchTyped === typed && ['done', 'failed'].includes(box.dataset.search);
  }, query);
  assert.equal(await page.getAttribute('[data-search]', 'data-search'), 'done', `"${query}": the search failed`);
  return page.$$eval('[role="option"]', (options) =>
    options.map((o) => ({
      path: new URL(o.querySelector('a').href).pathname,
      marks: [...o.querySelectorAll('mark')].map((m) => m.textContent.trim().toLowerCase()),
      conditions: o.querySelector('[data-conditions]')?.textContent ?? null,
      text: o.textContent,
    })),
  );
}

for (const [locale, queries] of Object.entries(QUERIES)) {
  test(`the navbar search finds what a ${locale} reader types`, async () => {
    const t = translator(locale);
    const home = localePath(locale);
    const {page, problems} = await openPage(site, home);
    const loaded = [];
    page.on('request', (r) => r.url().includes('/pagefind/') && loaded.push(r.url()));
    const field = page.locator('input[type="search"]');
    assert.equal(await field.getAttribute('aria-label'), t('search.label'));
    await page.waitForTimeout(300);
    assert.deepEqual(loaded, [], 'the search loaded before the reader asked for it');

    await page.keyboard.press('Control+k');
    // The field is replaced by the loaded search as it takes the focus: ask the page, not one element.
    await page
      .waitForFunction(() => document.activeElement?.matches('input[type="search"]'), null, {timeout: 3000})
      .catch(() => assert.fail('Ctrl+K does not focus the search'));
    const versions = `${home}pg-versions/`;
    const {conditions} = sitePages(locale)['pg-versions'].answer;
    let withConditions = 0;
    for (const [query, first, highlighted, among] of queries) {
      const results = await search(page, query);
      // Excerpts come from sentences: a table's cells run together ("50,08145,740–52,007") are not indexed.
      for (const r of results) assert.doesNotMatch(r.text, /\d,\d{4}/, `${locale} "${query}": ${r.text}`);
      if (among)
        assert.ok(
          results.some((r) => r.path.startsWith(`${home}${among}`)),
          `${locale} "${query}": ${among} is not found (${results.map((r) => r.path).join(', ')})`,
        );
      // A result from the versions page carries what its figures were measured under, the page's own words.
      for (const r of results.filter((x) => x.path.startsWith(versions))) {
        assert.equal(r.conditions, [conditions.instructions, conditions.time].filter(Boolean).join(' '), query);
        withConditions++;
      }
      assert.ok(results.length > 0, `${locale} "${query}": nothing found`);
      if (first) assert.equal(results[0].path, `${home}${first}`, `${locale} "${query}": ${JSON.stringify(results)}`);
      // Pagefind cuts Chinese into pieces of its own: a piece of what was typed is highlighted (规划器: 器).
      const typed = (m) => m.includes(highlighted.toLowerCase()) || (locale === 'zh-Hans' && query.includes(m));
      assert.ok(
        results[0].marks.some(typed),
        `${locale} "${query}": the first result highlights ${JSON.stringify(results[0].marks)}`,
      );
    }
    assert.ok(withConditions > 0, `${locale}: no query found the versions page`);
    assert.ok(
      loaded.some((u) => u.startsWith(new URL(`${home}pagefind/`, site.url).href)),
      `${locale}: the search did not use its own locale's index (${loaded[0]})`,
    );

    await search(page, 'zzqxj');
    assert.equal(
      (await page.textContent('[data-search] p')).trim(),
      t('search.noResults', {query: 'zzqxj'}),
      `${locale}: "no results" is not the catalog's`,
    );

    // The keyboard opens the second result.
    const results = await search(page, queries[0][0]);
    await page.keyboard.press('ArrowDown');
    await Promise.all([
      page.waitForURL(
        (url) => `${url.pathname}${url.hash}` === decodeURI(results[1].path) || url.pathname === results[1].path,
      ),
      page.keyboard.press('Enter'),
    ]);
    assert.deepEqual(problems, [], locale);
    await page.close();
  });
}

test('the search panel fits a phone and takes the dark theme’s colours', async () => {
  const page = await site.browser.newPage({viewport: {width: 375, height: 700}, colorScheme: 'dark'});
  await page.goto(new URL('/ko/pg-versions/', site.url).href);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.keyboard.press('Control+k');
  await search(page, '지연');
  const box = await page.locator('[role="listbox"]').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `the results run off the screen: ${JSON.stringify(box)}`);
  const colours = await page.evaluate(() => ({
    panel: getComputedStyle(document.querySelector('[role="listbox"]').parentElement).backgroundColor,
    body: getComputedStyle(document.body).backgroundColor,
  }));
  assert.notEqual(colours.panel, 'rgb(255, 255, 255)', 'a white panel on the dark theme');
  await page.screenshot({path: `${shots}/search.ko.375.dark.png`});
  await page.close();
});
