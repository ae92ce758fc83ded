// Every term of the catalogs' `terms` a page names is explained at its first use (lib/i18n/terms.mjs): checked
// by the page tour (every-page.test.mjs) in every locale. The forms are read from the locale's catalog here and
// found with a search of this file's own; the first one in the page's text (headings, code and menus aside), in
// document order, must be a term button, and pressing it must open that term's explanation.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {root} from './site.mjs';

// The names every language writes alike (a setting, a tool, a command): not in the catalogs.
const LITERAL = {
  cgDiff: 'cg_diff',
  dataChecksums: 'data_checksums',
  ioMethod: 'io_method',
  benchCompare: 'bench compare',
  pValue: 'p =',
};

const forms = new Map();
/** [{id, form}] of a locale, from its catalog's terms.<id>.name (forms separated by "|"). */
function formsOf(locale) {
  if (!forms.has(locale)) {
    const {terms} = JSON.parse(readFileSync(`${root}i18n/${locale}/benchmarks.json`, 'utf8'));
    forms.set(
      locale,
      Object.entries(terms).flatMap(([id, {name}]) =>
        (name ?? LITERAL[id])
          .split('|')
          .map((f) => f.trim())
          .map((form) => ({id, form})),
      ),
    );
  }
  return forms.get(locale);
}

/** The first use of each term in the page's text, and whether a term button of that term holds it. */
async function firstUses(page, locale) {
  return page.evaluate((forms) => {
    // Text a term button cannot stand in (a menu's option, code) or should not (a heading names, the text explains).
    const skip = 'option, select, code, pre, svg, canvas, h1, h2, h3, h4, h5, h6, [data-terms], script, style';
    const article = document.querySelector('article');
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest(skip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const latin = /[A-Za-z_]/;
    const first = new Map();
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.nodeValue;
      for (const {id, form} of forms) {
        if (first.has(id)) continue;
        for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
          const before = text[at - 1] ?? ' ';
          const after = text[at + form.length] ?? ' ';
          const whole =
            (!latin.test(form[0]) || !latin.test(before)) &&
            (!latin.test(form.at(-1)) ||
              !latin.test(after) ||
              (after === 's' && !latin.test(text[at + form.length + 1] ?? ' ')));
          if (!whole) continue;
          const button = node.parentElement.closest('button[data-term]');
          first.set(id, {
            form,
            explained: button?.dataset.term === id,
            where: `${node.parentElement.tagName.toLowerCase()}: "${text.trim().slice(0, 70)}"`,
          });
          break;
        }
      }
    }
    return [...first].map(([id, use]) => ({id, ...use}));
  }, formsOf(locale));
}

export async function termsExplained(page, {locale}) {
  const uses = await firstUses(page, locale);
  assert.deepEqual(
    uses.filter((u) => !u.explained).map((u) => `${u.id} (${u.form}) first in ${u.where}`),
    [],
    `${locale}: terms not explained at their first use`,
  );
  // Pressing the first term opens its explanation, in the page's language.
  const [use] = uses;
  if (!use) return;
  const button = page.locator(`article button[data-term="${use.id}"]`).first();
  await button.click();
  const note = page.locator(`#term-${use.id}`);
  assert.ok(await note.evaluate((n) => n.matches(':popover-open')), `${locale}: ${use.id} did not open`);
  assert.ok((await note.textContent()).length > 40, `${locale}: ${use.id} explains nothing`);
  await page.keyboard.press('Escape');
}
