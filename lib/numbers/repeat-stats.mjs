// Figures of a measured run, as the pages show them: per cell, the median of
// its repeats with the spread (slowest to fastest repeat), formatted for the
// locale; and comparisons with a baseline, decided by lib/stats (an exact
// test, the change with its 95% interval, and a verdict).
import {FIGURES} from '../results/cell-figures.mjs';
import {summarizeRepeats} from '../results/summarize-repeats.mjs';
import {compareToBaseline, DEFAULT_MARGIN, MIN_MARGIN} from '../stats/compare.mjs';
import {keySettingValue} from '../suites/like-for-like.mjs';
import {ratio} from './compare.mjs';
import {formatChange, formatFigure} from './format.mjs';
import {isSample} from '../stats/median.mjs';

/** "4,400–4,600", or one number when both ends are written the same. */
export function formatSpan(low, high, kind, locale) {
  const a = formatFigure(low, kind, locale);
  const b = formatFigure(high, kind, locale);
  return a === b ? a : `${a}–${b}`;
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
  // The runs' values and twin keys: the inputs of comparisons, not published with the page's data.
  Object.defineProperty(stat, 'keys', {value: group.keys ?? null, enumerable: false});
  return Object.defineProperty(stat, 'values', {value: group.values, enumerable: false});
}

/**
 * Every named figure of every group of repeats (target/workload/scenario/clients).
 * @returns {Map<string, {target, workload, scenario, clients, repeats, figures: Record<string, object|null>}>}
 */
