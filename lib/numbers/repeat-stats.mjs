// Figures of a measured run, as the pages show them: per cell, the median of
// its repeats with the spread (slowest to fastest repeat), formatted for the
// locale; and comparisons with a baseline, decided by lib/stats (an exact
// test, the change with its 95% interval, and a verdict).
import {DEFAULT_MARGIN, FIGURES, MEASURES} from '../model/measures.mjs';
import {notComparable, summarizeRepeats} from '../model/summarize-repeats.mjs';
import {compareToBaseline} from '../stats/compare.mjs';
import {ratio} from './ratio.mjs';
import {comparisonText, detectableOf, unsignedPercent} from './comparison-text.mjs';
import {formatFigure, rangeText} from './format.mjs';
import {isSample} from '../stats/median.mjs';

/** "4,400–4,600", or one number when both ends are written the same. */
function formatSpan(low, high, kind, locale) {
  const a = formatFigure(low, kind, locale);
  const b = formatFigure(high, kind, locale);
  return rangeText(a, b, locale);
}

/**
 * One figure of one group of repeats: the numbers (median, min, max) and
 * their text. `null` when no repeat finished or the figure was not measured.
 * The repeats' values, which comparisons are computed from, are not enumerable:
 * a page's published data leaves them out (a run of 100,000 cells would put
 * every repeat in its page's script); data/ holds every repeat.
 */
export function statOf(group, kind, locale) {
  if (group.median === null) return null;
  const stat = {
    median: group.median,
    min: group.min,
    max: group.max,
    ok: group.ok,
    repeats: group.repeats,
    text: formatFigure(group.median, kind, locale),
    spread: formatSpan(group.min, group.max, kind, locale),
  };
  // The runs' values and twin keys, and why they cannot be compared (if so): the inputs of comparisons, not
  // published with the page's data.
  Object.defineProperty(stat, 'keys', {value: group.keys ?? null, enumerable: false});
  Object.defineProperty(stat, 'notComparable', {value: notComparable(group, 'figure'), enumerable: false});
  return Object.defineProperty(stat, 'values', {value: group.values, enumerable: false});
}

/**
 * Every named figure of every group of repeats (target/workload/scenario/clients).
 * @returns {Map<string, {target, workload, scenario, clients, repeats, figures: Record<string, object|null>}>}
 */
export function groupFigures(cells, names, locale) {
  const groups = new Map();
  for (const name of names) {
    const {kind, read: pick, twin} = FIGURES[name];
    for (const g of summarizeRepeats(cells, pick, twin)) {
      if (!groups.has(g.key))
        groups.set(g.key, {
          target: g.target,
          workload: g.workload,
          scenario: g.scenario,
          clients: g.clients,
          repeats: g.repeats,
          figures: {},
        });
      groups.get(g.key).figures[name] = statOf(g, kind, locale);
    }
  }
  return groups;
}

/**
 * Each candidate figure against the baseline's (all from statOf), decided by
 * the runs' values: the change (Hodges–Lehmann, as a percent) with its 95%
 * interval, Holm-corrected when there are several, and the verdict at the
 * margin. Also the same change as a ratio (`ratio`, for "× as fast" wording), the ratio
 * of the medians apart (`mediansText`), and what the runs could have detected (detectableOf).
 * @returns {(object|null)[]} one per candidate (null for a figure not measured)
 */
export function versusBaseline(base, candidates, {locale, margin = DEFAULT_MARGIN, figure = 'tps'}) {
  const {better, measure} = FIGURES[figure];
  const {minMargin} = MEASURES[measure];
  // What bench compare would not compare, no page compares (summarize-repeats.mjs, notComparable).
  const usable = (stat) => stat && !stat.notComparable;
  const present = candidates.filter(usable);
  if (!usable(base) || present.length === 0) return candidates.map(() => null);
  const {comparisons} = compareToBaseline(
    base.values,
    present.map((c) => c.values),
    {margin, better, minMargin, keys: {baseline: base.keys, candidates: present.map((c) => c.keys)}},
  );
  const decided = new Map(present.map((c, i) => [c, comparisons[i]]));
  return candidates.map((c) => {
    if (!usable(c)) return null;
    const d = decided.get(c);
    const r = ratio(c.median, base.median);
    const runs = Math.min(c.values.length, base.values.length);
    // "× as fast" states the same estimate as the change (the median of the ratios of every pair of runs),
    // so that "5.3 times" and "+427%" never stand side by side; the ratio of the medians is told apart.
    const times = d.change === null ? r : 1 + d.change;
    const text = comparisonText(d, locale);
    return {
      ratio: times,
      ratioText: formatFigure(times, 'ratio', locale),
      mediansText: formatFigure(r, 'medianRatio', locale),
      change: d.change,
      changeText: text.changeText,
      low: d.low,
      high: d.high,
      lowText: text.lowText,
      highText: text.highText,
      // The same interval as ratios, beside "× as fast".
      ratioLowText: text.ratioLowText,
      ratioHighText: text.ratioHighText,
      p: d.p,
      verdict: d.verdict,
      paired: d.paired,
      runs: formatFigure(runs, 'integer', locale),
      margin: unsignedPercent(margin, locale),
      // The interval reaches past the margin on either side: for an A/A, noise alone can exceed the margin.
      beyondMargin: d.low !== null && (d.low < -margin || d.high > margin),
      level: text.level,
      ...detectableOf(d, {margin, runs, locale}),
    };
  });
}

/** The repeat whose figure is the group's median (the middle one), for time series. */
export function medianRepeat(cells, stat, pick) {
  const ok = cells.filter((c) => c.status === 'ok' && isSample(pick(c)));
  if (ok.length === 0) return null;
  return ok.reduce((best, c) => (Math.abs(pick(c) - stat.median) < Math.abs(pick(best) - stat.median) ? c : best));
}
