// Each language's glossary (i18n/<locale>/glossary.json): the one word it uses
// for a concept the pages keep naming (a margin, raw data, the Runs and History
// pages), the words it must not use for it, and the messages that must use it
// (a page's name in the navbar and its title). `npm run i18n:check` holds the
// catalog to it, so one concept never reads as two in one language.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {withoutPlaceholders} from './messages.mjs';

export const glossaryFile = (locale) => path.join('i18n', locale, 'glossary.json');

/**
 * A locale's glossary, or null when it has none; an unreadable one is a problem that names the file.
 * @returns {{terms: {concept: string, term: string, source?: string[], avoid?: string[], keys?: string[]}[]}|null}
 */
export function readGlossary(siteDir, locale) {
  const file = path.join(siteDir, glossaryFile(locale));
  if (!existsSync(file)) return null;
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${glossaryFile(locale)} is not valid JSON (${error.message}): fix it, or remove it.`);
  }
  const bad = (data.terms ?? [null]).findIndex(
    (t) => !t || typeof t.concept !== 'string' || typeof t.term !== 'string' || !t.term,
  );
  if (!Array.isArray(data.terms) || bad !== -1) {
    throw new Error(
      `${glossaryFile(locale)}: terms[${Math.max(bad, 0)}] needs a "concept" (the English) and a "term" ` +
        '(this language\'s word), with optional "source" (English\'s words for it), "avoid" (words not to use) ' +
        'and "keys" (messages that must use it).',
    );
  }
  return data;
}

/** A pattern that finds any of English's `source` words for a concept, as whole words, in any case. */
const sourcePattern = (source) => {
  const words = source.map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})s?(?![\\p{L}\\p{N}])`, 'iu');
};

/**
 * Where a catalog departs from its glossary: a message that uses a word to avoid; a message whose English names
 * the concept (one of its `source` words) and that does not use the term, whatever it uses instead; and a
 * message the glossary names (`keys`) that lacks its term. A term that stays as English writes it (A/A) is the
 * source word itself.
 * @param {{messages: Map<string, string>}} catalog
 * @param {Map<string, string>} englishMessages
 * @returns {{key: string, id: string, values: object}[]}
 */
export function glossaryProblems(catalog, glossary, locale, englishMessages = new Map()) {
  if (!glossary) return [];
  const file = glossaryFile(locale);
  return glossary.terms.flatMap(({concept, term, avoid = [], keys = [], source = []}) => {
    const avoided = [...catalog.messages].flatMap(([key, text]) =>
      avoid
        .filter((word) => text.includes(word))
        .map((word) => ({key, id: 'checks.glossaryAvoid', values: {word, concept, term, file}})),
    );
    const named = source.length > 0 ? sourcePattern(source) : null;
    const said = new Set(avoided.map((p) => p.key));
    const other = named
      ? [...catalog.messages]
          .filter(
            ([key, text]) =>
              !said.has(key) && !text.includes(term) && named.test(withoutPlaceholders(englishMessages.get(key) ?? '')),
          )
          .map(([key]) => ({
            key,
            id: 'checks.glossaryPreferred',
            values: {concept, term, file, englishWord: withoutPlaceholders(englishMessages.get(key)).match(named)[0]},
          }))
      : [];
    const preferred = new Set(other.map((p) => p.key));
    return [
      ...avoided,
      ...other,
      ...keys
        .filter((key) => catalog.messages.has(key) && !preferred.has(key) && !catalog.messages.get(key).includes(term))
        .map((key) => ({key, id: 'checks.glossaryTerm', values: {concept, term, file}})),
    ];
  });
}
