// Every page in every locale, as a reader with a keyboard, a screen reader or
// a link checker meets it: every internal link leads to a file the build
// holds (and a #fragment to an element of that page), and axe-core finds no
// serious or critical violation of WCAG 2.1 AA or its best practices, in the
// light theme and the dark.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {NAV_PAGES} from '../../lib/i18n/site-translations.mjs';
import {localePath, locales} from '../../lib/locales.mjs';
import {openPage, serveSite} from './site.mjs';

const site = serveSite();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const slugOf = (docId) => (docId === 'index' ? '' : `${docId}/`);
const paths = Object.keys(locales).flatMap((locale) => NAV_PAGES.map((p) => `${localePath(locale)}${slugOf(p.docId)}`));

/** The page's links to its own site, as they stand once it has hydrated (some appear only then). */
const internalLinks = (page) =>
  page.$$eval('a[href]', (as) =>
    as
      .map((a) => new URL(a.getAttribute('href'), document.baseURI))
      .filter((u) => u.origin === window.location.origin)
      .map((u) => u.href),
  );

test('every internal link of every page and locale leads to a file of the build; no command holds /tmp', async () => {
  const seen = new Map();
  const dead = [];
  const html = new Map();
  const temporary = [];
  for (const path of paths) {
    const {page, problems} = await openPage(site, path);
    for (const href of await internalLinks(page)) if (!seen.has(href)) seen.set(href, path);
    // A command shown to readers holds no path of the measuring machine's temporary folders.
    const code = await page.$$eval('pre, code', (els) => els.map((e) => e.textContent));
    for (const text of code) if (/\/tmp\//.test(text)) temporary.push(`${path}: ${text.slice(0, 80)}`);
    assert.deepEqual(problems, [], path);
    await page.close();
  }
  for (const [href, from] of seen) {
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
  assert.ok(seen.size > 100, `${seen.size} links followed`);
  assert.deepEqual(dead, []);
  assert.deepEqual(temporary, [], 'commands with temporary paths');
});

for (const theme of ['light', 'dark']) {
  test(`axe-core: no serious or critical violation on any page, in any locale (${theme})`, async () => {
    const found = [];
    for (const path of paths) {
      const {page} = await openPage(site, path);
      // The theme switch's effect: the page's colours follow <html data-theme>.
      if (theme === 'dark') {
        // Colours change with transitions: measured once every one of them has ended (a frame for them to
        // start, then each one's end), however slow the machine.
        await page.evaluate(async () => {
          document.documentElement.setAttribute('data-theme', 'dark');
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
        });
      }
      await page.addScriptTag({path: AXE});
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, {
          runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
        });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}));
      });
      for (const v of violations) found.push(`${path}: ${v.id} (${v.impact}) at ${v.nodes.join(' | ')}`);
      await page.close();
    }
    assert.deepEqual(found, []);
  });
}
