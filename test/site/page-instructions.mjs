// The instructions measure on the Versions and Planner pages, in every locale, against literal values: each
// server's median instructions per transaction, recomputed from the committed instructions runs by an independent
// script (a plain median of its repeats, its A/A twin left out), and each verdict as `bench compare` prints it.
// The functions where the work changed are folded and load when opened; the Cachegrind files are served. A new
// published run changes these values: update them from the run, recomputed the same way. Checked by the page
// tour (every-page.test.mjs) on each page.
import assert from 'node:assert/strict';
import {shots} from './site.mjs';

// Against PostgreSQL 15 (-Os): 15 -O2 (its own release built otherwise), 16, 17, 17 -O2 (another version and
// build: not compared), 18, 18 at its defaults, 18 -O2 (not compared).
const SMALL = [null, 'better', 'worse', 'better', null, 'better', 'better', null];
/**
 * By page: per group, the medians in the page's order of servers, the verdicts against the first (none: the
 * baseline, or a build not compared), and how many comparisons list the functions that changed.
 */
const PAGES = {
  // results/pg-versions-instructions-20261128T201526Z-merged.json (the small size only: the large size waits
  // for an A/A of its own on kept pages)
  'pg-versions': {
    // The first view is 18 against 17, both -O2: the tables of the functions that changed are those against 17
    // -O2 (15 and 18 built -O2, and 17 built -Os).
    'small-tpcb': [[751141, 643201, 763824, 732057, 619872, 750116, 750251, 630675], SMALL, 3],
    'small-simple-update': [[410322, 347351, 415863, 398637, 333832, 409601, 409681, 340406], SMALL, 3],
    'small-select-only': [[108224, 95489, 110446, 104707, 91197, 107895, 107942, 93084], SMALL, 3],
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
