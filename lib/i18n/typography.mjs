// Typography of Japanese, Chinese and Korean text, one rule each: the catalogs' checks (catalog-checks/) apply them
// to every message, and the page tour to the built pages' text, where messages and figures have been joined.
const CJK = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]';

/** Japanese and Chinese: a half-width space beside a full-width bracket or punctuation mark ("（-Os） に対する"). */
export const FULL_WIDTH_SPACE = /[）」』】〕、。，：；！？] +| +[（「『【〔、。，：；！？）]/gu;

/** Japanese and Chinese: an ASCII comma or semicolon between two CJK characters ("不带 JIT; PostgreSQL" aside). */
export const ASCII_PUNCTUATION = new RegExp(`${CJK}[,;] ?${CJK}`, 'gu');

/** Korean: a sentence's full stop run into the next sentence ("±0.2%.페이지가"). */
export const KOREAN_SENTENCE_SPACE = /(?:[가-힣)%]|\}\})[.](?=[가-힣])/gu;

/**
 * One spacing between a figure and the words around it, per locale, as most of its messages write it: Japanese
 * spaces 約 from its figure ("約 ±21%", not "約±27.7%"); Korean sets 라운드 right after its figure ("60라운드",
 * not "20~32 라운드").
 */
export const FIGURE_SPACING = {
  ja: /約(?=[±+\-−\d{])/gu,
  ko: /(?:\d|\}\}) 라운드/gu,
};

const FULL_WIDTH_LOCALES = /^(ja|zh)\b/;

/** The rules of a locale, by name. */
export const typographyRules = (locale) => ({
  ...(FULL_WIDTH_LOCALES.test(locale) && {fullWidthSpace: FULL_WIDTH_SPACE, asciiPunctuation: ASCII_PUNCTUATION}),
  ...(locale === 'ko' && {koreanSentenceSpace: KOREAN_SENTENCE_SPACE}),
  ...(FIGURE_SPACING[locale] && {figureSpacing: FIGURE_SPACING[locale]}),
});

/**
 * A catalog check of one rule (catalog-checks/): every message of a locale the rule holds in, each place it
 * breaks it told with `message` (a key under checks.) and what was found.
 */
export const typographyCheck = ({name, description, rule: id, message}) => ({
  name,
  description,
  appliesTo: 'every',
  check: ({catalog, locale}) => {
    const rule = typographyRules(locale)[id];
    if (!rule) return [];
    return [...catalog.messages].flatMap(([key, text]) =>
      [...text.matchAll(rule)].map((m) => ({key, id: message, values: {found: m[0]}})),
    );
  },
});
