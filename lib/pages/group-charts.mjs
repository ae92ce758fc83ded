// The charts of one comparison group of a page of results: median throughput per server, latency percentiles,
// and throughput over the median repeat; and the bar every chart draws a median of repeats with.
import {barChart, lineChart} from '../charts/chart-spec.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {medianRepeat} from '../numbers/repeat-stats.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {FIGURES} from '../model/measures.mjs';
import {byTargetOrder} from '../model/targets.mjs';
import {chartCredit} from './run-info.mjs';

/** The latency percentiles a group's chart shows. */
export const PERCENTILES = ['p50', 'p90', 'p95', 'p99'];
/** At most this many points per line: a 60 s run averages every three seconds, so the page stays light. */
const MAX_POINTS = 20;

/**
 * pgbench's per-second progress, averaged over equal buckets when there are
 * more than `max` seconds: [{from, to, tps}] (from = to for one second).
 */
export function bucketProgress(progress, max = MAX_POINTS) {
  const size = Math.ceil(progress.length / max);
  const buckets = [];
  for (let i = 0; i < progress.length; i += size) {
    const part = progress.slice(i, i + size);
    buckets.push({from: part[0].timeS, to: part.at(-1).timeS, tps: part.reduce((n, p) => n + p.tps, 0) / part.length});
  }
  return buckets;
}

/**
 * Each server's chart style (its colour and marker, chart-config.mjs seriesStyle), the same on every chart of a
 * page: its place among the run's servers in their order, A/A controls after the others.
 */
export function serverStyles(result) {
  if (!STYLES.has(result)) {
    const controls = controlsOf(result);
    const ids = [...new Set(result.cells.map((c) => c.target))].sort(byTargetOrder(result));
    const ordered = [...ids.filter((x) => !controls.has(x)), ...ids.filter((x) => controls.has(x))];
    STYLES.set(result, new Map(ordered.map((x, i) => [x, i])));
  }
  return STYLES.get(result);
}
// Once per run: every chart of every group asks it for each of its servers.
const STYLES = new WeakMap();

// The charts' titles, by the page's words: a version per series, or any server.
const CHART_TITLES = {
  versions: {tps: 'versions.charts.tps', latency: 'versions.charts.latency', progress: 'versions.charts.progress'},
  servers: {tps: 'suite.charts.tps', latency: 'suite.charts.latency', progress: 'suite.charts.progress'},
};

/** A group's three charts; rows: its versions' figures (groupFigures), oldest first. */
export function groupCharts({result, locale, t, id: groupId, page, words, title, rows, groupCells, name}) {
  const id = `${page}-${groupId}`;
  const image = (chart) => `/charts/${id}-${chart}.png`;
  const credit = chartCredit(t, result, locale);
  const styles = serverStyles(result);
  const tps = mediansChart({
    id: `${id}-tps`,
    result,
    locale,
    t,
    title: t(CHART_TITLES[words].tps, {scenario: title}),
    yTitle: t('common.tpsAxis'),
    figure: 'tps',
    kind: 'tps',
    rows,
    name,
    label: t('common.medianTps'),
    valueKey: 'common.tpsValue',
  });
  const latency = barChart({
    id: `${id}-latency`,
    locale,
    image: image('latency'),
    credit,
    title: t(CHART_TITLES[words].latency, {scenario: title}),
    xTitle: t('common.percentileAxis'),
    yTitle: t('common.msAxis'),
    kind: 'ms',
    categories: PERCENTILES.map((q) =>
      t('common.percentile', {p: formatFigure(Number(q.slice(1)), 'integer', locale)}),
    ),
    series: rows.map((r) => ({
      label: name(r.target),
      style: styles.get(r.target),
      points: PERCENTILES.map((q) => point(r.figures[q], t, 'common.msValue')),
    })),
  });
  const progress = progressChart({
    id,
    image,
    credit,
    locale,
    t,
    title: t(CHART_TITLES[words].progress, {scenario: title}),
    rows,
    groupCells,
    name,
    styles,
  });
  // A chart with nothing to draw is left out: percentiles need per-transaction logs (scenario log: true), a line
  // over time two progress reports or more.
  const measured = rows.some((r) => PERCENTILES.some((q) => r.figures[q]));
  const overTime = progress.series.some((s) => s.points.length > 1);
  return [tps, measured && latency, overTime && progress].filter(Boolean);
}

/** Throughput over time: each server's repeat closest to its median, second by second. */
function progressChart({id, image, credit, locale, t, title, rows, groupCells, name, styles}) {
  return lineChart({
    id: `${id}-progress`,
    locale,
    image: image('progress'),
    credit,
    title,
    xTitle: t('common.secondsAxis'),
    yTitle: t('common.tpsAxis'),
    xKind: 'integer',
    yKind: 'tps',
    series: rows.map((r) => {
      const repeat = medianRepeat(
        groupCells.filter((c) => c.target === r.target),
        r.figures.tps,
        FIGURES.tps.read,
      );
      return {
        label: name(r.target),
        style: styles.get(r.target),
        points: bucketProgress(repeat?.summary.progress ?? []).map((b) => ({
          x: b.to,
          y: b.tps,
          xText:
            b.from === b.to
              ? t('common.seconds', {value: formatFigure(b.to, 'integer', locale)})
              : t('common.secondsSpan', {
                  from: formatFigure(b.from, 'integer', locale),
                  to: formatFigure(b.to, 'integer', locale),
                }),
          text: formatFigure(b.tps, 'tps', locale),
        })),
      };
    }),
  });
}

/** A bar: the median, its repeats' range as a whisker, and the words for its tooltip. */
export function point(stat, t, valueKey = 'common.tpsValue') {
  if (!stat) return {y: 0, text: '—', tooltip: '—'};
  const value = t(valueKey, {value: stat.text});
  return {
    y: stat.median,
    low: stat.min,
    high: stat.max,
    text: stat.text,
    spread: stat.spread,
    tooltip: stat.ok > 1 ? t('common.tooltipRange', {value, spread: stat.spread}) : value,
  };
}

/**
 * One bar per server: the median of one figure of its repeats (a versions
 * group's TPS, its instructions per transaction).
 * @param {{id: string, result: object, locale: string, t: Function, title: string, yTitle: string,
 *   figure: string, kind: string, rows: object[], name: Function, label: string, valueKey: string}} options
 */
export function mediansChart({id, result, locale, t, title, yTitle, figure, kind, rows, name, label, valueKey}) {
  return barChart({
    id,
    locale,
    image: `/charts/${id}.png`,
    credit: chartCredit(t, result, locale),
    title,
    xTitle: t('common.server'),
    yTitle,
    kind,
    categories: rows.map((r) => name(r.target)),
    // One series, each bar in its server's colour, as on the page's other charts.
    series: [
      {
        label,
        pointStyles: rows.map((r) => serverStyles(result).get(r.target)),
        points: rows.map((r) => point(r.figures[figure], t, valueKey)),
      },
    ],
  });
}