export function groupFigures(cells, names, locale) {
  const groups = new Map();
  for (const name of names) {
    const {kind, pick, twin} = FIGURES[name];
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
export function versusBaseline(
  base,
  candidates,
  {locale, margin = DEFAULT_MARGIN, better = 'higher', minMargin = MIN_MARGIN},
) {
  const present = candidates.filter(Boolean);
  if (!base || present.length === 0) return candidates.map(() => null);
  const {comparisons} = compareToBaseline(
    base.values,
    present.map((c) => c.values),
    {margin, better, minMargin, keys: {baseline: base.keys, candidates: present.map((c) => c.keys)}},
  );
  const percent = (v) => (v === null ? null : formatFigure(v, 'percent', locale));
  const decided = new Map(present.map((c, i) => [c, comparisons[i]]));
  return candidates.map((c) => {
    if (!c) return null;
    const d = decided.get(c);
    const r = ratio(c.median, base.median);
    // "× as fast" states the same estimate as the change (the median of the ratios of every pair of runs),
    // so that "5.3 times" and "+427%" never stand side by side; the ratio of the medians is told apart.
    const times = d.change === null ? r : 1 + d.change;
    return {
      ratio: times,
      ratioText: formatFigure(times, 'ratio', locale),
      mediansText: formatFigure(r, 'medianRatio', locale),
      change: d.change,
      // Written to the precision the interval supports (none without one).
      changeText: d.low === null ? percent(d.change) : formatChange(d.change, d.high - d.low, locale),
      low: d.low,
      high: d.high,
      lowText: d.low === null ? null : formatChange(d.low, d.high - d.low, locale),
      highText: d.low === null ? null : formatChange(d.high, d.high - d.low, locale),
      // The same interval as ratios, beside "× as fast".
      ratioLowText: d.low === null ? null : formatFigure(1 + d.low, 'ratio', locale),
      ratioHighText: d.low === null ? null : formatFigure(1 + d.high, 'ratio', locale),
      p: d.p,
      verdict: d.verdict,
      paired: d.paired,
      runs: formatFigure(Math.min(c.values.length, base.values.length), 'integer', locale),
      margin: unsignedPercent(margin, locale),
      // The interval reaches past the margin on either side: for an A/A, noise alone can exceed the margin.
      beyondMargin: d.low !== null && (d.low < -margin || d.high > margin),
      level: unsignedPercent(d.level, locale),
      ...detectableOf(d, {margin, runs: Math.min(c.values.length, base.values.length), locale}),
    };
  });
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

/** The repeat whose figure is the group's median (the middle one), for time series. */
export function medianRepeat(cells, stat, pick) {
  const ok = cells.filter((c) => c.status === 'ok' && isSample(pick(c)));
  if (ok.length === 0) return null;
  return ok.reduce((best, c) => (Math.abs(pick(c) - stat.median) < Math.abs(pick(best) - stat.median) ? c : best));
}

/** The major version of a target, from the server version the run recorded ("17.10" → 17). */
// The settings a new version's defaults changed: a target that differs from the run's first in one of them is
// named with it, declared or not.
const NAMED_SETTINGS = ['data_checksums', 'io_method'];

/**
 * A target's name on the pages: "PostgreSQL 18"; a target the suite declared different in some key
 * settings (a version at its own defaults), or one that differs from the run's first target in data
 * checksums or I/O method, says which, with its values: "PostgreSQL 18 (data_checksums on, io_method
 * worker)", so that two servers of one version are never named alike, and a server at other settings
 * never passes for one like the others. When two servers of one version differ, each says its values.
 */
export function targetName(t, result, targetId) {
  const version = majorOf(result, targetId);
  const target = result.environment.targets.find((x) => x.id === targetId);
  const first = result.environment.targets.find((x) => !x.error && x.keySettings);
  const differ = (other, n) =>
    other?.keySettings &&
    target?.keySettings &&
    keySettingValue(target.keySettings, n) !== null &&
    keySettingValue(other.keySettings, n) !== null &&
    keySettingValue(target.keySettings, n) !== keySettingValue(other.keySettings, n);
  // Another server of the same version at other settings: both say theirs, so neither passes for the version.
  const sameVersion = result.environment.targets.filter(
    (x) => x.id !== targetId && !x.error && x.serverVersion && majorOf(result, x.id) === version,
  );
  const differing = NAMED_SETTINGS.filter((n) => differ(first, n) || sameVersion.some((x) => differ(x, n)));
  const names = [...new Set([...(target?.differs ?? []), ...differing])];
  if (names.length === 0) return t('common.postgresVersion', {version});
  const settings = names.map((n) => `${n} ${keySettingValue(target.keySettings, n) ?? '?'}`).join(', ');
  return t('common.postgresVersionDiffers', {version, settings});
}

export function majorOf(result, targetId) {
  const target = result.environment.targets.find((t) => t.id === targetId);
  const version = target?.serverVersion;
  // A target the runner could not use never told its version: it is named by its id (its cells are failed).
  if (!version && target?.error) return target.id;
  if (!version)
    throw new Error(`${result.run.id}: target "${targetId}" has no server version recorded; the page cannot name it.`);
  // A release ("17.4") is named by its major; a pre-release ("18beta1", "19devel") as the server gives it.
  return /^\d+\.\d+/.test(version) ? version.split('.')[0] : version;
}

/** Orders version names as majorOf gives them: 9 before 10, 18beta1 before 18. */
export const byVersion = (a, b) =>
  parseInt(a, 10) - parseInt(b, 10) || (a.length === b.length ? 0 : a.length > b.length ? -1 : 1);

/**
 * The targets of a result, oldest version first (ties by id: pg15 before
 * pg15-aa): the order pages list them in and compare them from. The order the
 * runner met them in is the shuffled order of its first round, not a meaning.
 */
export function targetOrder(result) {
  const known = result.environment.targets.filter((t) => t.serverVersion);
  const order = known
    .map((t) => ({id: t.id, major: majorOf(result, t.id)}))
    .sort((a, b) => byVersion(a.major, b.major) || a.id.localeCompare(b.id))
    .map((t) => t.id);
  return [...order, ...result.environment.targets.filter((t) => !t.serverVersion).map((t) => t.id)];
}

/** A comparator of target ids (or of objects with `target`), in targetOrder. */
export function byTargetOrder(result) {
  const rank = new Map(targetOrder(result).map((id, i) => [id, i]));
  const key = (x) => rank.get(typeof x === 'string' ? x : x.target) ?? rank.size;
  return (a, b) => key(a) - key(b);
}
