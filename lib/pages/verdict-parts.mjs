// A statement over many comparisons, one part per verdict met ("fewer
// instructions per transaction in 3 of 4 comparisons (-3.2% to -1.4%)"), so
// that a page says once what a sentence per comparison would repeat. Each map
// (lib/i18n/message-keys.mjs) gives a verdict's words for one change and for a
// range; an undecided timed part says how large a change the noise hides.
import {formatChange, formatFigure} from '../numbers/format.mjs';
import {messageKey} from '../i18n/message-keys.mjs';
import {VERDICTS} from '../stats/compare.mjs';

/**
 * The figure a part gives the range of: the change as a percent, each written to the precision of its own
 * interval (formatChange), or (the planner's speedups) the ratio.
 */
const CHANGE = {
  of: (c) => c.change,
  write: (c, locale) =>
    c.low === null || c.low === undefined
      ? formatFigure(c.change, 'percent', locale)
      : formatChange(c.change, c.high - c.low, locale),
};
export const RATIO = {of: (c) => c.ratio, write: (c, locale) => formatFigure(c.ratio, 'ratio', locale)};
/** What the noise hides, "about" so large: two significant digits. */
const DETECTABLE = (detectable) => ({
  of: detectable,
  write: (c, locale) => formatFigure(detectable(c), 'approximatePercent', locale),
});

/** "−0.61% to −0.52%", or one change when they are written alike. */
function span(cells, figure, locale) {
  const sorted = [...cells].sort((a, b) => figure.of(a) - figure.of(b));
  const [low, high] = [figure.write(sorted[0], locale), figure.write(sorted.at(-1), locale)];
  return low === high ? {one: true, change: low, low, high} : {one: false, low, high};
}

/**
 * The parts of a statement for one measure (`cells`: comparisons with verdict, change and low): one per
 * verdict met, with how many and the range of changes; undecided timed comparisons say instead how large a
 * change this machine's noise hides.
 */
export function verdictParts(cells, map, {t, locale, margin, detectable = () => null, figure = CHANGE}) {
  const total = formatFigure(cells.length, 'integer', locale);
  // In the order lib/stats decides them: what changed, then what did not, then what cannot tell.
  return VERDICTS.flatMap((verdict) => {
    const these = cells.filter((c) => c.verdict === verdict);
    if (these.length === 0) return [];
    const keys = messageKey(map, verdict, 'answer part');
    const count = formatFigure(these.length, 'integer', locale);
    if (keys.tooFew) {
      const open = these.filter((c) => (detectable(c) ?? null) !== null);
      if (open.length === 0) return [t(keys.tooFew, {count, total})];
      const seen = span(open, DETECTABLE(detectable), locale);
      const unsigned = (text) => text.replace(/^\+/, '');
      return [
        t(seen.one ? keys.one : keys.range, {count, total, margin, low: unsigned(seen.low), high: unsigned(seen.high)}),
      ];
    }
    const changes = span(these, figure, locale);
    return [t(changes.one ? keys.one : keys.range, {count, total, margin, ...changes})];
  });
}
