// Japanese and Chinese: no half-width space beside a full-width bracket or punctuation mark ("（-Os） に対する").
// The rule is lib/i18n/typography.mjs's; the page tour applies it to the built pages too.
import {typographyCheck} from '../typography.mjs';

export default typographyCheck({
  name: 'full-width-space',
  description: 'Japanese and Chinese: no half-width space beside a full-width bracket or punctuation mark.',
  rule: 'fullWidthSpace',
  message: 'checks.fullWidthSpace',
});
