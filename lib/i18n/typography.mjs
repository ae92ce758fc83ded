// Typography of Japanese, Chinese and Korean text, one rule each: the catalogs' checks (catalog-checks/) apply them
// to every message, and the page tour to the built pages' text, where messages and figures have been joined.
const CJK = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]';

/** Japanese and Chinese: a half-width space beside a full-width bracket or punctuation mark ("（-Os） に対する"). */
export const FULL_WIDTH_SPACE = /[）」』】〕、。，：；！？] +| +[（「『【〔、。，：；！？）]/gu;

/** Japanese and Chinese: an ASCII comma or semicolon between two CJK characters ("不带 JIT; PostgreSQL" aside). */
export const ASCII_PUNCTUATION = new RegExp(`${CJK}[,;] ?${CJK}`, 'gu');

/** Korean: a sentence's full stop run into the next sentence ("±0.2%.페이지가"). */
export const KOREAN_SENTENCE_SPACE = /(?:[가-힣)%]|\}\})[.](?=[가-힣])/gu;

/** The rules of a locale, by name. */
export const typographyRules = (locale) =>
  /^(ja|zh)\b/.test(locale)
    ? {fullWidthSpace: FULL_WIDTH_SPACE, asciiPunctuation: ASCII_PUNCTUATION}
    : locale === 'ko'
      ? {koreanSentenceSpace: KOREAN_SENTENCE_SPACE}
      : {};
