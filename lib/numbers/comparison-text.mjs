// A comparison (lib/stats/compare.mjs: change, low, high, p, pAdjusted, level,
// verdict, n, all fractions) in a page's words: the one place its numbers
// become text, for every page and History.
import {formatChange, formatFigure, formatIntervalEnd} from './format.mjs';

/**
 * The comparison's figures as text for the locale: the change and its interval,
 * written to the precision the interval supports (a change without an interval
 * to the percent kind's digits), and the same interval as ratios.
 * @param {{change: number, low: number|null, high: number|null, p: number, level: number}} c
 */
export function comparisonText(c, locale) {
  const width = c.low === null ? null : c.high - c.low;
  const change = (v) => formatChange(v, width, locale);
  const ratio = (v) => formatFigure(1 + v, 'ratio', locale);
  // The interval's ends as sizes, nearer and farther from no change (formatIntervalEnd).
  const [near, far] = c.low === null ? [] : Math.abs(c.low) <= Math.abs(c.high) ? [c.low, c.high] : [c.high, c.low];
  return {
    leastText: c.low === null ? null : formatIntervalEnd(near, width, locale, 'least'),
    mostText: c.low === null ? null : formatIntervalEnd(far, width, locale, 'most'),
    changeText: change(c.change),
    lowText: c.low === null ? null : change(c.low),
    highText: c.low === null ? null : change(c.high),
    ratioLowText: c.low === null ? null : ratio(c.low),
    ratioHighText: c.low === null ? null : ratio(c.high),
    pText: formatFigure(c.p, 'probability', locale),
    level: unsignedPercent(c.level, locale),
  };
}

/** The change a reader may want told from none, for "how many rounds would it take". */
export const WANTED_CHANGE = 0.05;

/**
 * What a comparison could have seen. A change δ is called better or worse
 * when its whole interval lies beyond the margin: with an interval of
 * half-width h around it, only when |δ| > M + h. The half-width shrinks
 * about as 1/√n, so telling a change of WANTED_CHANGE from none (an interval
 * of half-width below it) takes about n·(h / WANTED_CHANGE)² rounds.
 * @returns {{detectable: number|null, detectableText: string|null, rounds: number|null, roundsForWanted: string|null,
 *   wantedText: string}}  nulls when the runs were too few for any interval
 */
export function detectableOf({low, high}, {margin, runs, locale}) {
  const wantedText = unsignedPercent(WANTED_CHANGE, locale);
  if (low === null || high === null)
    return {detectable: null, detectableText: null, rounds: null, roundsForWanted: null, wantedText};
  const half = (high - low) / 2;
  const detectable = margin + half;
  const rounds = Math.max(runs, Math.ceil(runs * (half / WANTED_CHANGE) ** 2));
  return {
    detectable,
    detectableText: unsignedPercent(detectable, locale),
    rounds,
    roundsForWanted: formatFigure(rounds, 'integer', locale),
    wantedText,
  };
}

/** "3%", "95%": a percentage that is not a change, without its sign. */
export const unsignedPercent = (fraction, locale) => formatFigure(fraction, 'percent', locale).replace(/^\+/, '');
