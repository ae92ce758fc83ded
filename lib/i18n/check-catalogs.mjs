// The translation guard behind `npm run i18n:check` and `i18n:status`: every
// locale's catalog (i18n/<locale>/benchmarks.json) against English — keys,
// placeholders, digits, formatter options, valid JSON — and which
// translations are stale because the English they were made from has changed.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {writeFileAtomically} from '../write-file-atomically.mjs';
import {CATALOG_CHECKS} from './catalog-checks/index.mjs';
import {sayIn} from './check-messages.mjs';
import {catalogPath, parseCatalog, readJsonObject, reviewedFile} from './catalogs.mjs';
import {KEPT_FILE, notTranslated, readKept, scriptPattern} from './untranslated.mjs';
import {CONTEXT_FILE, contextProblems, readContext} from './message-context.mjs';
import {keyLines} from './json-lines.mjs';
import {glossaryFile, glossaryProblems, readGlossary} from './glossary.mjs';

/** Where a catalog departs from its language's glossary; an unreadable glossary is one problem naming it. */
function glossaryProblemsOf(siteDir, catalog, english, locale) {
  let glossary;
  try {
    glossary = readGlossary(siteDir, locale);
  } catch (error) {
    return [{file: glossaryFile(locale), line: null, key: null, message: error.message}];
  }
  return glossaryProblems(catalog, glossary, locale, english.messages).map((p) => ({
    file: catalog.file,
    line: catalog.lines.get(p.key) ?? null,
    key: p.key,
    message: sayIn([catalog, english], p.id, p.values),
  }));
}

/** The context file's problems, at the line of the entry (or none for a message that lacks one). */
function contextProblemsOf(siteDir, english) {
  const file = path.join(siteDir, CONTEXT_FILE);
  const lines = existsSync(file) ? keyLines(readFileSync(file, 'utf8')) : new Map();
  return contextProblems(readContext(siteDir), english.messages).map((p) => ({
    file: CONTEXT_FILE,
    line: lines.get(`messages.${p.key}`) ?? lines.get(`placeholders.${p.key.replace(/^\{\{|\}\}$/g, '')}`) ?? null,
    key: p.key,
    message: p.message,
  }));
}

export {DIGIT_ALLOWLIST} from './catalog-checks/stray-digits.mjs';

/** What i18n/locales.json says of each locale: its script ("scripts") and whether it claims to be complete. */
function localeSettings(siteDir) {
  const full = path.join(siteDir, 'i18n', 'locales.json');
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')).locales ?? {}) : {};
}

/** What a translator reads of a message not yet translated (`why`: notTranslated's answer), in `catalog`'s words. */
export const notTranslatedMessage = (why, catalog, english) =>
  sayIn([catalog, english], why === 'same' ? 'checks.untranslated' : 'checks.noScript', {
    example: '{{value}} TPS',
    file: KEPT_FILE,
  });

/** The English text a translation was made from, as a short hash. */
const sourceHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The problems of one catalog: every check that applies to it, in list order. */
export function catalogProblems(catalog, {locale, english, isDefault}) {
  // Each locale's build asks for every catalog's problems (its fallback, the Translating page's lists):
  // the same files give the same problems, so they are found once per process.
  const id = catalog.text !== undefined && english.text !== undefined && [locale, isDefault, catalog.file].join('\0');
  const found = id && problemsFound.get(id);
  if (found && found.text === catalog.text && found.english === english.text) return found.problems;
  const problems = findProblems(catalog, {locale, english, isDefault});
  if (id) problemsFound.set(id, {text: catalog.text, english: english.text, problems});
  return problems;
}

/** The problems found, by locale and file, with the texts they were found in. */
const problemsFound = new Map();

// A suite's own words are its data, written in its suite.yaml: a figure there ("PostgreSQL 17", "100 counters")
// is the suite's to say, not a number a page should fill in (lib/i18n/suite-words.mjs).
const FIGURE_CHECKS = new Set(['stray-digits', 'number-words', 'figure-signs', 'figure-multipliers']);

