// Japanese and Chinese: no ASCII comma or semicolon between CJK characters ("GROUP BY の順序, 範囲").
// The rule is lib/i18n/typography.mjs's; the page tour applies it to the built pages too.
import {typographyCheck} from '../typography.mjs';

export default typographyCheck({
  name: 'ascii-punctuation',
  description: 'Japanese and Chinese: no ASCII comma or semicolon between CJK characters.',
  rule: 'asciiPunctuation',
  message: 'checks.asciiPunctuation',
});
