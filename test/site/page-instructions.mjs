// The instructions measure on the Versions and Planner pages, in every locale, against literal values: each
// server's median instructions per transaction, recomputed from the committed instructions runs by an independent
// script (a plain median of its repeats, its A/A twin left out), and each verdict as `bench compare` prints it.
// The functions where the work changed are folded and load when opened; the Cachegrind files are served. A new
// published run changes these values: update them from the run, recomputed the same way. Checked by the page
// tour (every-page.test.mjs) on each page.
import assert from 'node:assert/strict';
import {shots} from './site.mjs';

const SMALL = [null, 'better', 'worse', 'better', 'inconclusive'];
/**
 * By page: per group, the medians in the page's order of servers, the verdicts against the first (none: the
 * baseline, or a build not compared), and how many comparisons list the functions that changed.
 */
const PAGES = {
  // results/pg-versions-instructions-20261127T084807Z-merged.json
  'pg-versions': {
    // The first view is 18 against 15, both -O2: the tables of the functions that changed are those against 15
    // -O2 (15 built -Os, and 18 -O2); at the large size, where no -O2 server ran, against 15.
    'small-tpcb': [[776813, 657797, 790254, 757129, 775354, 776014, 644745], [...SMALL, 'below-margin', null], 2],
    'small-simple-update': [
      [427994, 357034, 432964, 415701, 426810, 427022, 349925],
      [...SMALL, 'inconclusive', null],
      2,
    ],
    'small-select-only': [[108237, 95451, 110488, 104753, 107908, 107972, 93077], [...SMALL, 'inconclusive', null], 2],
    'large-tpcb': [[730616, 719398, 741794, 763417], [null, 'better', 'worse', 'worse'], 3],
    'large-simple-update': [[394025, 382960, 396788, 439171], [null, 'better', 'worse', 'worse'], 3],
  },
  // results/pg17-planner-instructions-20261125T163626Z.json
  'pg17-planner': {
    'cte-sorted-unique': [[1164399866, 362007554, 339070818], [null, 'better', 'better'], 2],
    'correlated-in': [[556734389, 33573832, 31286597], [null, 'better', 'better'], 2],
    'group-by-order': [[509569671, 102525792, 100330691], [null, 'better', 'better'], 2],
    'range-contains': [[8741505, 450624, 455591], [null, 'better', 'better'], 2],
  },
};

const instructionsOf = (docId) =>
  async function instructions(page, {locale, site}) {
    for (const [id, [medians, verdicts, functions]] of Object.entries(PAGES[docId])) {
      const rows = `table[data-instructions-table="${id}"] tbody tr`;
      assert.deepEqual(
        await page.$$eval(rows, (trs) =>
          trs.map((tr) => [
            tr.querySelector('td[data-figure="instructions"]').firstChild.textContent,
            tr.querySelector('td[data-verdict]')?.dataset.verdict ?? null,
          ]),
        ),
        medians.map((m, i) => [m.toLocaleString('en-US'), verdicts[i]]),
        `${locale} ${id}`,
      );
      // Folded until the reader opens them.
      const details = page.locator(`section[data-instructions="${id}"] details[data-functions]`);
      assert.equal(await details.count(), functions, id);
      for (let i = 0; i < functions; i++) assert.equal(await details.nth(i).getAttribute('open'), null);
    }
    // Cachegrind's files, served as Cachegrind wrote them.
    const files = await page.$$eval('a[href$=".out"]', (as) => as.map((a) => a.href));
    assert.ok(files.length >= 2 * Object.keys(PAGES[docId]).length, `${files.length} Cachegrind files`);
    for (const href of files.slice(0, 2)) {
      const response = await page.request.get(new URL(href, site.url).href);
      assert.equal(response.status(), 200, href);
      assert.match(await response.text(), /^desc: .*\ncmd: .*\nevents: Ir\n/);
    }
    // The first comparison's functions are loaded as it opens (not in the page's first load): Cachegrind's
    // function names.
    const first = page.locator('section[data-instructions] details[data-functions]').first();
    await first.locator('summary').click();
    await first.locator('tbody tr').first().waitFor();
    const names = await first.locator('tbody th code').allTextContents();
    assert.ok(names.length > 0 && names.every((n) => /^[\w.]+/.test(n)), names.slice(0, 3).join(', '));
    await first.scrollIntoViewIfNeeded();
    if (locale === 'en') await page.screenshot({path: `${shots}/instructions-${docId}-${locale}.png`});
  };

/** By page (its doc id): the checks of its instructions figures. */
export const PAGE_INSTRUCTIONS = {
  'pg-versions': [instructionsOf('pg-versions')],
  'pg17-planner': [instructionsOf('pg17-planner')],
};
