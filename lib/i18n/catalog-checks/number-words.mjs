// A count written as a word ("four languages", 六回以上, 여섯 번) is a number
// typed by hand: it cannot follow the data and differs between translations.
// Words that name no figure of the data (the two measures a page explains, 十分
// meaning "enough") are listed in NUMBER_WORD_ALLOWLIST, reviewed like code.
import {withoutPlaceholders} from '../messages.mjs';

/** Number words in each catalog's script. */
const NUMBER_WORDS = {
  en: /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|million)\b/giu,
  ja: /[二三四五六七八九十百千万億]+|一[十百千万億]+/gu,
  'zh-Hans': /[二两三四五六七八九十百千万亿]+|一[十百千万亿]+/gu,
  ko: /(?<![가-힣])(두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무|서른|백|천|만|억|십)\s(번|개|가지|회|명|대|차례|배|시간|초|분|년|개월|언어|종류|곳|줄|단계|쌍)/gu,
};

/**
 * Phrases with a number word that a message may contain, per locale: each
 * names something fixed by design, not a figure of the data (i18n/README.md).
 */
const NUMBER_WORD_ALLOWLIST = {
  // The difference of two counts, two plans or inputs of a query, two servers of an A/A test,
  // the page's two measures (time, instructions): fixed by the method, not counted from data.
  en: [
    'the two counts',
    'the two cannot',
    'the two sorted',
    'two plain',
    'calls two versions',
    'as two servers',
    'Two measures',
  ],
  ja: [
    '二つの計数',
    '二つの入力',
    '二つの単純',
    '二台のサーバー',
    '二つの尺度',
    '二重の波かっこ',
    '二つ目',
    '三桁ごと',
    '万',
    '百分率',
    '二点',
  ],
  ko: ['두 번째', '두 개의 단순', '두 가지 척도'],
  'zh-Hans': [
    '百分位',
    '百分比',
    '第二',
    '两次计数',
    '四舍五入',
    '两者',
    '两个有序',
    '两个普通',
    '两台',
    '测量两次',
    '两种度量',
    '万、',
    '每三位',
    '两个点',
  ],
};

/** The number words of `text` in `locale`'s script, outside placeholders and allowed phrases. */
export function numberWords(text, locale) {
  const words = NUMBER_WORDS[locale] ?? NUMBER_WORDS[locale.split('-')[0]];
  if (!words) return [];
  let rest = withoutPlaceholders(text);
  for (const phrase of NUMBER_WORD_ALLOWLIST[locale] ?? []) rest = rest.split(phrase).join(' ');
  return [...rest.matchAll(words)].map((m) => m[0]);
}

export default {
  name: 'number-words',
  description: 'No count written as a word where a figure belongs, except the phrases of NUMBER_WORD_ALLOWLIST.',
  appliesTo: 'every',
  check: ({catalog, locale}) =>
    [...catalog.messages].flatMap(([key, text]) => {
      const found = numberWords(text, locale);
      if (found.length === 0) return [];
      const values = {found: found.map((w) => `"${w}"`).join(', '), file: 'lib/i18n/catalog-checks/number-words.mjs'};
      return [{key, id: 'checks.numberWords', values}];
    }),
};
