// What a change to English did to the translations: the pull-request job
// summary lists every English message a pull request changed or added, old
// and new text, and the languages whose translation it left stale or missing.
import {messagesOf} from './catalogs.mjs';
import {wordDiff} from './word-diff.mjs';

/** The change as Markdown: removed words struck through, added ones in bold (spaces outside the marks, which
 * GitHub's Markdown renders only against a word; the text's own * and ~ escaped). */
const markdownWordDiff = (before, now) =>
  wordDiff(before, now)
    .map(({kind, text}) => {
      const plain = text.replace(/[*~_\\]/g, '\\$&');
      if (kind === 'same' || text.trim() === '') return plain;
      const [, lead, words, trail] = /^(\s*)(.*?)(\s*)$/s.exec(plain);
      return `${lead}${kind === 'removed' ? `~~${words}~~` : `**${words}**`}${trail}`;
    })
    .join('');

/** English messages that differ between two versions of the catalog (data objects): [{key, before, now}]. */
export function englishChanges(beforeData, nowData) {
  const before = new Map(messagesOf(beforeData ?? {}));
  return messagesOf(nowData)
    .filter(([key, text]) => before.get(key) !== text)
    .map(([key, now]) => ({key, before: before.get(key) ?? null, now}));
}

const cell = (text) => (text === null ? '—' : text.replaceAll('|', '\\|').replaceAll('\n', ' '));

/**
 * Markdown for GITHUB_STEP_SUMMARY.
 * @param {{key, before, now}[]} changes
 * @param {{stale: {key, locale}[], status: object}} checked  checkCatalogs' result on the pull request
 * @param {Map<string, Set<string>>} missing  key → locales without a translation
 */
export function staleMarkdown(changes, checked, missing = new Map()) {
  if (changes.length === 0) return '### Translations\n\nThis pull request changes no English message.\n';
  const staleBy = new Map();
  for (const s of checked.stale) staleBy.set(s.key, [...(staleBy.get(s.key) ?? []), s.locale]);
  const rows = changes.map(({key, before, now}) => {
    const left = [...(staleBy.get(key) ?? []), ...(missing.get(key) ?? [])];
    const change = before === null ? '—' : cell(markdownWordDiff(before, now));
    return `| \`${key}\` | ${cell(before)} | ${cell(now)} | ${change} | ${left.length ? left.join(', ') : 'none'} |`;
  });
  return [
    '### Translations made stale by this pull request',
    '',
    `${changes.length} English message(s) changed or added. A translation listed here still says what the old ` +
      'English said until a translator updates it and runs `npm run i18n:reviewed -- LOCALE KEY`.',
    '',
    '| key | English before | English now | what changed | stale or missing in |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** A GitHub Actions annotation on a catalog line (workflow command syntax, values escaped). */
export function githubAnnotation(level, {file, line, key, message}) {
  const data = (s) => s.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  const property = (s) => data(s).replaceAll(':', '%3A').replaceAll(',', '%2C');
  const where = [`file=${property(file)}`, ...(line ? [`line=${line}`] : []), `title=${property(key ?? 'i18n')}`];
  return `::${level} ${where.join(',')}::${data(message)}`;
}
