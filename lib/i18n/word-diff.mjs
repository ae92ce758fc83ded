// What changed in an English message, word by word: a translator updating a stale translation reads the change,
// not two long sentences side by side. The diff is the longest common run of words (spaces and punctuation are
// words of their own), so a changed figure word or a reworded clause shows as what it is.

/** `text` as words, spaces and single other characters (a placeholder is one word). */
const tokens = (text) => text.match(/\{\{[^}]*\}\}|[\p{L}\p{N}_'’-]+|\s+|./gsu) ?? [];

/**
 * The change from `before` to `now`: parts {same|removed|added: string}, neighbours of one kind joined.
 * @returns {{kind: 'same'|'removed'|'added', text: string}[]}
 */
export function wordDiff(before, now) {
  const a = tokens(before);
  const b = tokens(now);
  // Longest common subsequence, by lengths of the suffixes (a message has at most a few hundred words).
  const lengths = Array.from({length: a.length + 1}, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  const parts = [];
  const push = (kind, text) => {
    if (parts.at(-1)?.kind === kind) parts.at(-1).text += text;
    else parts.push({kind, text});
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]);
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lengths[i + 1][j] >= lengths[i][j + 1])) push('removed', a[i++]);
    else push('added', b[j++]);
  }
  return parts;
}

/** The diff on one line of a terminal: removed words as [-…-], added ones as {+…+} (git's --word-diff=plain). */
export const plainWordDiff = (before, now) =>
  wordDiff(before, now)
    .map(({kind, text}) => (kind === 'same' ? text : kind === 'removed' ? `[-${text}-]` : `{+${text}+}`))
    .join('');
