// What a page does as it opens on a phone, beyond drawing itself: the work that made long tasks of a throttled
// phone's first seconds (bench:lighthouse measures the seconds; this checks the mechanisms, in real Chromium).
// - Code blocks are hydrated, never taken down and made again (src/theme/CodeBlock), and their buttons come in the
//   HTML, hidden until the page has hydrated (src/theme/CodeBlock/Buttons).
// - Links prefetch their routes one per idle moment (src/client/idle-prefetch.js), and still prefetch them.
// - The page is parsed and drawn whole before its scripts run (lib/ssr-template.mjs).
// - Nothing calls localeCompare as a page opens: the first call builds ICU's collator, 20-40 ms unthrottled in
//   one task (Docusaurus's navbar menu: src/plugins/gentle-first-render; the services' sort: compareNames).
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

test('links still prefetch their routes, through the idle queue', async () => {
  const {context, page, problems} = await openRecorded();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  assert.equal(await page.evaluate(() => window.docusaurus.prefetch.idle), true);
  // The routes of the links in view are still prefetched: the other pages' chunks are asked for.
  await page.waitForFunction(() => document.querySelectorAll('link[rel=prefetch]').length > 0, null, {timeout: 15000});
  assert.deepEqual(problems, []);
  await context.close();
});

test('the page is parsed and drawn before its scripts run, and then hydrates', async () => {
  const html = await (await fetch(new URL(PATH, site.url))).text();
  assert.doesNotMatch(html, /<script[^>]*\bsrc=/, 'no script element in the HTML loads a file by itself');
  const preloads = html.match(/<link rel=preload as=script fetchpriority=low href=[^ >]+/g) ?? [];
  assert.equal(preloads.length, 2, 'the runtime and main.js are fetched from the start');

  const context = await site.browser.newContext({viewport: PHONE});
  const page = await context.newPage();
  await page.addInitScript(() => {
    // The webpack runtime's first act is to set its chunk list on window: the moment the scripts start.
    const seen = {frames: [], scriptsAt: null, footerAt: null};
    // The footer is the page's last part: a frame after it was parsed drew the whole page.
    new MutationObserver(() => {
      if (seen.footerAt === null && document.querySelector('footer')) seen.footerAt = performance.now();
    }).observe(document, {childList: true, subtree: true});
    window.__firstLoad = seen;
    let chunks;
    Object.defineProperty(window, 'webpackChunkpg_bench_guide', {
      configurable: true,
      get: () => chunks,
      set: (value) => {
        seen.scriptsAt ??= performance.now();
        chunks = value;
      },
    });
    // A frame's callbacks run just before it is drawn: the time one ran.
    const frame = () => {
      seen.frames.push(performance.now());
      if (seen.scriptsAt === null) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto(new URL(PATH, site.url).href, {waitUntil: 'load'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const {frames, scriptsAt, footerAt, loadedAt, paintedAt} = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    return {
      ...window.__firstLoad,
      loadedAt: navigation.domContentLoadedEventEnd,
      // When the frame was rendered (paintTime), not when the screen showed it (startTime, the presentation time
      // in Chromium 156), which comes after the next task, the scripts' start among them, by a few milliseconds.
      paintedAt: (([fcp]) => fcp?.paintTime ?? fcp?.startTime)(performance.getEntriesByName('first-contentful-paint')),
    };
  });
  // Deferred scripts run before DOMContentLoaded; these run after it, and after the page was first drawn.
  assert.ok(scriptsAt > loadedAt, `the scripts started at ${scriptsAt} ms, before DOMContentLoaded (${loadedAt} ms)`);
  assert.ok(paintedAt < scriptsAt, `first contentful paint at ${paintedAt} ms, not before the scripts (${scriptsAt})`);
  assert.ok(
    frames.some((t) => t >= footerAt && t <= scriptsAt),
    `no frame was drawn between the footer's parsing (${footerAt} ms) and the scripts (${scriptsAt} ms): ${frames}`,
  );
  await context.close();
});

test('nothing calls localeCompare as a page opens on a phone', async () => {
  for (const path of [PATH, '/services/', '/ko/managed-postgres/']) {
    const context = await site.browser.newContext({viewport: PHONE});
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__localeCompare = 0;
      const original = String.prototype.localeCompare;
      String.prototype.localeCompare = function (...args) {
        window.__localeCompare += 1;
        return original.apply(this, args);
      };
    });
    await page.goto(new URL(path, site.url).href, {waitUntil: 'load'});
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await page.waitForTimeout(1500);
    assert.equal(await page.evaluate(() => window.__localeCompare), 0, `${path}: localeCompare calls`);
    await context.close();
  }
});
