// A translation without one of English's keys shows that message in English
// (marked on the page) until it is translated. A suite's own words may wait:
// they are listed (lib/i18n/suite-words.mjs), not a problem.
export default {
  name: 'missing-key',
  description: 'A translation has every key English has.',
  appliesTo: 'translations',
  check: ({catalog, english}) =>
    [...english.messages.keys()]
      .filter((key) => !catalog.messages.has(key) && !english.optional?.has(key))
      .map((key) => ({
        key,
        line: null,
        id: 'checks.missingKey',
        values: {file: english.file, line: String(english.lines.get(key))},
      })),
};
