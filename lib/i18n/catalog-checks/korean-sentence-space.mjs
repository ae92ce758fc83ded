// Korean: a space after a sentence's full stop ("±0.2%.페이지가" runs two sentences together).
// The rule is lib/i18n/typography.mjs's; the page tour applies it to the built pages too.
import {typographyCheck} from '../typography.mjs';

export default typographyCheck({
  name: 'korean-sentence-space',
  description: "Korean: a space after a sentence's full stop.",
  rule: 'koreanSentenceSpace',
  message: 'checks.koreanSentenceSpace',
});
