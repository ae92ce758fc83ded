// Lists in running text, one way for the whole site: "A, B and C", 「A、B、C」, "A, B, C", "A、B和C".
// Intl writes Chinese's 和 with no space, which runs it into a Latin name ("PostgreSQL和Amazon"): a space
// is put on each side of it that touches Latin letters or digits, as Chinese typesetting does. Clauses (the
// parts of a sentence, each with its own verb) are joined in Chinese by semicolons, not by 和.
import {ENDS_FULL_WIDTH, STARTS_FULL_WIDTH, setsFullWidth} from './full-width.mjs';

const LATIN = /[A-Za-z0-9)%]$|^[A-Za-z0-9(+\-−]/;
const CLAUSE_SEPARATOR = {'zh-Hans': '；'};

/** What goes between two sentences of running text: a space, but in Japanese and Chinese, whose full stop ends one. */
export const sentenceGap = (locale) => (setsFullWidth(locale) ? '' : ' ');

/**
 * Items set apart by a mark (a name · its version, scenarios / workloads): a space each side of the mark, but in
 * Japanese and Chinese none beside a full-width bracket or mark ("（A/A）· 15.18").
 */
export function separated(items, locale, mark = '·') {
  return items.reduce(
    (text, item) => `${text}${gapBetween(text, mark, locale)}${mark}${gapBetween(mark, item, locale)}${item}`,
  );
}

/** What goes between the items of a bare list (versions, names, waits): 、 in Japanese and Chinese, else a comma. */
export const listSeparator = (locale) => (setsFullWidth(locale) ? '、' : ', ');

/**
 * What goes between two pieces of running text a page sets side by side (a label and its link, a link and the
 * note after it): a space, but in Japanese and Chinese none beside a full-width mark, which carries its own
 * (「出典：Performance benchmarks（…）」, not 「出典： Performance benchmarks （…）」).
 */
export const gapBetween = (before, after, locale) =>
  setsFullWidth(locale) && (ENDS_FULL_WIDTH.test(before) || STARTS_FULL_WIDTH.test(after)) ? '' : ' ';

/**
 * What joins clauses that hold lists of their own ("off (15, 16), on (18); io_method: …"): a semicolon, in Japanese
 * and Chinese a full-width one.
 */
export const clauseSeparator = (locale) => (setsFullWidth(locale) ? '；' : '; ');

/** A note after what it is about ("on (PostgreSQL 18)"), in Japanese and Chinese in full-width brackets. */
export const bracketed = (text, note, locale) => (setsFullWidth(locale) ? `${text}（${note}）` : `${text} (${note})`);

/** What follows a label ("PostgreSQL 15: short runs"): a colon and a space; in Japanese and Chinese, 「：」. */
export const labelMark = (locale) => (setsFullWidth(locale) ? '：' : ': ');

// A formatter per locale, made once: making one costs far more than formatting (a page of runs asked for
// hundreds while it hydrated: 46 ms of a phone's main thread).
const formats = new Map();
const listFormat = (locale) => {
  if (!formats.has(locale)) formats.set(locale, new Intl.ListFormat(locale, {type: 'conjunction'}));
  return formats.get(locale);
};

/**
 * @param {string[]} items
 * @param {string} locale
 * @param {{clauses?: boolean}} [options]  clauses: the items are clauses of a sentence
 */
export function listOf(items, locale, {clauses = false} = {}) {
  // One item is no list: no formatter is made (the first one of a locale costs a phone tens of milliseconds).
  if (items.length < 2) return items[0] ?? '';
  if (clauses && CLAUSE_SEPARATOR[locale]) return items.join(CLAUSE_SEPARATOR[locale]);
  // Korean lists with commas: Intl's 및 ("A 및 B", "-s 50: 3 및 -s 500: 6") reads as a form's, not a sentence's.
  if (locale === 'ko') return items.join(', ');
  const parts = listFormat(locale).formatToParts(items);
  if (!locale.startsWith('zh')) return parts.map((p) => p.value).join('');
  return parts
    .map((p, i) => {
      if (p.type !== 'literal' || p.value !== '和') return p.value;
      const before = LATIN.test(parts[i - 1]?.value.slice(-1) ?? '') ? ' ' : '';
      const after = LATIN.test(parts[i + 1]?.value.slice(0, 1) ?? '') ? ' ' : '';
      return `${before}和${after}`;
    })
    .join('');
}
