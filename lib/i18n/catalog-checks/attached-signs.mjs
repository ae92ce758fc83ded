// Part of the number style (README "Number style"): a ratio's or a percentage's
// sign is written against its figure in every locale (4.3×, 4.3倍, 4.3배, 12.3%),
// so one page never shows "4.3 倍" beside "5.0倍".

/** Signs that belong to the figure before them. */
export const ATTACHED_SIGNS = ['×', '倍', '배', '%'];

// "{{cpus}} × {{model}}" multiplies two words: a sign with a figure after it is not a ratio's.
const spaced = new RegExp(`\\}\\}(\\s+)(${ATTACHED_SIGNS.join('|')})(?!\\s*\\{\\{)`, 'gu');

export default {
  name: 'attached-signs',
  description: `No space between a {{figure}} and the sign after it (${ATTACHED_SIGNS.join(' ')}).`,
  appliesTo: 'every',
  check: ({catalog}) =>
    [...catalog.messages].flatMap(([key, text]) =>
      [...text.matchAll(spaced)].map((m) => ({
        key,
        id: 'checks.spacedSign',
        values: {sign: m[2], example: `{{ratio}}${m[2]}`},
      })),
    ),
};