function findProblems(catalog, {locale, english, isDefault}) {
  const suiteWord = (c, p) => english.optional?.has(p.key) && FIGURE_CHECKS.has(c.name);
  return CATALOG_CHECKS.filter((c) => c.appliesTo === 'every' || !isDefault).flatMap((c) =>
    c
      .check({catalog, english, locale})
      .filter((p) => !suiteWord(c, p))
      .map((p) => ({
        // English's suite words are fixed in their suite's file.
        file: (isDefault && english.sources?.get(p.key)) || catalog.file,
        line: p.line === undefined ? (catalog.lines.get(p.key) ?? null) : p.line,
        key: p.key,
        message: sayIn([catalog, english], p.id, p.values),
      })),
  );
}

/**
 * The English each translation was reviewed against, by key (older records
 * kept a short hash of it instead: a hash tells that English changed, not how).
 */
export function readReviewed(siteDir, locale) {
  const {reviewed, problem} = parseReviewed(siteDir, locale);
  if (problem) throw new Error(formatProblem(problem));
  return reviewed;
}

/**
 * The review record, or the problem that stops it being read: then every
 * translation of the language counts as not yet reviewed, and the check says why.
 */
function parseReviewed(siteDir, locale) {
  const full = reviewedFile(siteDir, locale);
  if (!existsSync(full)) return {reviewed: {}};
  const file = path.relative(siteDir, full);
  const fix = `fix it, or delete it and mark what you reviewed again (npm run i18n:reviewed -- ${locale} KEY...)`;
  const read = readJsonObject(full, file, {link: fix, object: `not a JSON object: ${fix}`, json: fix});
  return read.problem ? {reviewed: {}, problem: read.problem} : {reviewed: read.data};
}

const HASH = /^[0-9a-f]{12}$/;
const reviewedAgainst = (record, text) => record === text || (HASH.test(record ?? '') && record === sourceHash(text));

/**
 * @returns {{problems: {file, line, key, message}[], status: Record<string, {translated: number, missing: number,
 *   stale: number, untranslated: number, extra: number}|{unusable: string}>,
 *   stale: {file, line, key, locale, unreviewed: boolean, before: string|null, now: string}[],
 *   untranslated: {file, line, key, locale, text: string, why: 'same'|'noScript'}[],
 *   inEnglish: {file, line, key, locale}[]}}  inEnglish: a suite's words a translation lacks (shown in English;
 *   lib/i18n/suite-words.mjs), with the suite's file
 */
