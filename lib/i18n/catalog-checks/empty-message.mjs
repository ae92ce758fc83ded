// A message with no text would show as a blank on the page.
export default {
  name: 'empty-message',
  description: 'Every message has text.',
  appliesTo: 'every',
  check: ({catalog}) =>
    [...catalog.messages].filter(([, text]) => text.trim() === '').map(([key]) => ({key, id: 'checks.empty'})),
};
