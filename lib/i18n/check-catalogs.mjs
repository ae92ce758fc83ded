// The translation guard behind `npm run i18n:check` and `i18n:status`: every
// locale's catalog (i18n/<locale>/benchmarks.json) against English — keys,
// placeholders, digits, formatter options, valid JSON — and which
// translations are stale because the English they were made from has changed.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {writeFileAtomically} from '../write-file-atomically.mjs';
import {CATALOG_CHECKS} from './catalog-checks/index.mjs';
import {catalogPath, parseCatalog, reviewedFile} from './catalogs.mjs';

export {DIGIT_ALLOWLIST} from './catalog-checks/stray-digits.mjs';

/** The English text a translation was made from, as a short hash. */
export const sourceHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The problems of one catalog: every check that applies to it, in list order. */
export function catalogProblems(catalog, {locale, english, isDefault}) {
  return CATALOG_CHECKS.filter((c) => c.appliesTo === 'every' || !isDefault).flatMap((c) =>
    c.check({catalog, english, locale}).map((p) => ({
      file: catalog.file,
      line: p.line === undefined ? (catalog.lines.get(p.key) ?? null) : p.line,
      key: p.key,
      message: p.message,
    })),
  );
}

const readReviewed = (siteDir, locale) =>
  existsSync(reviewedFile(siteDir, locale)) ? JSON.parse(readFileSync(reviewedFile(siteDir, locale), 'utf8')) : {};

/**
 * @returns {{problems: {file, line, key, message}[], status: Record<string, {translated: number, missing: number,
 *   stale: number, extra: number}>, stale: {file, line, key, locale, unreviewed: boolean}[]}}
 */
export function checkCatalogs(siteDir, localeCodes, defaultLocale) {
  const problems = [];
  const stale = [];
  const status = {};
  const english = parseCatalog(siteDir, defaultLocale);
  if (english.problem) return {problems: [english.problem], status, stale};

  for (const locale of localeCodes) {
    const isDefault = locale === defaultLocale;
    const catalog = isDefault ? english : parseCatalog(siteDir, locale);
    if (catalog.problem) {
      problems.push(catalog.problem);
      continue;
    }
    problems.push(...catalogProblems(catalog, {locale, english, isDefault}));
    if (isDefault) continue;

    const reviewed = readReviewed(siteDir, locale);
    const counts = {translated: 0, missing: 0, stale: 0, extra: 0};
    for (const [key, text] of english.messages) {
      if (!catalog.messages.has(key)) counts.missing++;
      else if (reviewed[key] === sourceHash(text)) counts.translated++;
      else {
        counts.stale++;
        const line = catalog.lines.get(key) ?? null;
        stale.push({file: catalog.file, line, key, locale, unreviewed: reviewed[key] === undefined});
      }
    }
    counts.extra = [...catalog.messages.keys()].filter((k) => !english.messages.has(k)).length;
    status[locale] = counts;
  }
  return {problems, status, stale};
}

/** Records that `locale`'s translations of `keys` (all when none) were made from today's English. */
export function markReviewed(siteDir, locale, defaultLocale, keys = []) {
  const english = parseCatalog(siteDir, defaultLocale);
  const mine = parseCatalog(siteDir, locale);
  for (const c of [english, mine]) if (c.problem) throw new Error(`${c.problem.file} ${c.problem.message}`);
  const file = reviewedFile(siteDir, locale);
  const reviewed = readReviewed(siteDir, locale);
  const chosen = keys.length > 0 ? keys : [...mine.messages.keys()].filter((k) => english.messages.has(k));
  for (const key of chosen) {
    if (!english.messages.has(key))
      throw new Error(`${catalogPath(defaultLocale)} has no "${key}": name a key that English has.`);
    if (!mine.messages.has(key)) throw new Error(`${catalogPath(locale)} has no "${key}" yet: translate it first.`);
    reviewed[key] = sourceHash(english.messages.get(key));
  }
  const sorted = Object.fromEntries(
    Object.keys(reviewed)
      .filter((k) => english.messages.has(k))
      .sort()
      .map((k) => [k, reviewed[k]]),
  );
  writeFileAtomically(file, `${JSON.stringify(sorted, null, 2)}\n`);
  return chosen.length;
}

/** One line per problem: `file:line: "key" message`. */
export const formatProblem = (p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.key ? `"${p.key}" ` : ''}${p.message}`;
