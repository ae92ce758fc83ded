// What a Japanese, Korean or Chinese reader must not meet in a built page's text, where messages, names and figures
// have been joined (no catalog check sees that): the locale's typography rules (lib/i18n/typography.mjs), the
// English "shared buffers", and any form the locale's glossary says to avoid. Code is left out: it is what it is.
import assert from 'node:assert/strict';
import {readGlossary} from '../../lib/i18n/glossary.mjs';
import {typographyRules} from '../../lib/i18n/typography.mjs';
import {root} from './site.mjs';

/**
 * The page's text, every tab and fold included, as a reader meets it: the text nodes of one block joined as they
 * run (a link inside a sentence is part of it: "出典： Performance"), blocks and line breaks apart by a mark no rule
 * matches, and code replaced by another such mark (it is what it is, but the spaces around it are the page's).
 */
const pageText = (page) =>
  page.evaluate(() => {
    const skip = 'code, pre, script, style, [lang="en"]';
    const blockOf = (node) => {
      let e = node.parentElement;
      while (e && getComputedStyle(e).display.startsWith('inline')) e = e.parentElement;
      return e;
    };
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT,
    );
    let text = '';
    let block = null;
    while (walker.nextNode()) {
      const node = walker.currentNode;
      // A line break ends a line as a block does.
      if (node.nodeName === 'BR') block = null;
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const here = blockOf(node);
      if (here !== block) text += '\u0001';
      block = here;
      text += node.parentElement.closest(skip) ? '\u0002' : node.nodeValue;
    }
    return text;
  });

/** Terms whose particle ("명령어가", "命令数が") may go to the next line without them. */
const particlesApart = (page) =>
  page.$$eval('article button[data-term]', (buttons) =>
    buttons
      .filter((b) => /^[\p{Script=Hangul}\p{Script=Hiragana}]/u.test(b.nextSibling?.textContent ?? ''))
      .filter((b) => getComputedStyle(b.parentElement).whiteSpace !== 'nowrap')
      .map((b) => `${b.textContent}${b.nextSibling.textContent.slice(0, 4)}`),
  );

export async function typographyHeld(page, {locale}) {
  if (locale === 'en') return;
  assert.deepEqual(await particlesApart(page), [], `${locale}: a term's particle may start the next line`);
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
    found.map((f) => f.replaceAll('\u0001', ' | ').replaceAll('\u0002', '<code>')).slice(0, 12),
    [],
    `${locale}: ${found.length} found`,
  );
}
