// Korean: a space after a sentence's full stop ("±0.2%.페이지가" runs two sentences together).
// The rule is lib/i18n/typography.mjs's; the page tour applies it to the built pages too.
import {KOREAN_SENTENCE_SPACE} from '../typography.mjs';

export default {
  name: 'korean-sentence-space',
  description: "Korean: a space after a sentence's full stop.",
  appliesTo: 'every',
  check: ({catalog, locale}) =>
    locale !== 'ko'
      ? []
      : [...catalog.messages].flatMap(([key, text]) =>
          [...text.matchAll(KOREAN_SENTENCE_SPACE)].map((m) => ({
            key,
            id: 'checks.koreanSentenceSpace',
            values: {found: m[0]},
          })),
        ),
};
