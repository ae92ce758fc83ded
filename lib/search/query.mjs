// What the search engine is asked when a reader types a query. Pagefind
// matches a query word as the start of an indexed word, and indexes Korean by
// spaces, so 처리량 finds 처리량이 and 처리량을, but 처리량이 finds only itself.
// Korean particles are therefore taken off the reader's words here, and the
// words a locale's readers use for a term the pages call otherwise (遅延 for
// レイテンシ) are replaced by the pages' word (catalog `search.terms`).

// Longest first, so 에서 is taken off before 서 could be.
const KOREAN_PARTICLES = [
  '에서는',
  '으로는',
  '에서',
  '에게',
  '으로',
  '까지',
  '부터',
  '보다',
  '처럼',
  '이나',
  '이랑',
  '과의',
  '와의',
  '이',
  '가',
  '은',
  '는',
  '을',
  '를',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
];
const HANGUL = /^[\uac00-\ud7a3]+$/;

/**
 * A Korean word without its particle, when what remains is a word of two or
 * more syllables (속도 keeps its 도; 처리량이 becomes 처리량).
 */
export function withoutParticle(word) {
  if (!HANGUL.test(word)) return word;
  for (const particle of KOREAN_PARTICLES) {
    if (word.endsWith(particle) && word.length - particle.length >= 2) return word.slice(0, -particle.length);
  }
  return word;
}

/**
 * The term lists of the catalog's `search.terms` messages (SEARCH_TERMS in
 * lib/i18n/message-keys.mjs): each lists the words readers may type for one
 * term, the pages' own word first, separated by commas (",", "、" or "，").
 * @param {string[]} messages
 * @returns {string[][]}
 */
export function termLists(messages) {
  return messages.map((list) =>
    list
      .split(/[,、，]/)
      .map((w) => w.trim())
      .filter(Boolean),
  );
}

/**
 * The query to send for what the reader typed.
 * @param {string} typed
 * @param {{locale: string, terms?: string[][]}} options
 */
export function searchQuery(typed, {locale, terms = []}) {
  let query = typed.trim().replace(/\s+/g, ' ');
  for (const [own, ...others] of terms) {
    for (const other of others) {
      if (other === own) continue;
      // Matched in the query as typed: lowercasing first would move the offsets where it changes a length
      // ("İ" becomes two code units), and the replacement would cut the query in the wrong place.
      const found = new RegExp(other.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu').exec(query);
      if (found) query = query.slice(0, found.index) + own + query.slice(found.index + found[0].length);
    }
  }
  if (locale === 'ko') query = query.split(' ').map(withoutParticle).join(' ');
  return query;
}

// Words of the scripts written without spaces between words (Han, kana) and Hangul, two characters or more.
const UNSPACED_WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー\p{Script=Hangul}]{2,}/gu;

/**
 * The words of a query that a page must hold whole to match it. Pagefind cuts a Japanese or Chinese query into
 * shorter words and finds each, so チェックポイント also found pages with チェック alone (チェックサム): a
 * result is kept only when its text holds each such word of the query as typed.
 * @param {string} query  as searchQuery made it
 */
export const wholeWords = (query) => query.match(UNSPACED_WORD) ?? [];

/** Whether a result's text holds every whole word of the query. */
export const holdsWholeWords = (content, words) => words.every((w) => content.includes(w));
