// A message left as English's text is not a translation, unless all its words
// are names and units that every language writes alike ("{{value}} TPS",
// "PostgreSQL {{version}}"). Such messages are listed, not refused: a
// translator may still be on the way.
import {withoutPlaceholders} from './messages.mjs';

/** Words every language writes as English does (product names, units, formats). */
const SAME_IN_EVERY_LANGUAGE = [
  ...['PostgreSQL', 'pgbench', 'TPS', 'JSON', 'CSV', 'GB', 'TB', 'GiB', 'ms', 'CPU', 'vCPU'],
  // The statisticians a method is named for (a language may also write them in its own script).
  ...['Hodges', 'Lehmann', 'Holm', 'Mann', 'Whitney'],
];

/** True when `text` is English's `source` word for word and has a word to translate. */
export function untranslated(text, source) {
  if (text !== source) return false;
  const words = withoutPlaceholders(text).match(/\p{L}{2,}/gu) ?? [];
  return words.some((w) => !SAME_IN_EVERY_LANGUAGE.includes(w));
}
