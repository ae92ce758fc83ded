// A message is not yet a translation when it is English's text word for word, or, in a language with a script
// of its own (i18n/locales.json: "scripts"), when it has no letter of that script: English pasted in, or
// rephrased. Words every language writes alike (names, units) do not count, and a message listed in
// i18n/kept-as-written.json (product names, SQL) is meant to stay as it is.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {readJsonObject} from './catalogs.mjs';
import {keyLines} from './json-lines.mjs';
import {withoutPlaceholders} from './messages.mjs';

/** Words every language writes as English does (product names, units, formats). */
const SAME_IN_EVERY_LANGUAGE = [
  ...['PostgreSQL', 'pgbench', 'TPS', 'JSON', 'CSV', 'GB', 'TB', 'GiB', 'ms', 'CPU', 'vCPU'],
  // The statisticians a method is named for (a language may also write them in its own script).
  ...['Hodges', 'Lehmann', 'Holm', 'Mann', 'Whitney'],
];

export const KEPT_FILE = 'i18n/kept-as-written.json';

/** The words of `text` a translation would change: two letters or more, not a name or unit. */
const wordsToTranslate = (text) =>
  (withoutPlaceholders(text).match(/\p{L}{2,}/gu) ?? []).filter((w) => !SAME_IN_EVERY_LANGUAGE.includes(w));
const hasWordToTranslate = (text) => wordsToTranslate(text).length > 0;

/** True when `text` is English's `source` word for word and has a word to translate. */
export function untranslated(text, source) {
  return text === source && hasWordToTranslate(text);
}

/**
 * A pattern of the letters of `scripts` (Unicode script names, as i18n/locales.json gives them), or null for
 * none; throws, saying what to write, when `scripts` is not a list of script names.
 */
export function scriptPattern(scripts) {
  if (scripts === undefined) return null;
  const wrong = () =>
    new Error(
      `"scripts" must be a list of Unicode script names, such as ["Han"] or ["Hangul"]: ${JSON.stringify(scripts)}`,
    );
  if (!Array.isArray(scripts) || !scripts.every((s) => typeof s === 'string' && /^[A-Za-z_]+$/.test(s))) throw wrong();
  if (scripts.length === 0) return null;
  try {
    return new RegExp(`[${scripts.map((s) => `\\p{Script=${s}}`).join('')}]`, 'gu');
  } catch {
    throw wrong();
  }
}

/**
 * Why `text` is not yet a translation of English's `source`: "same" (word for word), "noScript" (fewer letters
 * of the language's `script`, a scriptPattern, than English words left to translate: none, or a few words
 * of the language in an English sentence), or null when it is one.
 */
export function notTranslated(text, source, script) {
  if (untranslated(text, source)) return 'same';
  if (script) {
    const letters = text.match(script)?.length ?? 0;
    const english = wordsToTranslate(text).filter((word) => !word.match(script));
    if (english.length > letters) return 'noScript';
  }
  return null;
}

/**
 * The keys meant to stay as they are written (i18n/kept-as-written.json: key → why), as a Set, and the file's
 * problems: a key English lacks, a reason missing, or a file that cannot be read (then no key is kept).
 * @param {Map<string, string>} englishMessages
 */
export function readKept(siteDir, englishMessages) {
  const full = path.join(siteDir, KEPT_FILE);
  if (!existsSync(full)) return {kept: new Set(), problems: []};
  const fix = 'write it as a JSON object of message keys, each with why it stays as it is';
  const read = readJsonObject(full, KEPT_FILE, {link: fix, object: `not a JSON object: ${fix}`, json: fix});
  if (read.problem) return {kept: new Set(), problems: [read.problem]};
  const lines = keyLines(read.text);
  const problems = Object.entries(read.data).flatMap(([key, why]) => {
    const at = {file: KEPT_FILE, line: lines.get(key) ?? null, key};
    if (!englishMessages.has(key))
      return [{...at, message: "is no key of English's catalog: write the key as i18n:check prints it, or remove it"}];
    if (typeof why !== 'string' || why.trim() === '')
      return [{...at, message: 'has no reason: say why the message stays as written'}];
    return [];
  });
  return {kept: new Set(Object.keys(read.data).filter((k) => englishMessages.has(k))), problems};
}
