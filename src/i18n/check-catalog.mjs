// Build-time check that a catalog stays within what the pages' translator
// does (messages.mjs): i18next itself renders every message with sample values,
// and any difference (nesting, plurals, formatting, escaping) is an error that
// names the file and the key. Runs in Node only: the browser never loads i18next.
import i18next from 'i18next';
import {createTranslator, placeholdersOf} from './messages.mjs';

/** Every message of a catalog, as [dotted key, text]. */
export function messagesOf(node, prefix = '') {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : value !== null && typeof value === 'object' ? messagesOf(value, `${prefix}${key}.`) : [],
  );
}

/** Problems, one line each: `file: "key": what differs`. */
export function catalogProblems(messages, locale, file = `i18n/${locale}/benchmarks.json`) {
  const instance = i18next.createInstance();
  instance.init({lng: locale, resources: {[locale]: {translation: messages}}, interpolation: {escapeValue: false}, initAsync: false, showSupportNotice: false});
  const ours = createTranslator(locale, messages);
  const problems = [];
  for (const [key, text] of messagesOf(messages)) {
    const rest = text.replace(/\{\{\s*[\w.]+\s*\}\}/g, '');
    if (/\{\{|\}\}/.test(rest)) {
      problems.push(`${file}: "${key}": ${JSON.stringify(text)} has a placeholder that is not a plain {{name}} (formatter options such as {{n, number}} are not allowed: the page passes the figure already formatted)`);
      continue;
    }
    const values = Object.fromEntries(placeholdersOf(text).map((name) => [name, `⟨${name}⟩`]));
    const expected = instance.t(key, values);
    const actual = ours(key, values);
    if (expected !== actual) problems.push(`${file}: "${key}": i18next renders it as ${JSON.stringify(expected)}, the pages as ${JSON.stringify(actual)}; use plain text with {{placeholders}} only`);
  }
  return problems;
}
