// JSON.parse keeps the last of two equal keys without a word: a translator's
// edit to the first one would silently never show.
export default {
  name: 'duplicate-key',
  description: 'No key is written twice in one object.',
  appliesTo: 'every',
  check: ({catalog}) =>
    catalog.duplicates.map(({key, line, firstLine}) => ({
      key,
      line,
      id: 'checks.duplicateKey',
      values: {firstLine: String(firstLine)},
    })),
};
