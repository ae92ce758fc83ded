// A suite's own words (benchmarks/<id>/suite.yaml: its title, its description, and what each target,
// workload and scenario is) are, for a suite whose page is made from its runs, English messages like any
// other, under suites.<id>: the English catalog
// holds them as read from the suite, translators give them in their own catalog, and a language that has not
// yet is shown them in English, marked as English on the page. They are optional: a suite added since a
// translation is not a problem of that translation, only a list (npm run i18n:status, i18n:check).
import path from 'node:path';
import {hasSuitePage, siteSuites} from '../suites/site-suites.mjs';
import {lookup} from './messages.mjs';

/** The namespace of suites' words in every catalog. */
export const SUITE_WORDS = 'suites';

/** The key of one of a suite's words: suites.<suite>.title, suites.<suite>.targets.<target>… */
export const suiteWordKey = (suite, ...parts) => [SUITE_WORDS, suite, ...parts].join('.');

/**
 * A loaded suite's English words, as [dotted key, text]. A part whose id holds a dot has no key (a dotted key
 * could not name it): its words stay English everywhere. (A published suite's own id has none: loadSuite.)
 */
export function suiteWordsOf(suite) {
  const words = suite.words ?? {};
  const plain = (id) => !id.includes('.');
  if (!plain(suite.id)) return [];
  const entries = [
    // Its page's heading and navigation label: the id until the suite gives a title.
    [suiteWordKey(suite.id, 'title'), words.title ?? suite.id],
    words.description && [suiteWordKey(suite.id, 'description'), words.description],
    ...['targets', 'workloads', 'scenarios'].flatMap((part) =>
      Object.entries(words[part] ?? {})
        .filter(([id]) => plain(id))
        .map(([id, text]) => [suiteWordKey(suite.id, part, id), text]),
    ),
  ];
  return entries.filter(Boolean);
}

/**
 * One of a suite's words as a page shows it: {text}, with lang 'en' where the locale's catalog (`messages`, English
 * in place of what it lacks) has no translation of it yet (`inEnglish`, the keys it lacks); null without it.
 */
export function suiteWord(messages, inEnglish, ...parts) {
  const key = suiteWordKey(...parts);
  const text = lookup(messages, key);
  if (typeof text !== 'string') return null;
  return inEnglish.has(key) ? {text, lang: 'en', key} : {text};
}

/**
 * English's parsed catalog with every suite's words added: in its data, its messages, and `optional` (the
 * keys a translation may lack), `sources` (the suite file of each).
 */
export function withSuiteWords(english, siteDir) {
  const data = structuredClone(english.data);
  const messages = new Map(english.messages);
  const optional = new Set();
  const sources = new Map();
  for (const suite of siteSuites(siteDir).filter(hasSuitePage)) {
    for (const [key, text] of suiteWordsOf(suite)) {
      if (messages.has(key)) continue;
      const parts = key.split('.');
      parts.slice(0, -1).reduce((node, part) => (node[part] ??= {}), data)[parts.at(-1)] = text;
      messages.set(key, text);
      optional.add(key);
      sources.set(key, path.relative(siteDir, suite.file));
    }
  }
  return {...english, data, messages, optional, sources};
}
