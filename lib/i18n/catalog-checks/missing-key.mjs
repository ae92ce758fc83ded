// A page asks for every English key; a translation without one fails the build.
export default {
  name: 'missing-key',
  description: 'A translation has every key English has.',
  appliesTo: 'translations',
  check: ({catalog, english}) =>
    [...english.messages.keys()]
      .filter((key) => !catalog.messages.has(key))
      .map((key) => ({
        key,
        line: null,
        message: `is missing (English: ${english.file} line ${english.lines.get(key)}): add its translation`,
      })),
};
