// Every page of the sidebar in every locale, in real Chromium over the
// production build: no console or page errors and no failed request, every
// chart draws (its canvas is not blank), no sideways scrolling at 375 px, and a
// full-page screenshot in test-results/screenshots/<page>.<locale>.png.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {NAV_PAGES} from '../../lib/i18n/site-translations.mjs';
import {blankCharts, checkNarrow, openPage, shots, useSite} from './site.mjs';

const site = useSite();

for (const locale of Object.keys(locales)) {
  test(`every page renders cleanly in ${locale}`, async () => {
    for (const {docId} of NAV_PAGES) {
      const path = `${localePath(locale)}${docId === 'index' ? '' : `${docId}/`}`;
      const {page, problems} = await openPage(site, path);
      assert.ok((await page.textContent('article h1')).trim().length > 0, `${path}: no heading`);
      assert.deepEqual(await blankCharts(page), [], `${path}: blank charts`);
      await page.screenshot({path: `${shots}/${docId}.${locale}.png`, fullPage: true});
      await checkNarrow(page, path);
      await page.screenshot({path: `${shots}/${docId}.${locale}.375.png`, fullPage: true});
      assert.deepEqual(problems, [], path);
      await page.close();
    }
  });
}
