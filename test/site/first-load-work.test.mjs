// What a page does as it opens on a phone, beyond drawing itself: the work that made long tasks of a throttled
// phone's first seconds (bench:lighthouse measures the seconds; this checks the mechanisms, in real Chromium).
// - Code blocks are hydrated, never taken down and made again (src/theme/CodeBlock), and their buttons come in the
//   HTML, hidden until the page has hydrated.
// Docusaurus's own first load (its prefetching, its template, its navbar) is as Docusaurus makes it: judged against
// a bare Docusaurus page by bench:lighthouse, not changed here.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {serveSite} from './site.mjs';

const site = serveSite();
const PHONE = {width: 375, height: 812};
const PATH = '/pg17-planner/';

/** Opens the page at phone size, recording what changes in the document once it has been parsed. */
async function openRecorded(javaScriptEnabled = true) {
  const context = await site.browser.newContext({viewport: PHONE, javaScriptEnabled});
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const seen = {removedPre: 0};
    window.__firstLoad = seen;
    // From the start of parsing: a remount at any time after is seen (the parser only adds).
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n.nodeType === 1) seen.removedPre += (n.tagName === 'PRE' ? 1 : 0) + n.querySelectorAll('pre').length;
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto(new URL(PATH, site.url).href, {waitUntil: 'load'});
  return {context, page, problems};
}

test('code blocks are hydrated as they are, with their buttons, shown once the page has hydrated', async () => {
  const html = await (await fetch(new URL(PATH, site.url))).text();
  const blocks = html.match(/<pre\b[^>]*class="[^"]*prism-code/g)?.length ?? 0;
  assert.ok(blocks >= 2, `${PATH}: ${blocks} code blocks in the HTML`);
  assert.equal(html.match(/code-block-buttons/g)?.length, blocks, 'each code block has its buttons in the HTML');

  const {context, page, problems} = await openRecorded();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => window.__firstLoad.removedPre), 0, 'no code block was taken down');
  const copy = page.locator('.code-block-buttons button[aria-label]').last();
  await copy.scrollIntoViewIfNeeded();
  await copy.hover();
  assert.ok(await copy.isVisible(), 'the copy button shows once the page has hydrated');
  assert.deepEqual(problems, []);
  await context.close();

  const still = await openRecorded(false);
  assert.equal(
    await still.page.locator('.code-block-buttons').first().isVisible(),
    false,
    'without JavaScript: hidden',
  );
  await still.context.close();
});
