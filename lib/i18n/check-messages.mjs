// What the translation check says, in the translator's language: a check
// returns a message id (under `checks.` in the catalogs) and its values, and
// the words come from the catalog being checked when it has them, else from
// English (a catalog too broken to read is reported in English).
import {createTranslator, placeholdersOf} from './messages.mjs';

/**
 * The text of message `id` with `values`, from the first of `catalogs` (parsed
 * catalogs, translator's first) whose message fills from exactly these values.
 */
export function sayIn(catalogs, id, values = {}) {
  for (const catalog of catalogs) {
    const text = catalog?.messages?.get(id);
    if (text === undefined || text.trim() === '') continue;
    if (!placeholdersOf(text).every((name) => values[name] !== undefined)) continue;
    return createTranslator(catalog.locale ?? 'en', catalog.data)(id, values);
  }
  // Only a site whose English lacks its check messages gets here (a test's small catalog).
  return `${id} ${JSON.stringify(values)}`;
}

/** Levenshtein distance, for "did you mean". */
function editDistance(a, b) {
  let row = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** The candidate nearest to `word` if it is close enough to be a typo of it (else undefined). */
export function nearest(word, candidates) {
  // A name written inside another ({{nameName}} for {{name}}) is that name, misspelt.
  const inside = candidates.find((c) => word.toLowerCase().includes(c.toLowerCase()));
  if (inside) return inside;
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}
