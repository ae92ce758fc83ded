// How every figure on the site is rounded and written, in one place: pages,
// tables, charts, static images and tests all call formatFigure. Figures are
// formatted at build time, in Node, for the locale being built; components get
// strings, so the browser never formats again and hydration cannot disagree.
//
// One style in every locale (README "Number style"): Western digits, a comma
// every three digits from 1,000 up, a point before decimals, and no short forms.
// Intl's compact notation was the one place the locales parted (19.8K, 1.98万,
// 1.98만; and below 10,000 "4400" in ja/zh but "4.4천" in ko), so it is not a kind.

/** The rounding rule: per kind of figure, the Intl options that decide its digits. */
export const KINDS = {
  // Whole transactions from 100 up; below, three significant digits, so that a
  // ratio printed beside two small figures can be recomputed from them (37.4
  // against 7.45 is 5.0×; "37 against 7" would read as 5.3×).
  tps: {maximumFractionDigits: 0, maximumSignificantDigits: 3, roundingPriority: 'morePrecision'},
  count: {maximumFractionDigits: 0},
  // Instructions per transaction, whole or a function's share of one; a change keeps its sign.
  instructions: {maximumFractionDigits: 0, maximumSignificantDigits: 3, roundingPriority: 'morePrecision'},
  instructionsChange: {
    maximumFractionDigits: 0,
    maximumSignificantDigits: 3,
    roundingPriority: 'morePrecision',
    signDisplay: 'exceptZero',
  },
  ms: {maximumSignificantDigits: 3},
  percent: {style: 'percent', maximumSignificantDigits: 3, signDisplay: 'exceptZero'},
  // A size said to be "about" so large (what a run's noise hides): two significant digits, no sign.
  approximatePercent: {style: 'percent', maximumSignificantDigits: 2},
  // A part of a whole (the reads found in shared buffers, a wait's share of the samples): one decimal, no sign.
  share: {style: 'percent', maximumFractionDigits: 1},
  ratio: {minimumFractionDigits: 1, maximumFractionDigits: 1},
  // The ratio of two medians beside a shift: enough digits to show a 4% difference (1.04, 0.947).
  // Four digits: a ratio of 1.0035 reads "×1.004", never "×1.00 more".
  medianRatio: {maximumSignificantDigits: 4, minimumSignificantDigits: 3},
  // A ratio as a source stated it ("about 12 times", "3.6 times"): no digit it did not print.
  statedRatio: {maximumFractionDigits: 1},
  integer: {maximumFractionDigits: 0},
  // A data size in GB as dataSizeGb rounds it (0.16, 8, 800): its digits and no more.
  size: {maximumSignificantDigits: 3},
  // An exact test's p (0.1, 0.029): two significant digits say whether it is below 0.05.
  probability: {maximumSignificantDigits: 2},
};

const cache = new Map();
function formatter(locale, kind) {
  const key = `${locale}\u0000${kind}`;
  if (!cache.has(key)) {
    if (!KINDS[kind])
      throw new Error(
        `Unknown kind of figure "${kind}": use one of ${Object.keys(KINDS).join(', ')} (lib/numbers/format.mjs).`,
      );
    cache.set(key, new Intl.NumberFormat(locale, KINDS[kind]));
  }
  return cache.get(key);
}

/**
 * @param {number} value  in base units (tps, ms, a fraction for percent: 0.123 is 12.3%)
 * @param {keyof KINDS} kind
 * @param {string} locale  a BCP-47 locale of the site
 */
export function formatFigure(value, kind, locale) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`Cannot format ${JSON.stringify(value)} as ${kind}: a figure must be a finite number.`);
  }
  return formatter(locale, kind).format(value);
}

/**
 * A change (a fraction) written to the precision its interval supports: about two significant digits of
 * the interval's width, so that a change of -0.0732% inside an interval 40 points wide reads 0%, and one
 * inside an interval of 0.4 points keeps two decimals (never more than three significant digits).
 * Without an interval (`width` not above 0), as formatFigure's percent.
 * @param {number} value  the change, a fraction (0.123 is +12.3%)
 * @param {number|null} width  its interval's width, a fraction
 */
export function formatChange(value, width, locale) {
  if (!(width > 0)) return formatFigure(value, 'percent', locale);
  const decimals = changeDecimals(width);
  const key = `${locale}\u0000change${decimals}`;
  if (!cache.has(key)) {
    cache.set(
      key,
      // Never more digits than the percent kind's three significant ones.
      new Intl.NumberFormat(locale, {
        style: 'percent',
        maximumFractionDigits: decimals,
        maximumSignificantDigits: 3,
        roundingPriority: 'lessPrecision',
        signDisplay: 'exceptZero',
      }),
    );
  }
  return cache.get(key).format(value);
}

/** The decimals of a percentage that an interval `width` (a fraction) wide supports: about two significant digits. */
const changeDecimals = (width) => Math.min(3, Math.max(0, 1 - Math.floor(Math.log10(width * 100))));

/**
 * An end of an interval as a size, without its sign, at the precision its interval supports (formatChange), for
 * words that say which way: `least`, the end nearer to no change, rounded toward zero and given more decimals
 * (up to three) where it would read 0%, so that an interval that leaves out no change never reads as if it
 * reached it; `most`, the farther end, rounded away from zero, so that "no more than 2%" never hides 2.4%.
 * @param {number} value  the end, a fraction
 * @param {number} width  the interval's width, a fraction
 * @param {'least'|'most'} end
 */
export function formatIntervalEnd(value, width, locale, end) {
  const size = Math.abs(value);
  let decimals = width > 0 ? changeDecimals(width) : 1;
  if (end === 'least') while (decimals < 3 && Math.trunc(size * 100 * 10 ** decimals) === 0) decimals++;
  const key = `${locale}\u0000${end}${decimals}`;
  if (!cache.has(key)) {
    const roundingMode = end === 'least' ? 'trunc' : 'expand';
    cache.set(key, new Intl.NumberFormat(locale, {style: 'percent', maximumFractionDigits: decimals, roundingMode}));
  }
  return cache.get(key).format(size);
}

/** The value as it is displayed (rounded by the same rule), as a number. */
export function displayedValue(value, kind) {
  const parts = formatter('en', kind).formatToParts(value);
  const digits = parts
    .filter((p) => ['integer', 'decimal', 'fraction', 'minusSign'].includes(p.type))
    .map((p) => p.value)
    .join('');
  // Shift the decimal point in the text, not in floating point (12.3 / 100 is not 0.123).
  return Number(`${digits}e${KINDS[kind].style === 'percent' ? -2 : 0}`);
}

// Between the ends of a range, as each language's pages write it (and its catalog: {{low}}〜{{high}} in
// Japanese, {{low}}~{{high}} in Korean, {{low}} 至 {{high}} in Chinese); Intl's formatRange writes Japanese's
// and Korean's alike but for Japanese's full-width tilde, where Japanese text uses the wave dash. English:
// an en dash.
const RANGE_SEPARATOR = {ja: '〜', ko: '~', zh: ' 至 '};

/** Two formatted ends as a range in the locale's form ("4.3–4.5", "4.3〜4.5"); one end when both read alike. */
export function rangeText(low, high, locale) {
  if (low === high) return low;
  return `${low}${RANGE_SEPARATOR[locale.split('-')[0]] ?? '–'}${high}`;
}
