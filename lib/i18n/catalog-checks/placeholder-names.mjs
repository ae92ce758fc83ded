// Placeholders are filled by the page with figures: a renamed one would fail
// the page, a dropped one would lose its figure. Each is named, with the
// English placeholder a misspelt one most likely meant.
import {nearest} from '../check-messages.mjs';

/** A placeholder as a translator may write it: one word of any script in double braces ({{이름}} too). */
export const RENAMED = /\{\{\s*([^\s,{}()$]+)\s*\}\}/gu;
const written = (text) => [...text.matchAll(RENAMED)].map((m) => m[1]);

export default {
  name: 'placeholder-names',
  description: "A translation uses exactly English's {{placeholders}}.",
  appliesTo: 'translations',
  check: ({catalog, english}) =>
    [...english.messages]
      .filter(([key]) => catalog.messages.has(key))
      .flatMap(([key, text]) => {
        const expected = new Set(written(text));
        const found = new Set(written(catalog.messages.get(key)));
        const lacking = [...expected].filter((name) => !found.has(name));
        const unknown = [...found].filter((name) => !expected.has(name));
        const brace = (name) => `{{${name}}}`;
        // A name English lacks is a misspelling of the English name it is close to (each English name claimed
        // once); failing that, one name translated or changed where one English name is left over stands for it.
        // With more than one left, which is which cannot be told (a translator moves placeholders): the names
        // are listed instead, so no advice can swap two values.
        const misspelt = new Map();
        for (const name of unknown) {
          const near = nearest(
            name,
            lacking.filter((l) => ![...misspelt.values()].includes(l)),
          );
          if (near) misspelt.set(name, near);
        }
        const leftOver = lacking.filter((name) => ![...misspelt.values()].includes(name));
        const others = unknown.filter((name) => !misspelt.has(name));
        const renamed = new Map(others.length === 1 && leftOver.length === 1 ? [[others[0], leftOver[0]]] : []);
        return [
          ...unknown.map((name) =>
            misspelt.has(name)
              ? {key, id: 'checks.placeholderMisspelt', values: {found: brace(name), near: brace(misspelt.get(name))}}
              : renamed.has(name)
                ? {key, id: 'checks.placeholderRenamed', values: {found: brace(name), near: brace(renamed.get(name))}}
                : {key, id: 'checks.placeholderUnknown', values: {found: brace(name), expected: listOf(expected)}},
          ),
          ...leftOver
            .filter((name) => ![...renamed.values()].includes(name))
            .map((name) => ({key, id: 'checks.placeholderMissing', values: {name: brace(name)}})),
        ];
      }),
};

const listOf = (names) => [...names].map((n) => `{{${n}}}`).join(', ') || '—';
