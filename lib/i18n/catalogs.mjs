// Where a locale's message catalog lives and how it is read: the one module
// that knows `i18n/<locale>/benchmarks.json`. Translators edit only that file;
// `benchmarks.reviewed.json` beside it records which English each translation
// was reviewed against.
import {existsSync, lstatSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {catalogPath} from './catalog-path.mjs';
import {positionOf, scanKeys} from './json-lines.mjs';
import {createTranslator, placeholdersOf} from './messages.mjs';
import {withSuiteWords} from './suite-words.mjs';
import {defaultLocale} from '../locales.mjs';

export {catalogPath};
const REVIEWED = 'benchmarks.reviewed.json';

/** The catalog's file in a site. */
export const catalogFile = (siteDir, locale) => path.join(siteDir, catalogPath(locale));

/** The file recording which English each translation was reviewed against. */
export const reviewedFile = (siteDir, locale) => path.join(siteDir, 'i18n', locale, REVIEWED);

/** How deep a catalog's keys may nest: English's go four levels down. */
const MAX_DEPTH = 8;

/** How many levels of objects `data` nests (without recursion: any depth is measured, never a stack overflow). */
function nestingOf(data) {
  let deepest = 0;
  const stack = [[data, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop();
    deepest = Math.max(deepest, depth);
    if (depth > MAX_DEPTH) break;
    for (const value of Object.values(node)) {
      if (value !== null && typeof value === 'object') stack.push([value, depth + 1]);
    }
  }
  return deepest;
}

/** Every message of a catalog, as [dotted key, text]. */
export function messagesOf(node, prefix = '') {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value]]
      : value !== null && typeof value === 'object'
        ? messagesOf(value, `${prefix}${key}.`)
        : [],
  );
}

/**
 * A catalog read for checking: its data, messages and the line of every key,
 * or the problem that stops it being read ({file, line, key, message}).
 * @returns {{file: string, text?: string, data?: object, messages?: Map<string, string>,
 *   lines?: Map<string, number>, duplicates?: {key, line, firstLine}[], problem?: object, words?: object}}  words:
 *   with a problem, the check's own words when they can still be read (checkWords)
 */
export function parseCatalog(siteDir, locale) {
  const file = catalogPath(locale);
  const full = catalogFile(siteDir, locale);
  if (!existsSync(full)) {
    return {
      file,
      locale,
      problem: {file, line: null, key: null, message: `is missing: copy ${catalogPath('en')} and translate it`},
    };
  }
  const read = readJsonObject(full, file, {
    link: `a catalog is a plain file in i18n/${locale}/; put one there`,
    object: `not an object of messages: copy ${catalogPath('en')} and translate it`,
  });
  if (read.problem) {
    const words = checkWords(read.text, locale);
    return {file, locale, problem: inOwnWords(read.problem, words), words};
  }
  const {text, data} = read;
  const depth = nestingOf(data);
  if (depth > MAX_DEPTH) {
    const message = `nests its messages ${depth} levels deep (English: at most ${MAX_DEPTH}): write English's keys`;
    return {file, locale, problem: {file, line: 1, key: null, message}};
  }
  const parsed = catalogOf(text, data, {file, locale});
  // English holds every suite's own words too, as the suites say them (lib/i18n/suite-words.mjs).
  return locale === defaultLocale ? withSuiteWords(parsed, siteDir) : parsed;
}

/** A catalog as parseCatalog gives it, from its text and data: what every check reads. */
export const catalogOf = (text, data, {file, locale}) => ({
  file,
  locale,
  text,
  data,
  messages: new Map(messagesOf(data)),
  ...scanKeys(text),
});

/**
 * A JSON file that must hold an object, read: {text, data}, or the problem
 * that stops it ({file, line, key: null, message}). A link is never followed
 * (to /etc/passwd its bytes would reach a log and a page; to /dev/zero it
 * would never end). `fix` ends the messages: `link` and `object` always,
 * `json` in place of the usual hint for a syntax error.
 * @param {string} full  its path
 * @param {string} file  its name in messages
 * @param {{link: string, object: string, json?: string}} fix
 */
