// A message is not yet a translation when it is English's text word for word, or, in a language with a script
// of its own (i18n/locales.json: "scripts"), when it has no letter of that script: English pasted in, or
// rephrased. Words every language writes alike (names, units) do not count, and a message listed in
// i18n/kept-as-written.json (product names, SQL) is meant to stay as it is.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {readJsonObject} from './catalogs.mjs';
import {withoutPlaceholders} from './messages.mjs';

/** Words every language writes as English does (product names, units, formats). */
const SAME_IN_EVERY_LANGUAGE = [
  ...['PostgreSQL', 'pgbench', 'TPS', 'JSON', 'CSV', 'GB', 'TB', 'GiB', 'ms', 'CPU', 'vCPU'],
  // The statisticians a method is named for (a language may also write them in its own script).
  ...['Hodges', 'Lehmann', 'Holm', 'Mann', 'Whitney'],
];

export const KEPT_FILE = 'i18n/kept-as-written.json';

/** Whether `text` has a word a translation would change: two letters or more, not a name or unit. */
const hasWordToTranslate = (text) =>
  (withoutPlaceholders(text).match(/\p{L}{2,}/gu) ?? []).some((w) => !SAME_IN_EVERY_LANGUAGE.includes(w));

/** True when `text` is English's `source` word for word and has a word to translate. */
export function untranslated(text, source) {
  return text === source && hasWordToTranslate(text);
}

/** A pattern of the letters of `scripts` (Unicode script names, as i18n/locales.json gives them), or null. */
export function scriptPattern(scripts) {
  if (!scripts?.length) return null;
  return new RegExp(`[${scripts.map((s) => `\\p{Script=${s}}`).join('')}]`, 'u');
}

/**
 * Why `text` is not yet a translation of English's `source`: "same" (word for word), "noScript" (no letter of
 * the language's `script`, a scriptPattern), or null when it is one.
 */
export function notTranslated(text, source, script) {
  if (untranslated(text, source)) return 'same';
  if (script && hasWordToTranslate(text) && !script.test(text)) return 'noScript';
  return null;
}

/** The keys meant to stay as they are written (i18n/kept-as-written.json: key → why), as a Set. */
export function readKept(siteDir) {
  const full = path.join(siteDir, KEPT_FILE);
  if (!existsSync(full)) return {kept: new Set()};
  const fix = 'write it as a JSON object of message keys, each with why it stays as it is';
  const read = readJsonObject(full, KEPT_FILE, {link: fix, object: `not a JSON object: ${fix}`, json: fix});
  return read.problem ? {kept: new Set(), problem: read.problem} : {kept: new Set(Object.keys(read.data))};
}
