// One chart of the history page: a comparison group's metric over a
// machine's runs, each run's median with its interval, one line per server.
import {lineChart} from '../charts/chart-spec.mjs';
import {formatFigure, rangeText} from '../numbers/format.mjs';
import {FIGURES} from '../model/measures.mjs';
import {formatDate, formatDateTime} from './run-info.mjs';

/** The latency percentile a history follows (lib/model/measures.mjs, historyFigures). */
export const PERCENTILE = 95;

/** At most this many dated ticks on a history chart's x axis, so that labels never collide on a phone. */
const MAX_X_TICKS = 4;

/** How far apart, in steps between runs, the first and last line of a chart are drawn within one run. */
const DODGE = 0.5;

/**
 * At most MAX_X_TICKS ticks spread evenly over the runs a chart shows ([{x, startedAt}], in order), each
 * named by its run's date: a tick falls on a point, never beyond the chart's data.
 */
function runTicks(runs, locale) {
  const k = Math.min(runs.length, MAX_X_TICKS);
  const at =
    k === 1 ? [0] : [...new Set(Array.from({length: k}, (_, i) => Math.round((i * (runs.length - 1)) / (k - 1))))];
  // Runs a day apart are named by their date; several on one day, by date and time.
  const days = new Set(runs.map((r) => r.startedAt.slice(0, 10)));
  const name = days.size === runs.length ? formatDate : formatDateTime;
  return at.map((i) => ({value: runs[i].x, label: name(runs[i].startedAt, locale)}));
}

/**
 * A group's chart of one metric: lines side by side within a run's slot, dated ticks, from zero unless the
 * metric is instructions. lines: each line's full name (label), its name in the legend and its style (the same
 * on every chart of the page).
 */
export function historyChart({id, group, metric, title, lines, position, runs, credit, locale, t}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const {kind} = FIGURES[metric];
  const value = (v) => formatFigure(v, kind, locale);
  // Lines side by side within a run's slot (at most DODGE of a step apart in all), so that points of
  // one run never hide each other; a line's points stay in line from run to run.
  const k = group.series.length;
  const dodge = (i) => (k < 2 ? 0 : DODGE * (i / (k - 1) - 0.5));
  const series = group.series
    .map((s, i) => ({
      label: lines[i].label,
      legend: lines[i].legend,
      style: lines[i].style,
      points: s.points
        .filter((p) => p[metric])
        .map((p) => {
          const {median, low, high, n: repeats} = p[metric];
          const interval = low === null ? null : rangeText(value(low), value(high), locale);
          return {
            x: position.get(p.run) + dodge(i),
            slot: position.get(p.run),
            y: median,
            ...(low !== null && {low, high}),
            xText: formatDateTime(runs[position.get(p.run) - 1].startedAt, locale),
            text: value(median),
            ...(interval && {spread: interval}),
            tooltip: interval
              ? t('history.tooltip', {value: value(median), low: value(low), high: value(high), run: p.run})
              : t('history.tooltipTooFew', {value: value(median), runs: n(repeats), run: p.run}),
          };
        }),
    }))
    .filter((s) => s.points.length > 0);
  const shown = [...new Set(series.flatMap((x) => x.points.map((pt) => Math.round(pt.x))))].sort((a, b) => a - b);
  const ticks = runTicks(
    shown.map((x) => ({x, startedAt: runs[x - 1].startedAt})),
    locale,
  );
  return lineChart({
    id,
    locale,
    image: `/charts/${id}.png`,
    credit,
    title: t(FIGURES[metric].history.chart, {
      group: title,
      percentile: t('common.percentile', {p: n(PERCENTILE)}),
    }),
    xTitle: t('history.runsAxis'),
    yTitle: t(FIGURES[metric].axis),
    xKind: 'integer',
    yKind: kind,
    series,
    markers: true,
    xTicks: ticks,
    // Instructions are decided within a margin of a percent or two: drawn from zero, every step would
    // look flat. Timed figures, whose margins are wider, keep their zero.
    yFromZero: metric !== 'instructions',
  });
}