export function readJsonObject(full, file, fix) {
  if (!lstatSync(full).isFile()) {
    return {problem: {file, line: null, key: null, message: `is not a file of its own (a link?): ${fix.link}`}};
  }
  const text = readFileSync(full, 'utf8');
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const {line, message, syntax} = jsonProblem(text, error);
    return {
      text,
      problem: {
        file,
        line,
        key: null,
        message: fix.json ? `${message.replace(/;.*$/, '')}: ${fix.json}` : message,
        ...(!fix.json && {syntax}),
      },
    };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    const found = data === null ? 'null' : Array.isArray(data) ? 'an array' : `a ${typeof data}`;
    return {problem: {file, line: 1, key: null, message: `is ${found}, ${fix.object}`}};
  }
  return {text, data};
}

// JSON.parse reports a missing comma where the next key starts: the fix is on
// the line before, after the last thing written there.
const AT_PREVIOUS_TOKEN = [
  [/^Expected ',' or '[}\]]' after/, 'a comma is missing at the end of this line', 'checks.jsonComma'],
  [
    /^Expected double-quoted property name/,
    'a comma at the end of this line has nothing after it: remove it',
    'checks.jsonTrailingComma',
  ],
];

/** V8's message without the snippet of the text it quotes ("root:x:0:0"…): the line and column point at it. */
const withoutSnippet = (message) => message.replace(/, (?:\.\.\.)?".*$/s, '');

/** Where a JSON syntax error is and what usually fixes it: {line, message}. */
function jsonProblem(text, error) {
  const at = /position (\d+)/.exec(error.message);
  if (!at) return {line: null, message: `is not valid JSON: ${withoutSnippet(error.message)}`};
  let offset = Number(at[1]);
  let hint = 'fix the syntax (a missing comma or quote is the usual cause)';
  const previous = AT_PREVIOUS_TOKEN.find(([pattern]) => pattern.test(error.message));
  if (previous) {
    while (offset > 0 && /\s/.test(text[offset - 1])) offset--;
    offset = Math.max(0, offset - 1);
    hint = previous[1];
  }
  const {line, column} = positionOf(text, offset);
  const detail = withoutSnippet(error.message.replace(/ in JSON at.*/, ''));
  return {
    line,
    message: `is not valid JSON (column ${column}): ${detail}; ${hint}`,
    // What the translator's own words say instead (inOwnWords): the same, by id.
    syntax: {id: previous?.[2] ?? 'checks.jsonSyntax', values: {column: String(column), detail}},
  };
}

/**
 * A catalog's JSON error in its translator's language: the file cannot be read as a whole, but the check's words
 * (its `checks` object) usually still can, when the mistake is elsewhere; English's words otherwise.
 */
function inOwnWords(problem, words) {
  const {syntax, ...rest} = problem;
  const text = syntax && words?.messages.get(syntax.id);
  if (!text || !placeholdersOf(text).every((name) => name in syntax.values)) return rest;
  return {...rest, message: createTranslator(words.locale, words.data)(syntax.id, syntax.values)};
}

/**
 * The check's own words of a file that cannot be read as a whole (its `checks` object, when that part is
 * whole), as a catalog of them alone: what the check says in the translator's language; undefined without.
 */
function checkWords(text, locale) {
  const checks = text === undefined || locale === defaultLocale ? null : objectAt(text, 'checks');
  if (!checks) return undefined;
  return {locale, data: {checks}, messages: new Map(messagesOf({checks}))};
}

/** The object written under top-level `"name": {…}` in a JSON text that may be broken elsewhere, or null. */
export function objectAt(text, name) {
  const start = new RegExp(`^ {0,2}"${name}"\\s*:\\s*\\{`, 'm').exec(text);
  if (!start) return null;
  let depth = 0;
  let inString = false;
  const from = start.index + start[0].length - 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        const data = JSON.parse(text.slice(from, i + 1));
        return data !== null && typeof data === 'object' ? data : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A locale's messages for the pages; a missing or broken file is an error that names it. */
export function readCatalog(siteDir, locale) {
  const read = parseCatalog(siteDir, locale);
  if (read.problem) {
    const {file, line, message} = read.problem;
    throw new Error(`${file}${line ? `:${line}` : ''}: ${message}`);
  }
  return read.data;
}
