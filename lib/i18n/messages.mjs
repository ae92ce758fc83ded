// Page text from the catalogs (i18n/<locale>/benchmarks.json, i18next's JSON
// format). Catalogs hold words and {{placeholders}}; the numbers come from the
// data. A missing key or a missing value is an error, never a blank.
//
// The pages use only i18next's plain interpolation, so this runs that subset
// itself and the browser does not download i18next; the build checks with
// i18next that every message means the same under both (catalog-checks/i18next-renders-same.mjs).

import {catalogPath} from './catalog-path.mjs';
import {ENDS_CJK, ENDS_FULL_WIDTH, STARTS_CJK, STARTS_FULL_WIDTH, setsFullWidth} from './full-width.mjs';

/** A {{placeholder}}, its name captured: the one pattern of the pages, the checks and the tools. */
export const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** `text` with each {{placeholder}} replaced by a space: the words a translator wrote. */
export const withoutPlaceholders = (text) => text.replace(PLACEHOLDER, ' ');

/** The message at a dotted key, or undefined. */
export function lookup(messages, id) {
  const value = id
    .split('.')
    .reduce((node, part) => (node !== null && typeof node === 'object' ? node[part] : undefined), messages);
  return typeof value === 'string' ? value : undefined;
}

/** The names of a message's placeholders, in order. */
export const placeholdersOf = (text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);

/**
 * @param {string} locale
 * @param {object} messages  the locale's catalog
 * @returns {(id: string, values?: object) => string}
 */
export function createTranslator(locale, messages) {
  const parts = createPartsTranslator(locale, messages);
  return (id, values = {}) => parts(id, values).map(String).join('');
}

/**
 * Like createTranslator, but the message comes back as a list of its text and
 * its values, unjoined: a value may then be an element (a link), not only text.
 * @returns {(id: string, values?: object) => unknown[]}
 */
export function createPartsTranslator(locale, messages) {
  return (id, values = {}) => {
    const text = lookup(messages, id);
    if (text === undefined)
      throw new Error(
        `${catalogPath(locale)} has no message "${id}": add it (npm run i18n:check lists what is missing).`,
      );
    // split() with a capturing group alternates text and placeholder names.
    const parts = text.split(new RegExp(PLACEHOLDER.source)).map((part, i) => {
      if (i % 2 === 0) return part;
      const value = values[part];
      if (value === undefined || value === null)
        throw new Error(`The message "${id}" (${locale}) needs a value for {{${part}}}: the page must pass it.`);
      return value;
    });
    return setsFullWidth(locale) ? withoutSpaceByFullWidth(parts) : parts;
  };
}

// Japanese and Chinese set no half-width space beside full-width brackets and punctuation, nor between two of their
// own characters. A message spaces a placeholder from its words ("{{base}} に対する", right for "PostgreSQL 17");
// a value that ends in a full-width mark ("PostgreSQL 17（-O2）") or in a character of the language, such as a
// date's 日 before の, takes that space away, as a value that begins with one does the space before it.

/** A message's parts (text, value, text…) with the spaces beside a value's full-width edge taken out. */
function withoutSpaceByFullWidth(parts) {
  return parts.map((part, i) => {
    if (i % 2 === 1) return part;
    const before = parts[i - 1];
    const after = parts[i + 1];
    let text = part;
    // A value may be an element (a link): only text has edges to read.
    const [left, right] = [before, after].map((v) => (typeof v === 'string' ? v : null));
    if (left !== null && (ENDS_FULL_WIDTH.test(left) || (ENDS_CJK.test(left) && STARTS_CJK.test(text.trimStart()))))
      text = text.replace(/^ +/, '');
    if (right !== null && (STARTS_FULL_WIDTH.test(right) || (STARTS_CJK.test(right) && ENDS_CJK.test(text.trimEnd()))))
      text = text.replace(/ +$/, '');
    return text;
  });
}

/** The messages at `keys` (namespaces or dotted keys), in the catalog's shape. */
export function pickMessages(messages, keys) {
  const out = {};
  // A key written "!a.b" leaves a.b out of what the keys before it took (words only the build uses).
  for (const key of keys.filter((k) => !k.startsWith('!'))) {
    const parts = key.split('.');
    const value = parts.reduce(
      (node, part) => (node !== null && typeof node === 'object' ? node[part] : undefined),
      messages,
    );
    if (value === undefined)
      throw new Error(
        `The catalog has no "${key}", which a page uses: add it (npm run i18n:check lists what is missing).`,
      );
    parts.slice(0, -1).reduce((node, part) => (node[part] ??= {}), out)[parts.at(-1)] = structuredClone(value);
  }
  for (const key of keys.filter((k) => k.startsWith('!'))) {
    const parts = key.slice(1).split('.');
    const parent = parts.slice(0, -1).reduce((node, part) => node?.[part], out);
    if (parent) delete parent[parts.at(-1)];
  }
  return out;
}