export function checkCatalogs(siteDir, localeCodes, defaultLocale) {
  const problems = [];
  const stale = [];
  const same = [];
  const inEnglish = [];
  const status = {};
  const english = parseCatalog(siteDir, defaultLocale);
  if (english.problem) return {problems: [english.problem], status, stale, untranslated: same, inEnglish};
  const settings = localeSettings(siteDir);
  const {kept, problems: keptProblems} = readKept(siteDir, english.messages);
  problems.push(...keptProblems);

  for (const locale of localeCodes) {
    const isDefault = locale === defaultLocale;
    const catalog = isDefault ? english : parseCatalog(siteDir, locale);
    if (catalog.problem) {
      problems.push(catalog.problem);
      // The language keeps its row, saying why nothing of it can be counted.
      if (!isDefault) status[locale] = {unusable: formatProblem(catalog.problem)};
      continue;
    }
    problems.push(...catalogProblems(catalog, {locale, english, isDefault}));
    if (isDefault) {
      problems.push(...contextProblemsOf(siteDir, english));
      continue;
    }

    const {reviewed, problem: reviewProblem} = parseReviewed(siteDir, locale);
    if (reviewProblem) problems.push(reviewProblem);
    const counts = {translated: 0, missing: 0, stale: 0, untranslated: 0, extra: 0};
    let script = null;
    try {
      script = scriptPattern(settings[locale]?.scripts);
    } catch (error) {
      problems.push({file: 'i18n/locales.json', line: null, key: locale, message: error.message});
    }
    // A language that claims to be complete fails the check on a message not yet translated; others list it.
    const complete = settings[locale]?.complete === true;
    if (![undefined, true, false].includes(settings[locale]?.complete))
      problems.push({file: 'i18n/locales.json', line: null, key: locale, message: '"complete" must be true or false'});
    for (const [key, text] of english.messages) {
      const line = catalog.lines.get(key) ?? null;
      const why =
        catalog.messages.has(key) && !kept.has(key) ? notTranslated(catalog.messages.get(key), text, script) : null;
      if (!catalog.messages.has(key) && english.optional?.has(key)) {
        counts.missing++;
        inEnglish.push({file: english.sources.get(key), line: null, key, locale});
      } else if (!catalog.messages.has(key)) counts.missing++;
      else if (why) {
        counts.untranslated++;
        same.push({file: catalog.file, line, key, locale, text, why});
        if (complete) {
          const message = sayIn([catalog, english], 'checks.complete', {
            why: notTranslatedMessage(why, catalog, english),
            file: 'i18n/locales.json',
          });
          // Shown as written on the pages (not replaced by English, as a broken message is).
          problems.push({file: catalog.file, line, key, message, untranslated: true});
        }
      } else if (reviewedAgainst(reviewed[key], text)) counts.translated++;
      else {
        counts.stale++;
        const before = reviewed[key] === undefined || HASH.test(reviewed[key]) ? null : reviewed[key];
        stale.push({file: catalog.file, line, key, locale, unreviewed: reviewed[key] === undefined, before, now: text});
      }
    }
    // The glossary holds translations to their words: not a message kept as written, nor one not yet translated
    // (listed as such above, and fatal only in a complete language).
    const asWritten = new Set([...kept, ...same.filter((u) => u.locale === locale).map((u) => u.key)]);
    problems.push(...glossaryProblemsOf(siteDir, catalog, english, locale).filter((p) => !asWritten.has(p.key)));
    counts.extra = [...catalog.messages.keys()].filter((k) => !english.messages.has(k)).length;
    status[locale] = counts;
  }
  return {problems, status, stale, untranslated: same, inEnglish};
}

/**
 * Records that `locale`'s translations of `keys` were made from today's
 * English (every key of the language only with {all: true}: marking all is
 * rarely what a translator means).
 */
export function markReviewed(siteDir, locale, defaultLocale, keys = [], {all = false} = {}) {
  if (keys.length === 0 && !all)
    throw new Error(
      `Name the keys to mark reviewed (npm run i18n:reviewed -- ${locale} KEY...), or add --all to mark every ` +
        'translation of the language.',
    );
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
  }
  // Nothing English is marked done: a message not yet translated is refused, and nothing is written.
  const script = scriptPattern(localeSettings(siteDir)[locale]?.scripts);
  const {kept, problems: keptProblems} = readKept(siteDir, english.messages);
  if (keptProblems.length > 0) throw new Error(keptProblems.map(formatProblem).join('\n'));
  const refused = chosen
    .map((key) => ({
      key,
      why: kept.has(key) ? null : notTranslated(mine.messages.get(key), english.messages.get(key), script),
    }))
    .filter((r) => r.why)
    .map(({key, why}) => ({
      file: mine.file,
      line: mine.lines.get(key) ?? null,
      key,
      message: sayIn([mine, english], 'checks.reviewRefused', {why: notTranslatedMessage(why, mine, english)}),
    }));
  if (refused.length > 0) throw Object.assign(new Error(refused.map(formatProblem).join('\n')), {refused});
  for (const key of chosen) reviewed[key] = english.messages.get(key);
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
/**
 * A problem as one line: a key or message that holds a line break or another
 * control character shows it escaped (\n), so no line of the output can be
 * taken for anything but a problem (a GitHub workflow command, say).
 */
export const formatProblem = (p) =>
  `${oneLine(p.file)}${p.line ? `:${p.line}` : ''}: ${p.key ? `${JSON.stringify(p.key)} ` : ''}${oneLine(p.message)}`;

/** Text on one line: control characters escaped as JSON escapes them. */
export const oneLine = (text) =>
  String(text).replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => ({'\n': '\\n', '\r': '\\r', '\t': '\\t'})[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
