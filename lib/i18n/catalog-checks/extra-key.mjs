// A key English does not have is never shown: usually a typo or a renamed key.
export default {
  name: 'extra-key',
  description: 'A translation has no key that English lacks.',
  appliesTo: 'translations',
  check: ({catalog, english}) =>
    [...catalog.messages.keys()]
      .filter((key) => !english.messages.has(key))
      .map((key) => ({key, message: 'is not in English: remove it, or rename it to the English key it translates'})),
};
