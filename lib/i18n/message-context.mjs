// What a translator needs beside a message: what it is and where it shows
// (i18n/en/benchmarks.context.json, by key or by the group a key belongs to),
// what each {{placeholder}} carries, and an example value of it taken from the
// data the pages are built from this time.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {placeholdersOf} from './messages.mjs';

export const CONTEXT_FILE = 'i18n/en/benchmarks.context.json';

/** The context file's {messages, placeholders}; a broken one names the file. */
export function readContext(siteDir) {
  const file = path.join(siteDir, CONTEXT_FILE);
  if (!existsSync(file)) return {messages: {}, placeholders: {}};
  try {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    return {messages: data.messages ?? {}, placeholders: data.placeholders ?? {}};
  } catch (error) {
    throw new Error(`${CONTEXT_FILE} is not valid JSON: ${error.message}`);
  }
}

/** The description of `key`: its own, else its nearest group's. */
export function descriptionOf(context, key) {
  const parts = key.split('.');
  for (let n = parts.length; n > 0; n--) {
    const found = context.messages[parts.slice(0, n).join('.')];
    if (found) return found;
  }
  return undefined;
}

/** Problems of the context against English's messages: [{key, message}] (lines are the context file's keys). */
export function contextProblems(context, englishMessages) {
  const problems = [];
  const groups = new Set(
    [...englishMessages.keys()].flatMap((k) => k.split('.').map((_, i, a) => a.slice(0, i + 1).join('.'))),
  );
  for (const key of Object.keys(context.messages))
    if (!groups.has(key))
      problems.push({key, message: `describes "${key}", which English has no longer: remove or rename it`});
  const names = new Set();
  for (const [key, text] of englishMessages) {
    if (!descriptionOf(context, key))
      problems.push({key, message: 'has no description: add one for it (or its group) under "messages"'});
    for (const name of placeholdersOf(text)) names.add(name);
  }
  for (const name of names)
    if (!context.placeholders[name])
      problems.push({key: `{{${name}}}`, message: `has no description: add one under "placeholders"`});
  for (const name of Object.keys(context.placeholders))
    if (!names.has(name)) problems.push({key: `{{${name}}}`, message: 'is used by no English message: remove it'});
  return problems;
}

/** The key under which an example of `name` in message `id` is kept. */
export const exampleKey = (id, name) => `${id}\u0000${name}`;

/**
 * A translator that also records the first value each message's placeholders
 * were given, as the page wrote it: the examples of the context.
 */
export function recordingExamples(translate, examples) {
  return (id, values = {}) => {
    for (const [name, value] of Object.entries(values))
      if (!examples.has(exampleKey(id, name)) && typeof value === 'string' && value !== '')
        examples.set(exampleKey(id, name), value);
    return translate(id, values);
  };
}

/**
 * Adds, for placeholders not yet seen, a same-named text field of a page's
 * data (`pages`: name → data): the MDX passes those fields as values
 * (`values={{level: data.level}}`). Deeper fields hold raw figures and other
 * meanings of a name, so they are not taken.
 */
export function harvestExamples(pages, names, examples) {
  const walk = (node, depth) => {
    if (depth > 1 || node === null || typeof node !== 'object') return;
    for (const [field, value] of Object.entries(node)) {
      // Text only: a number in the data is raw (0.0187), the pages pass it formatted (+1.9%).
      if (names.has(field) && !examples.has(field) && typeof value === 'string' && value !== '' && value.length <= 80)
        examples.set(field, value);
      walk(value, depth + 1);
    }
  };
  walk(pages, 0);
  return examples;
}

/**
 * Every English message with its description and its placeholders' examples,
 * and every placeholder's description (kept once, not per message).
 */
export function messagesWithContext(context, englishMessages, examples, pagesOf = () => []) {
  const placeholders = {};
  const messages = [...englishMessages].map(([key, english]) => {
    const names = [...new Set(placeholdersOf(english))];
    for (const name of names) placeholders[name] ??= context.placeholders[name] ?? '';
    return {
      key,
      english,
      description: descriptionOf(context, key) ?? '',
      pages: pagesOf(key),
      // The value this message was given while the pages were built, else a same-named field of their data.
      placeholders: names.map((name) => ({
        name,
        example: examples.get(exampleKey(key, name)) ?? examples.get(name) ?? null,
      })),
    };
  });
  return {messages, placeholders};
}
