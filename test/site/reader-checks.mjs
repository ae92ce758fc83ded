// What readers tripped over on a page, checked as the page tour (every-page.test.mjs)
// opens each page in each locale: at 1280 px every navbar link is one line; the
// Translating page names its example's languages in the page's language; the
// methodology names scenarios in it, each id kept beside; at 375 px the site's
// name stops before the search field, and a run's id wraps at the screen's
// edge; the Managed services bars are drawn to one scale at both widths.
import assert from 'node:assert/strict';
import {languageName} from '../../lib/pages/translating-page.mjs';
import {barsToScale, localTimes} from './phone-reading.mjs';

async function navbarOneLine(page, {locale}) {
  const items = await page.$$eval('.navbar__inner .navbar__item', (els) =>
    els
      .filter((e) => e.offsetParent !== null)
      .map((e) => ({text: e.textContent.trim(), height: e.getBoundingClientRect().height})),
  );
  assert.ok(items.length >= 5, `${locale}: ${items.length} navbar items`);
  const lineHeight = Math.min(...items.map((i) => i.height));
  for (const item of items) assert.ok(item.height < lineHeight * 1.5, `${locale}: "${item.text}" wraps`);
}

async function exampleLanguages(page, {locale}) {
  const sample = await page.textContent('.sample-message');
  assert.ok(sample.startsWith(`${languageName('en', locale)}:`), `${locale}: ${sample.slice(0, 40)}`);
  if (locale !== 'en') assert.ok(!sample.includes('English'), `${locale}: "English" on the page`);
}

async function scenarioNames(page, {locale}) {
  const cells = await page.$$eval('tr[data-scenario] td:first-child', (tds) =>
    tds.map((td) => ({
      id: td.dataset.scenario ?? td.parentElement.dataset.scenario,
      text: td.textContent,
      code: td.querySelector('code')?.textContent,
    })),
  );
  assert.ok(cells.length >= 4, `${locale}: ${cells.length} scenarios`);
  for (const {id, text, code} of cells) {
    assert.equal(code, id, `${locale}: the id ${id} is kept`);
    const name = text.replace(code, '').trim();
    assert.ok(name.length > 0, `${locale}: scenario ${id} has no name`);
    if (locale !== 'en') assert.doesNotMatch(name, /[A-Za-z]/, `${locale}: "${name}" is not translated`);
  }
  const floor = await page.$$eval('li[data-noise-floor]', (lis) => lis.map((li) => li.textContent));
  assert.ok(floor.length > 0, `${locale}: a noise floor`);
  for (const item of floor) assert.doesNotMatch(item, /, (small|large|load) \//, `${locale}: ${item.slice(0, 80)}`);
}

async function nameBeforeSearch(page, {locale}) {
  const [title, field] = await page.evaluate(() =>
    ['.navbar__title', '.navbar input[type=search]'].map((s) => {
      const el = document.querySelector(s);
      const box = el.getBoundingClientRect();
      return {
        left: box.left,
        right: box.right,
        cut: el.scrollWidth > el.clientWidth,
        end: getComputedStyle(el).textOverflow,
      };
    }),
  );
  assert.ok(
    title.right <= field.left,
    `${locale}: the name ends at ${title.right} px, the field starts at ${field.left} px`,
  );
  if (title.cut) assert.equal(title.end, 'ellipsis', `${locale}: the name is cut without an ellipsis`);
}

async function runIdsWrap(page, {locale}) {
  const ids = await page.$$eval('tr[data-run] code', (codes) =>
    codes.map((c) => ({id: c.textContent, right: c.getBoundingClientRect().right, cut: c.scrollWidth > c.clientWidth})),
  );
  assert.ok(ids.length > 0);
  // A run's id wraps at the screen's edge: none ran past it (one was cut in the middle of its date).
  const width = page.viewportSize().width;
  for (const {id, right, cut} of ids) assert.ok(right <= width && !cut, `${locale}: ${id} ends at ${right} px`);
}

/** By page (its doc id): checks at 1280 px, as the page opened. */
export const READER_DESKTOP = {
  index: [navbarOneLine],
  translating: [exampleLanguages],
  methodology: [scenarioNames],
  services: [barsToScale],
  history: [localTimes],
};
/** By page: checks at 375 px. */
export const READER_NARROW = {index: [nameBeforeSearch], runs: [runIdsWrap], services: [barsToScale]};
