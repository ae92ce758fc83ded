// The translation guard behind `npm run i18n:check` and `i18n:status`: every
// locale's catalog (i18n/<locale>/benchmarks.json) against English — keys,
// placeholders, digits, formatter options, valid JSON — and which
// translations are stale because the English they were made from has changed.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {catalogProblems, messagesOf} from '../../../src/i18n/check-catalog.mjs';
import {placeholdersOf} from '../../../src/i18n/messages.mjs';
import {keyLines, positionOf} from './json-lines.mjs';

/**
 * Words with digits that a message may contain: names, not numbers (documented
 * in i18n/README.md). Every other digit is a number, and numbers come from the data.
 */
export const DIGIT_ALLOWLIST = ['gp3'];

export const catalogFile = (siteDir, locale) => path.join(siteDir, 'i18n', locale, 'benchmarks.json');
export const reviewedFile = (siteDir, locale) => path.join(siteDir, 'i18n', locale, 'benchmarks.reviewed.json');

/** The English text a translation was made from, as a short hash. */
export const sourceHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** A catalog file read: its messages with their lines, or the problem that stops reading it. */
export function readCatalog(file) {
  const rel = file;
  if (!existsSync(file)) return {problem: {file: rel, line: null, key: null, message: 'is missing: copy i18n/en/benchmarks.json and translate it'}};
  const text = readFileSync(file, 'utf8');
  try {
    const data = JSON.parse(text);
    return {data, messages: new Map(messagesOf(data)), lines: keyLines(text)};
  } catch (error) {
    const at = /position (\d+)/.exec(error.message);
    const {line, column} = at ? positionOf(text, Number(at[1])) : {line: null, column: null};
    return {problem: {file: rel, line, key: null, message: `is not valid JSON${column ? ` (column ${column})` : ''}: ${error.message}; fix the syntax (a missing comma or quote is the usual cause)`}};
  }
}

/** Digits in a message outside the allowlist and outside {{placeholders}}. */
export function strayDigits(text) {
  let rest = text.replace(/\{\{\s*[\w.]+\s*\}\}/g, ' ');
  for (const word of DIGIT_ALLOWLIST) rest = rest.split(word).join(' ');
  return rest.match(/\p{Nd}+/gu) ?? [];
}

/**
 * @returns {{problems: {file, line, key, message}[], status: Record<string, {translated: number, missing: number, stale: number, extra: number}>, stale: {file, line, key, locale}[]}}
 */
export function checkCatalogs(siteDir, localeCodes, defaultLocale) {
  const rel = (file) => path.relative(siteDir, file);
  const problems = [];
  const staleList = [];
  const status = {};
  const english = readCatalog(catalogFile(siteDir, defaultLocale));
  if (english.problem) return {problems: [{...english.problem, file: rel(english.problem.file)}], status, stale: staleList};

  for (const locale of localeCodes) {
    const file = catalogFile(siteDir, locale);
    const mine = locale === defaultLocale ? english : readCatalog(file);
    if (mine.problem) {
      problems.push({...mine.problem, file: rel(file)});
      continue;
    }
    const at = (key) => ({file: rel(file), line: mine.lines.get(key) ?? null, key});
    for (const [key, text] of mine.messages) {
      if (text.trim() === '') problems.push({...at(key), message: 'is empty: translate it'});
      const digits = strayDigits(text);
      if (digits.length > 0) {
        problems.push({...at(key), message: `contains ${digits.map((d) => `"${d}"`).join(', ')}: numbers come from the data, never from a message; use a {{placeholder}} the page fills (or, for a name such as gp3, add it to DIGIT_ALLOWLIST in scripts/lib/i18n/check-catalogs.mjs and i18n/README.md)`});
      }
    }
    for (const line of catalogProblems(mine.data, locale, rel(file))) {
      const key = /"([^"]+)"/.exec(line)?.[1];
      problems.push({...at(key), message: line.slice(line.indexOf(': "') + 2 + key.length + 3)});
    }
    if (locale === defaultLocale) continue;

    const reviewed = existsSync(reviewedFile(siteDir, locale)) ? JSON.parse(readFileSync(reviewedFile(siteDir, locale), 'utf8')) : {};
    const counts = {translated: 0, missing: 0, stale: 0, extra: 0};
    for (const [key, text] of english.messages) {
      if (!mine.messages.has(key)) {
        counts.missing++;
        problems.push({file: rel(file), line: null, key, message: `is missing (English: i18n/${defaultLocale}/benchmarks.json line ${english.lines.get(key)}): add its translation`});
        continue;
      }
      const theirs = placeholdersOf(mine.messages.get(key)).sort().join(', ');
      const ours = placeholdersOf(text).sort().join(', ');
      if (theirs !== ours) problems.push({...at(key), message: `has placeholders {${theirs}} but English has {${ours}}: use exactly English's {{names}} (they are filled by the page, not translated)`});
      if (reviewed[key] === sourceHash(text)) counts.translated++;
      else {
        counts.stale++;
        staleList.push({...at(key), locale, unreviewed: reviewed[key] === undefined});
      }
    }
    for (const key of mine.messages.keys()) {
      if (!english.messages.has(key)) {
        counts.extra++;
        problems.push({...at(key), message: 'is not in English: remove it, or rename it to the English key it translates'});
      }
    }
    status[locale] = counts;
  }
  return {problems, status, stale: staleList};
}

/** Records that `locale`'s translations of `keys` (all when none) were made from today's English. */
export function markReviewed(siteDir, locale, defaultLocale, keys = []) {
  const english = readCatalog(catalogFile(siteDir, defaultLocale));
  const mine = readCatalog(catalogFile(siteDir, locale));
  for (const c of [english, mine]) if (c.problem) throw new Error(`${c.problem.file} ${c.problem.message}`);
  const file = reviewedFile(siteDir, locale);
  const reviewed = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const chosen = keys.length > 0 ? keys : [...mine.messages.keys()].filter((k) => english.messages.has(k));
  for (const key of chosen) {
    if (!english.messages.has(key)) throw new Error(`i18n/${defaultLocale}/benchmarks.json has no "${key}": name a key that English has.`);
    if (!mine.messages.has(key)) throw new Error(`i18n/${locale}/benchmarks.json has no "${key}" yet: translate it first.`);
    reviewed[key] = sourceHash(english.messages.get(key));
  }
  const sorted = Object.fromEntries(Object.keys(reviewed).filter((k) => english.messages.has(k)).sort().map((k) => [k, reviewed[k]]));
  writeFileSync(`${file}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return chosen.length;
}

/** One line per problem: `file:line: "key" message`. */
export const formatProblem = (p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.key ? `"${p.key}" ` : ''}${p.message}`;
