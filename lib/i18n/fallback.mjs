// One language never blocks the others: a catalog the check finds a problem
// in is still built, with English in place of each message it cannot use (all
// of them when the file cannot be read). The pages mark where that happened
// and the build log lists why; npm run i18n:check still fails, so it gets fixed.
import {catalogProblems, formatProblem} from './check-catalogs.mjs';
import {parseCatalog} from './catalogs.mjs';
import {defaultLocale} from '../locales.mjs';

const cache = new Map();

/**
 * The messages `locale`'s pages are built from.
 * @returns {{data: object, fallback: string[], reasons: string[], inEnglish: string[], whole?: true}}  fallback:
 *   keys shown in English for a problem (whole: every key, the file cannot be used); inEnglish: a suite's words
 *   not translated yet (lib/i18n/suite-words.mjs)
 */
export function usableCatalog(siteDir, locale) {
  const english = parseCatalog(siteDir, defaultLocale);
  if (english.problem) throw new Error(formatProblem(english.problem));
  const catalog = locale === defaultLocale ? english : parseCatalog(siteDir, locale);
  const id = `${siteDir}\0${locale}\0${catalog.data ? JSON.stringify(catalog.data) : ''}`;
  if (cache.has(id)) return cache.get(id);
  let result;
  if (locale === defaultLocale) result = {data: english.data, fallback: [], reasons: [], inEnglish: []};
  else if (catalog.problem)
    result = {
      data: english.data,
      fallback: [...english.messages.keys()],
      reasons: [formatProblem(catalog.problem)],
      inEnglish: [],
      whole: true,
    };
  else {
    const problems = catalogProblems(catalog, {locale, english, isDefault: false});
    const unusable = new Set(problems.map((p) => p.key).filter((key) => english.messages.has(key)));
    const data = structuredClone(english.data);
    for (const [key, text] of catalog.messages) {
      if (!english.messages.has(key) || unusable.has(key)) continue;
      const parts = key.split('.');
      parts.slice(0, -1).reduce((node, part) => node[part], data)[parts.at(-1)] = text;
    }
    // A suite's words the language has not translated yet: shown in English, marked so, and no problem.
    const inEnglish = [...(english.optional ?? [])].filter((key) => !catalog.messages.has(key));
    result = {data, fallback: [...unusable], reasons: problems.map(formatProblem), inEnglish};
  }
  cache.set(id, result);
  return result;
}

/** The catalog's messages for the site, English in place of unusable ones: what readCatalog gives pages. */
export const siteCatalog = (siteDir, locale) => usableCatalog(siteDir, locale).data;
