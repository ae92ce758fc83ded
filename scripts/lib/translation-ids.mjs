// Finds the translation ids that pages and components use, with the English
// message written beside each (the default locale has no catalog of its own).
import {readFileSync} from 'node:fs';

// <Translate id="a.b">English</Translate>, and components taking id="…" message="…".
const PATTERNS = [
  /<Translate\s+id="([^"]+)"[^>]*>([^<]*)<\/Translate>/g,
  /\bid="([^"]+)"\s+message="([^"]*)"/g,
];

/**
 * @param {string[]} files
 * @returns {Map<string, {message: string, file: string, line: number}>}
 *   the first place each id is used; an id used twice with different English
 *   messages is an error, since one catalog entry cannot translate both.
 */
export function findTranslationIds(files) {
  const ids = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const [, id, message] = match;
        const line = text.slice(0, match.index).split('\n').length;
        const seen = ids.get(id);
        if (seen && seen.message !== message) {
          throw new Error(
            `${file}:${line}: translation id "${id}" has a different English message than at ` +
              `${seen.file}:${seen.line}. Give one of them a new id.`,
          );
        }
        if (!seen) ids.set(id, {message, file, line});
      }
    }
  }
  return ids;
}
