// Lists in running text, one way for the whole site: "A, B and C", 「A、B、C」, "A, B 및 C", "A、B和C".
// Intl writes Chinese's 和 with no space, which runs it into a Latin name ("PostgreSQL和Amazon"): a space
// is put on each side of it that touches Latin letters or digits, as Chinese typesetting does. Clauses (the
// parts of a sentence, each with its own verb) are joined in Chinese by semicolons, not by 和.
const LATIN = /[A-Za-z0-9)%]$|^[A-Za-z0-9(+\-−]/;
const CLAUSE_SEPARATOR = {'zh-Hans': '；'};

/**
 * @param {string[]} items
 * @param {string} locale
 * @param {{clauses?: boolean}} [options]  clauses: the items are clauses of a sentence
 */
export function listOf(items, locale, {clauses = false} = {}) {
  if (clauses && CLAUSE_SEPARATOR[locale]) return items.join(CLAUSE_SEPARATOR[locale]);
  const parts = new Intl.ListFormat(locale, {type: 'conjunction'}).formatToParts(items);
  if (!locale.startsWith('zh')) return parts.map((p) => p.value).join('');
  return parts
    .map((p, i) => {
      if (p.type !== 'literal' || p.value !== '和') return p.value;
      const before = LATIN.test(parts[i - 1]?.value.slice(-1) ?? '') ? ' ' : '';
      const after = LATIN.test(parts[i + 1]?.value.slice(0, 1) ?? '') ? ' ' : '';
      return `${before}和${after}`;
    })
    .join('');
}
