// Japanese and Chinese: no ASCII comma or semicolon between CJK characters ("GROUP BY の順序, 範囲").
// The rule is lib/i18n/typography.mjs's; the page tour applies it to the built pages too.
import {ASCII_PUNCTUATION} from '../typography.mjs';

export default {
  name: 'ascii-punctuation',
  description: 'Japanese and Chinese: no ASCII comma or semicolon between CJK characters.',
  appliesTo: 'every',
  check: ({catalog, locale}) =>
    !/^(ja|zh)\b/.test(locale)
      ? []
      : [...catalog.messages].flatMap(([key, text]) =>
          [...text.matchAll(ASCII_PUNCTUATION)].map((m) => ({
            key,
            id: 'checks.asciiPunctuation',
            values: {found: m[0]},
          })),
        ),
};
