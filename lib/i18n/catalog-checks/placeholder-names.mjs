// Placeholders are filled by the page with figures: a renamed one would fail
// the page, a dropped one would lose its figure. Each is named, with the
// English placeholder a misspelt one most likely meant.
import {nearest} from '../check-messages.mjs';
import {placeholdersOf} from '../messages.mjs';

export default {
  name: 'placeholder-names',
  description: "A translation uses exactly English's {{placeholders}}.",
  appliesTo: 'translations',
  check: ({catalog, english}) =>
    [...english.messages]
      .filter(([key]) => catalog.messages.has(key))
      .flatMap(([key, text]) => {
        const expected = new Set(placeholdersOf(text));
        const found = new Set(placeholdersOf(catalog.messages.get(key)));
        const lacking = [...expected].filter((name) => !found.has(name));
        const unknown = [...found].filter((name) => !expected.has(name));
        const brace = (name) => `{{${name}}}`;
        return [
          ...unknown.map((name) => {
            const near = nearest(name, lacking);
            return near
              ? {key, id: 'checks.placeholderMisspelt', values: {found: brace(name), near: brace(near)}}
              : {key, id: 'checks.placeholderUnknown', values: {found: brace(name), expected: listOf(expected)}};
          }),
          ...lacking
            .filter((name) => !unknown.some((u) => nearest(u, lacking) === name))
            .map((name) => ({key, id: 'checks.placeholderMissing', values: {name: brace(name)}})),
        ];
      }),
};

const listOf = (names) => [...names].map((n) => `{{${n}}}`).join(', ') || '—';
