// Japanese and Chinese: no half-width space beside a full-width bracket or punctuation mark ("（-Os） に対する").
// The rule is lib/i18n/typography.mjs's; the page tour applies it to the built pages too.
import {FULL_WIDTH_SPACE} from '../typography.mjs';

export default {
  name: 'full-width-space',
  description: 'Japanese and Chinese: no half-width space beside a full-width bracket or punctuation mark.',
  appliesTo: 'every',
  check: ({catalog, locale}) =>
    !/^(ja|zh)\b/.test(locale)
      ? []
      : [...catalog.messages].flatMap(([key, text]) =>
          [...text.matchAll(FULL_WIDTH_SPACE)].map((m) => ({key, id: 'checks.fullWidthSpace', values: {found: m[0]}})),
        ),
};
