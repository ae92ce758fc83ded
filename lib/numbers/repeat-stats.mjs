// Figures of a measured run, as the pages show them: per cell, the median of its repeats with the spread (slowest to
// fastest repeat), formatted for the locale. Their comparisons are decided once, elsewhere (lib/model/comparisons.mjs).
import {FIGURES} from '../model/measures.mjs';
import {summarizeRepeats} from '../model/summarize-repeats.mjs';
import {formatFigure, rangeText} from './format.mjs';
import {isSample} from '../stats/median.mjs';

/** "4,400–4,600", or one number when both ends are written the same. */
function formatSpan(low, high, kind, locale) {
  const a = formatFigure(low, kind, locale);
  const b = formatFigure(high, kind, locale);
  return rangeText(a, b, locale);
}

/**
 * One figure of one group of repeats: the numbers (median, min, max) and their text. `null` when no repeat
 * finished or the figure was not measured.
 */
export function statOf(group, kind, locale) {
  if (group.median === null) return null;
  return {
    median: group.median,
    min: group.min,
    max: group.max,
    ok: group.ok,
    repeats: group.repeats,
    text: formatFigure(group.median, kind, locale),
    spread: formatSpan(group.min, group.max, kind, locale),
  };
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

/** The repeat whose figure is the group's median (the middle one), for time series. */
export function medianRepeat(cells, stat, pick) {
  const ok = cells.filter((c) => c.status === 'ok' && isSample(pick(c)));
  if (ok.length === 0) return null;
  return ok.reduce((best, c) => (Math.abs(pick(c) - stat.median) < Math.abs(pick(best) - stat.median) ? c : best));
}
