// What a Japanese, Korean or Chinese reader must not meet in a built page's text, where messages, names and figures
// have been joined (no catalog check sees that): the locale's typography rules (lib/i18n/typography.mjs), the
// English "shared buffers", and any form the locale's glossary says to avoid. Code is left out: it is what it is.
import assert from 'node:assert/strict';
import {readGlossary} from '../../lib/i18n/glossary.mjs';
import {typographyRules} from '../../lib/i18n/typography.mjs';
import {root} from './site.mjs';

/** The page's text, every tab and fold included, without code: its text nodes joined by a mark no rule matches. */
const pageText = (page) =>
  page.evaluate(() => {
    const skip = 'code, pre, script, style, [lang="en"]';
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest(skip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const texts = [];
    while (walker.nextNode()) texts.push(walker.currentNode.nodeValue);
    return texts.join('\u0001');
  });

export async function typographyHeld(page, {locale}) {
  if (locale === 'en') return;
  const text = await pageText(page);
  const avoided = (readGlossary(root, locale)?.terms ?? []).flatMap((t) => t.avoid ?? []);
  const rules = {
    ...typographyRules(locale),
    sharedBuffersInEnglish: /shared buffers/giu,
    ...(avoided.length > 0 && {
      glossaryAvoided: new RegExp(avoided.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu'),
    }),
  };
  const found = Object.entries(rules).flatMap(([name, re]) =>
    [...text.matchAll(re)].map((m) => `${name}: …${text.slice(Math.max(0, m.index - 16), m.index + 12)}…`),
  );
  assert.deepEqual(
    found.map((f) => f.replaceAll('\u0001', ' | ')).slice(0, 12),
    [],
    `${locale}: ${found.length} found`,
  );
}
