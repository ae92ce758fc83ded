// Each language's glossary (i18n/<locale>/glossary.json): the one word it uses
// for a concept the pages keep naming (a margin, raw data, the Runs and History
// pages), the words it must not use for it, and the messages that must use it
// (a page's name in the navbar and its title). `npm run i18n:check` holds the
// catalog to it, so one concept never reads as two in one language.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

export const glossaryFile = (locale) => path.join('i18n', locale, 'glossary.json');

/**
 * A locale's glossary, or null when it has none; an unreadable one is a problem that names the file.
 * @returns {{terms: {concept: string, term: string, avoid?: string[], keys?: string[]}[]}|null}
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
        '(this language\'s word), with optional "avoid" (words not to use) and "keys" (messages that must use it).',
    );
  }
  return data;
}

/**
 * Where a catalog departs from its glossary: a message that uses a word to avoid, and a message the glossary
 * names that lacks its term.
 * @param {{messages: Map<string, string>}} catalog
 * @returns {{key: string, id: string, values: object}[]}
 */
export function glossaryProblems(catalog, glossary, locale) {
  if (!glossary) return [];
  const file = glossaryFile(locale);
  return glossary.terms.flatMap(({concept, term, avoid = [], keys = []}) => [
    ...[...catalog.messages].flatMap(([key, text]) =>
      avoid
        .filter((word) => text.includes(word))
        .map((word) => ({key, id: 'checks.glossaryAvoid', values: {word, concept, term, file}})),
    ),
    ...keys
      .filter((key) => catalog.messages.has(key) && !catalog.messages.get(key).includes(term))
      .map((key) => ({key, id: 'checks.glossaryTerm', values: {concept, term, file}})),
  ]);
}
