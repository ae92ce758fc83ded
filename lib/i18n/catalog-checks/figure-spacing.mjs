// One spacing between a figure and the words around it, per locale ("約 ±21%" beside "約±27.7%" read as two hands).
// The rule is lib/i18n/typography.mjs's; the page tour applies it to the built pages too.
import {typographyCheck} from '../typography.mjs';

export default typographyCheck({
  name: 'figure-spacing',
  description: "One spacing between a figure and its words, as the locale's other messages write it.",
  rule: 'figureSpacing',
  // Each language spaces its figures its own way: the check says the one of the catalog it reads.
  message: {
    ja: 'checks.figureSpacingJapanese',
    'zh-Hans': 'checks.figureSpacingChinese',
    ko: 'checks.figureSpacingKorean',
  },
});
