// What a translator needs beside a message: what it is and where it shows
// (i18n/en/benchmarks.context.json, by key or by the group a key belongs to),
// what each {{placeholder}} carries, and an example value of it taken from the
// data the pages are built from this time.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {SUITE_WORDS} from './suite-words.mjs';
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
    const group = parts.slice(0, n).join('.');
    // Own entries only: "__proto__" or "constructor" is described by nothing but itself.
    const found = Object.hasOwn(context.messages, group) ? context.messages[group] : undefined;
    if (typeof found === 'string' && found) return found;
  }
  return undefined;
}

/** Problems of the context against English's messages: [{key, message}] (lines are the context file's keys). */
export function contextProblems(context, englishMessages) {
  const problems = [];
  const groups = new Set(
    [...englishMessages.keys()].flatMap((k) => k.split('.').map((_, i, a) => a.slice(0, i + 1).join('.'))),
  );
  // The suites' words (lib/i18n/suite-words.mjs) are described once, whether a suite has any yet or not.
  for (const key of Object.keys(context.messages).filter((k) => k !== SUITE_WORDS))
    if (!groups.has(key))
      problems.push({key, message: `describes "${key}", which English has no longer: remove or rename it`});
  const names = new Set();
  for (const [key, text] of englishMessages) {
    if (!descriptionOf(context, key))
      problems.push({key, message: 'has no description: add one for it (or its group) under "messages"'});
    for (const name of placeholdersOf(text)) names.add(name);
  }
  for (const name of names)
    if (!Object.hasOwn(context.placeholders, name) || !context.placeholders[name])
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

/** How deep into a page's data a same-named field is looked for (charts' points lie deeper). */
const HARVEST_DEPTH = 3;
/** An id (tps, median, no-large-difference), which the pages turn into words before a message gets it. */
const ID = /^[a-z][a-z0-9_-]*$/;
/** Fields that hold no values of messages: the catalog text a page carries, the services explorer's state (ids). */
const NOT_VALUES = new Set(['messages', 'defaultState']);

/**
 * Whether a field's value can stand as an example: short text, and below a
 * page's top level (the fields the pages pass as they are) not an id.
 */
const isExample = (value, depth) =>
  typeof value === 'string' && value !== '' && value.length <= 80 && (depth === 0 || !ID.test(value));

/**
 * Per page (`pages`: name → data), a same-named text field of its data for
 * each of `names`: the pages pass such fields as values (`values={{level:
 * data.level}}`, `{cpus: run.machine.cpus}`). Breadth first, so a field near
 * the top of the data wins over a deeper one; text only, since a number in
 * the data is raw (0.0187) where the pages pass it formatted (+1.9%).
 * @returns {Map<string, Map<string, string>>}  page → placeholder name → example
 */
export function harvestExamples(pages, names) {
  const byPage = new Map();
  for (const [page, data] of Object.entries(pages)) {
    const found = new Map();
    let level = [data];
    for (let depth = 0; depth < HARVEST_DEPTH && level.length > 0; depth++) {
      const next = [];
      for (const node of level) {
        for (const [field, value] of Object.entries(node)) {
          if (names.has(field) && !found.has(field) && isExample(value, depth)) found.set(field, value);
          if (value !== null && typeof value === 'object' && !NOT_VALUES.has(field)) next.push(value);
        }
      }
      level = next;
    }
    byPage.set(page, found);
  }
  return byPage;
}

/**
 * Every English message with its description and its placeholders' examples,
 * and every placeholder's description (kept once, not per message).
 */
export function messagesWithContext(context, englishMessages, examples, pagesOf = () => [], pageExamples = new Map()) {
  const placeholders = {};
  const messages = [...englishMessages].map(([key, english]) => {
    const names = [...new Set(placeholdersOf(english))];
    for (const name of names) placeholders[name] ??= context.placeholders[name] ?? '';
    const pages = pagesOf(key);
    const onPage = (name) => pages.map((p) => pageExamples.get(p)?.get(name)).find((v) => v !== undefined);
    return {
      key,
      english,
      description: descriptionOf(context, key) ?? '',
      pages,
      // The value this message was given while the pages were built (`from: 'message'`), else a same-named
      // field of the data of a page that shows it (`from: 'page'`: the page may word it otherwise). Another
      // message's value is no example: names are shared loosely ({{value}} is 852 in one, 852 TPS in another).
      placeholders: names.map((name) => {
        const given = examples.get(exampleKey(key, name));
        const page = given === undefined ? onPage(name) : undefined;
        return {name, example: given ?? page ?? null, from: given ? 'message' : page ? 'page' : null};
      }),
    };
  });
  return {messages, placeholders};
}
