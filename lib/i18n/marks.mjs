// Messages marked where they stand. A translation's page may show a message in English (its translation has a
// problem, or is English pasted in) or a translation made from an older English: the reader is told there, not
// only by a count at the top. Builders write their sentences at build time, so a mark is found by its message's
// words (its text with each {{placeholder}} as any value) in the strings the page shows, wherever they came
// from. The same matching gives a translator's view its keys: a sentence on the page leads to its message.
import {lookup, PLACEHOLDER} from './messages.mjs';

/**
 * The messages a locale's pages mark, with the text they show.
 * @param {{fallback: string[], untranslated: string[], stale: string[]}} keys  fallback: shown in English for a
 *   problem; untranslated: shown as written, which is English; stale: translated from an older English
 * @param {(key: string) => string|undefined} shown  the text a page shows for a key
 * @returns {{key: string, state: 'english'|'stale', text: string}[]}
 */
export function messageMarks({fallback = [], untranslated = [], stale = []}, shown) {
  const state = new Map();
  for (const key of stale) state.set(key, 'stale');
  for (const key of [...fallback, ...untranslated]) state.set(key, 'english');
  return [...state]
    .map(([key, s]) => ({key, state: s, text: shown(key)}))
    .filter((m) => typeof m.text === 'string')
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The messages a locale's pages mark: shown in English for a problem, English as written,
 * and translations whose English has changed since they were reviewed (one never reviewed is not known to be).
 * @param {{untranslated: {key, locale}[], stale: {key, locale, unreviewed: boolean}[]}} checked  checkCatalogs' result
 * @param {object} data  the messages the locale's pages are built from
 */
export function localeMarks(checked, locale, data, fallback) {
  const mine = (list) => list.filter((m) => m.locale === locale);
  return messageMarks(
    {
      fallback,
      untranslated: mine(checked.untranslated).map((u) => u.key),
      stale: mine(checked.stale)
        .filter((s) => !s.unreviewed)
        .map((s) => s.key),
    },
    (key) => lookup(data, key),
  );
}

/** A message is found by its words only when it has some: `{{value}} TPS` would be found in every figure. */
const findable = (text) => (text.replace(new RegExp(PLACEHOLDER.source, 'g'), '').match(/\p{L}/gu) ?? []).length >= 3;

/** A value at the start or end of a message: up to a space, a sentence's or a clause's end, or a bracket. */
const EDGE = '[^\\s。．！？!?、，,：:；;（(「『]*';
/** A value inside a message: anything within its sentence (a dot only inside a figure, 4.26). */
const INSIDE = '(?:[^\\n。！？!?.]|\\.(?=\\p{N}))+?';
/** Letters of a word: a message whose words begin or end with one is found only as whole words there. */
const WORD = '[\\p{Script=Latin}\\p{Script=Hangul}\\p{N}]';

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A finder of messages in text: each message's words in order, a placeholder standing for any value (within a
 * sentence, at most one line); the messages with the most words are tried first.
 * @param {{key: string, text: string}[]} messages
 */
export function messageFinder(messages) {
  const entries = messages
    .filter((m) => findable(m.text))
    .map((m) => {
      const pieces = m.text.split(new RegExp(PLACEHOLDER.source));
      const words = pieces.filter((_, i) => i % 2 === 0);
      const source = pieces
        .map((piece, i) => (i % 2 === 0 ? literal(piece) : i === 1 && words[0] === '' ? EDGE : INSIDE))
        .join('');
      // A value at an end stands for the word next to it (a figure, a name's last word): never the sentence before.
      // Words at the end end there, not inside a figure ("tests: {{parts}}." does not end at the dot of 4.26), nor
      // inside a longer word ("runs" is not found in "runsets").
      const wordAt = (text) => new RegExp(WORD, 'u').test(text);
      const head = words[0] !== '' && wordAt(words[0][0]) ? `(?<!${WORD})` : '';
      const last = words.at(-1);
      const tail = last === '' ? EDGE : wordAt(last.at(-1)) ? `(?!${WORD})` : '(?!\\p{N})';
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
      return {...m, regex: new RegExp(`${head}${source}${tail}`, 'gu'), longest, weight: words.join('').length};
    })
    .sort((a, b) => b.weight - a.weight);
  return {entries, cuts: new Map()};
}

/**
 * `text` cut where a message of `finder` is found: strings, and {key, state, text} for each message found; the
 * messages found never overlap (the one with more words wins).
 */
export function findMessages(text, finder) {
  if (finder.cuts.has(text)) return finder.cuts.get(text);
  const found = [];
  for (const entry of finder.entries) {
    if (!text.includes(entry.longest)) continue;
    for (const match of text.matchAll(entry.regex)) {
      const start = match.index;
      const end = start + match[0].length;
      if (end === start || found.some((f) => start < f.end && f.start < end)) continue;
      found.push({start, end, key: entry.key, state: entry.state});
    }
  }
  found.sort((a, b) => a.start - b.start);
  const parts = [];
  let at = 0;
  for (const f of found) {
    if (f.start > at) parts.push(text.slice(at, f.start));
    parts.push({key: f.key, state: f.state, text: text.slice(f.start, f.end)});
    at = f.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  finder.cuts.set(text, parts);
  return parts;
}

/**
 * The keys of the messages a piece of page text comes from, in any language: a message that holds the text
 * (spaces aside, case aside); failing that, the message whose words, values filled in, cover most of the text
 * (copied from a page).
 * @param {string} text
 * @param {Map<string, Map<string, string>>} catalogs  each locale's messages, by key
 * @returns {{key: string, locale: string, text: string}[]}  one per key, in the order found
 */
export function messagesOfText(text, catalogs) {
  const squeeze = (s) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const wanted = squeeze(text);
  if (wanted === '') return [];
  const found = new Map();
  for (const [locale, messages] of catalogs)
    for (const [key, message] of messages)
      if (!found.has(key) && squeeze(message).includes(wanted)) found.set(key, {key, locale, text: message});
  if (found.size > 0) return [...found.values()];
  // Part of a sentence with its values ("differs from 14 by +3.2%", "RDS 대비 Aurora의"): a message that holds its
  // words between the figures and names (a word written with a capital), in order.
  const runs = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/[+\-−±]?\p{N}[\p{N}.,%×]*|\p{Lu}[\p{L}\p{N}/-]*/u)
    .map((run) => run.toLowerCase())
    .map((run) => run.trim())
    .filter((run) => /\p{L}/u.test(run));
  if (runs.length > 1)
    for (const [locale, messages] of catalogs)
      for (const [key, message] of messages) {
        const text = squeeze(message);
        let at = 0;
        const holds = runs.every((run) => {
          const i = text.indexOf(run, at);
          at = i + run.length;
          return i >= 0;
        });
        if (holds && !found.has(key)) found.set(key, {key, locale, text: message});
      }
  if (found.size > 0) return [...found.values()];
  // Copied from a page, figures and all: the messages found in it that cover the most of it.
  for (const [locale, messages] of catalogs) {
    const finder = messageFinder([...messages].map(([key, message]) => ({key, text: message})));
    for (const part of findMessages(text.replace(/\s+/g, ' ').trim(), finder))
      if (typeof part !== 'string' && !found.has(part.key))
        found.set(part.key, {key: part.key, locale, text: messages.get(part.key), length: part.text.length});
  }
  const most = Math.max(...[...found.values()].map((m) => m.length));
  return [...found.values()].filter((m) => m.length === most).map(({length, ...m}) => m);
}
