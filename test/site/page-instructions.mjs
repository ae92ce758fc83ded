// The instructions measure on the versions and planner pages, in every locale:
// each group's instructions per transaction equal the newest instructions
// run's, summarized and formatted here with the site's own code; the verdicts
// and the summary at the top are those the site's code decides; the functions
// where the work changed are folded, and load when opened; the Cachegrind files
// are served. Checked by the page tour (every-page.test.mjs) on each page.
import assert from 'node:assert/strict';
import {formatFigure} from '../../lib/numbers/format.mjs';
import {byTargetOrder} from '../../lib/model/targets.mjs';
import {pairKey} from '../../lib/model/keys.mjs';
import {newestRun} from '../../lib/pages/site-data.mjs';
import {summarizeRepeats} from '../../lib/model/summarize-repeats.mjs';
import {shots, siteContent, sitePages} from './site.mjs';

const {results} = siteContent();

/** The instructions figures of a page of `suite`, its groups in `list`, a cell's group by `groupOf`. */
const instructionsOf = ({suite, groupOf, list}) =>
  async function instructions(page, {locale, site}) {
    const run = newestRun(results, suite, {measure: 'instructions'});
    const data = sitePages(locale)[suite];
    if (data.summary) {
      // The summary at the top: every sentence the site's code generates from the verdicts.
      const summary = await page.textContent('[data-summary="instructions"]');
      if (run) for (const sentence of data.summary.instructions) assert.ok(summary.includes(sentence), summary);
      else assert.ok(summary.length > 0);
      if (data.summary.time) assert.equal(await page.textContent('[data-summary="time"]'), data.summary.time);
    } else if (Array.isArray(data.answer)) {
      // The answer at the top: a sentence per version, from the verdicts of both measures.
      for (const {target, sentence} of data.answer) {
        assert.equal(await page.textContent(`[data-answer-sentence="${target}"]`), sentence);
      }
    } else {
      // The answer at the top: the sentence of its first pair (versions-answer.test.mjs reads it as a reader).
      const {target, baseline} = data.answer.initial;
      const pair = data.answer.pairs.find((p) => p.target === target && p.baseline === baseline);
      assert.equal(await page.textContent('[data-answer-sentence]'), pair.sentence);
    }
    if (!run) {
      assert.equal(await page.locator('[data-instructions-missing]').count(), data[list].length);
      return;
    }
    const controls = new Set(run.environment.targets.filter((t) => t.controlOf).map((t) => t.id));
    for (const g of data[list]) {
      const id = g.id;
      const cells = run.cells.filter((c) => groupOf(c) === id && !controls.has(c.target));
      // A group the newest instructions run did not measure (run with --only) says so, and shows no figure.
      if (cells.length === 0) {
        assert.equal(g.instructions, null, id);
        assert.equal(await page.locator(`[data-instructions-missing="${id}"]`).count(), 1, id);
        continue;
      }
      const medians = summarizeRepeats(cells, (c) => c.instructions.perTransaction)
        .sort(byTargetOrder(run))
        .map((s) => formatFigure(s.median, 'instructions', locale));
      const shown = await page.$$eval(`table[data-instructions-table="${id}"] td[data-figure="instructions"]`, (tds) =>
        tds.map((td) => td.firstChild.textContent),
      );
      assert.deepEqual(shown, medians, id);
      // The server's other processes, when the run counted them: their own column, a dash when a repeat fell below 0.
      if (cells.some((c) => c.instructions.otherPerTransaction !== undefined)) {
        const others = summarizeRepeats(cells, (c) => c.instructions.otherPerTransaction)
          .sort(byTargetOrder(run))
          .map((s) => (s.min >= 0 ? formatFigure(s.median, 'instructions', locale) : '—'));
        const shownOthers = await page.$$eval(`table[data-instructions-table="${id}"] tbody tr`, (trs) =>
          trs.map((tr) => tr.querySelectorAll('td')[1].firstChild.textContent),
        );
        assert.deepEqual(shownOthers, others, `${id}: other processes`);
      }
      assert.deepEqual(
        await page.$$eval(`table[data-instructions-table="${id}"] td[data-verdict]`, (tds) =>
          tds.map((td) => td.dataset.verdict),
        ),
        // A server built otherwise than the first and not of its version has no comparison, and no verdict.
        g.instructions.rows
          .slice(1)
          .filter((r) => r.comparison)
          .map((r) => r.comparison.verdict),
      );
      // Folded until the reader opens it, one per version against the baseline.
      const details = page.locator(`section[data-instructions="${id}"] details[data-functions]`);
      assert.equal(await details.count(), g.instructions.functions.length);
      for (let i = 0; i < (await details.count()); i++) {
        assert.equal(await details.nth(i).getAttribute('open'), null);
      }
      for (const file of g.instructions.files) {
        const response = await page.request.get(new URL(file.long, site.url).href);
        assert.equal(response.status(), 200, file.long);
        assert.match(await response.text(), /^desc: .*\ncmd: .*\nevents: Ir\n/);
      }
    }
    // Open the first comparison's functions: its rows are loaded then (they are not in the page's first
    // load), the function names as Cachegrind gives them.
    const first = page.locator('section[data-instructions] details[data-functions]').first();
    const [group, target] = [data[list][0].id, data[list][0].instructions.functions[0].target];
    assert.equal(await first.getAttribute('data-functions'), `${group}-${target}`);
    await first.locator('summary').click();
    await first.locator('tbody tr').first().waitFor();
    const names = await first.locator('tbody th code').allTextContents();
    assert.deepEqual(
      names,
      data.onDemand.functions[pairKey(group, target)].map((r) => r.function),
    );
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({path: `${shots}/instructions-${suite}-${locale}.png`, fullPage: false});
  };

/** By page (its doc id): the checks of its instructions figures. */
export const PAGE_INSTRUCTIONS = {
  'pg-versions': [
    instructionsOf({suite: 'pg-versions', groupOf: (c) => `${c.scenario}-${c.workload}`, list: 'groups'}),
  ],
  'pg17-planner': [instructionsOf({suite: 'pg17-planner', groupOf: (c) => c.workload, list: 'cases'})],
};
