// Placeholders are filled by the page with figures: a renamed one would show
// as an empty gap (or fail the build), so their names are never translated.
import {placeholdersOf} from '../messages.mjs';

const names = (text) => placeholdersOf(text).sort().join(', ');

export default {
  name: 'placeholder-names',
  description: "A translation uses exactly English's {{placeholders}}.",
  appliesTo: 'translations',
  check: ({catalog, english}) =>
    [...english.messages]
      .filter(([key]) => catalog.messages.has(key))
      .filter(([key, text]) => names(catalog.messages.get(key)) !== names(text))
      .map(([key, text]) => ({
        key,
        message:
          `has placeholders {${names(catalog.messages.get(key))}} but English has {${names(text)}}: ` +
          "use exactly English's {{names}} (they are filled by the page, not translated)",
      })),
};
