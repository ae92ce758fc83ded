// Typography of Japanese, Chinese and Korean text, one rule each: the catalogs' checks (catalog-checks/) apply them
// to every message, and the page tour to the built pages' text, where messages and figures have been joined.
import {CJK, CLOSING_MARKS, OPENING_MARKS, setsFullWidth} from './full-width.mjs';

/** Japanese and Chinese: a half-width space beside a full-width bracket or punctuation mark ("（-Os） に対する"). */
export const FULL_WIDTH_SPACE = new RegExp(`[${CLOSING_MARKS}] +| +[${OPENING_MARKS}]`, 'gu');

/**
 * Japanese and Chinese: an ASCII comma or semicolon in running text, after a CJK character, a figure or a bracket and
 * before a space or a CJK character ("不带 JIT; PostgreSQL", "PostgreSQL 15, 16, 17, 18"); an ASCII full stop,
 * colon, ! or ? after a CJK character ("しています.数値", "服务器: 版本"). English a page quotes is marked lang="en"
 * and left alone.
 */
export const ASCII_PUNCTUATION = new RegExp(
  `(?:(?:${CJK}|\\d|[)）]|\\}\\})[,;]|[A-Za-z];)(?= |${CJK})|(?:${CJK}|）)[.:!?](?= ?(?:[A-Za-z]|${CJK}))`,
  'gu',
);

/** Korean: a sentence's full stop run into the next sentence ("±0.2%.페이지가", "않았습니다.pgbench를"). */
export const KOREAN_SENTENCE_SPACE = /(?:[가-힣)%]|\}\})[.](?=[가-힣A-Za-z])/gu;

// Placeholders whose value ends in % ("+6%", "±5%"'s figure): in a catalog, what follows them follows a figure.
const PERCENT =
  '\\{\\{(?:change|margin|level|within|wanted|detectable|share|amount|least|most|bound|percent|threshold)\\}\\}';
const FIGURE_END = `(?:\\d|%|\\}\\})`;
const KOREAN_AFTER_UNIT = '(?=[^가-힣]|$|에|의|이|가|을|를|은|는|씩|도|만|까지|부터|보다|째|입니다)';

/**
 * One spacing between a figure and the words around it, per locale, as most of its messages write it. Japanese and
 * Chinese put a space between a figure and its counter or the particle after it ("5 件", "6 次", "5% の", "約 ±21%";
 * not "6回", "5%の", "約±27.7%"), but write 倍 and a date's 年月日 against it; Korean sets a unit right after its
 * figure ("60라운드", "3건", not "20~32 라운드"). In every one ± and % touch their figure.
 */
export const FIGURE_SPACING = {
  ja: new RegExp(
    `約[±+\\-−\\d{]|± |${FIGURE_END} %|${FIGURE_END}[回件秒個]|(?:%|${PERCENT})(?![倍年月日])${CJK}`,
    'gu',
  ),
  'zh-Hans': new RegExp(
    `约[±+\\-−\\d{]|± |${FIGURE_END} %|${FIGURE_END}[次项个条轮秒]|(?:%|${PERCENT})(?![倍年月日])${CJK}`,
    'gu',
  ),
  ko: new RegExp(`± |${FIGURE_END} %|${FIGURE_END} (?:라운드|초|개|배|건|회|번)${KOREAN_AFTER_UNIT}`, 'gu'),
};

const OWN_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The rules of a locale, by name. */
export const typographyRules = (locale) => ({
  ...(setsFullWidth(locale) && {fullWidthSpace: FULL_WIDTH_SPACE, asciiPunctuation: ASCII_PUNCTUATION}),
  ...(locale === 'ko' && {koreanSentenceSpace: KOREAN_SENTENCE_SPACE}),
  ...(FIGURE_SPACING[locale] && {figureSpacing: FIGURE_SPACING[locale]}),
});

/**
 * What a check quotes of a message: the place that breaks the rule with up to four characters on each side, within
 * its words ("않았습니다.pgbe", not "다.", which every sentence has), so that the translator finds it.
 */
function quoted(text, m) {
  const end = m.index + m[0].length;
  // A placeholder the four characters would cut is taken whole.
  const placeholders = [...text.matchAll(/\{\{\w+\}\}/g)].map((p) => [p.index, p.index + p[0].length]);
  const whole = (at, side) => placeholders.find(([a, b]) => a < at && at < b)?.[side] ?? at;
  const before = text
    .slice(whole(Math.max(0, m.index - 4), 0), m.index)
    .split(/\s/)
    .at(-1);
  const after = text.slice(end, whole(Math.min(text.length, end + 4), 1)).split(/\s/)[0];
  return `${before}${m[0]}${after}`;
}

/**
 * A catalog check of one rule (catalog-checks/): every message of a locale the rule holds in, each place it
 * breaks it told with `message` (a key under checks., or one per locale where each locale's rule is its own) and
 * what was found.
 */
export const typographyCheck = ({name, description, rule: id, message}) => ({
  name,
  description,
  appliesTo: 'every',
  check: ({catalog, locale}) => {
    const rule = typographyRules(locale)[id];
    if (!rule) return [];
    const said = typeof message === 'string' ? message : message[locale];
    // A message still in English is the untranslated report's (check-catalogs.mjs), not held to these rules.
    return [...catalog.messages]
      .filter(([, text]) => OWN_SCRIPT.test(text))
      .flatMap(([key, text]) =>
        [...text.matchAll(rule)].map((m) => ({key, id: said, values: {found: quoted(text, m)}})),
      );
  },
});
