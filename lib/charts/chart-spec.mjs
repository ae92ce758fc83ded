// Chart specifications, made at build time from the data: every label, tick
// and tooltip is already written for the locale, so the browser (Chart.js) and
// the static images (scripts/publish/chart-images.mjs) only draw. A spec is plain JSON.
import {formatFigure} from '../numbers/format.mjs';
import {niceTicks} from '../numbers/ticks.mjs';

/**
 * The most series a chart draws: six colours against five marker shapes (chart-config.mjs) tell 30 apart.
 * A chart of more (a run of 1,000 servers) would draw lines and bars no reader can tell from each other, and
 * cost the build and every reader's browser time that grows faster than the series (Chart.js's grouped bars
 * look at every series for each bar): it is not drawn, its figures are in its table, and the page says why.
 */
export const MAX_SERIES = 30;

/** The charts that are drawn as images: not one of too many series. */
export const drawable = (specs) => specs.filter((spec) => !spec.tooMany);

/** What a chart of too many series carries instead of being drawn: how many, written for the locale. */
const tooMany = (series, locale) =>
  series.length > MAX_SERIES ? {tooMany: formatFigure(series.length, 'integer', locale)} : {};

// A chart is drawn to the pixel: four significant digits of a value are finer than a screen shows, and a page's
// first load carries every spec. The words of a point (text, spread, tooltip) keep what the tables write.
const DRAWN = ['y', 'low', 'high'];
const drawn = (p) =>
  Object.fromEntries(
    Object.entries(p).map(([k, v]) => [k, DRAWN.includes(k) && typeof v === 'number' ? Number(v.toPrecision(4)) : v]),
  );

/**
 * Bars per category, one bar per series; each bar may carry its repeats'
 * range (low–high), drawn as a whisker.
 * @param {{id: string, locale: string, title: string, xTitle: string, yTitle: string, kind: string,
 *   categories: string[], series: {label: string, points: {y: number, low?: number, high?: number, text: string,
 *   spread?: string, tooltip: string, derived?: boolean}[]}[],
 *   tickLabel?: (text: string) => string, image: string, credit?: string, note?: string}} options
 * `credit` (where the figures come from: site, run, date) is drawn under a chart's image, which travels alone;
 * it is the spec's `imageCredit`, which the pages' data leaves out (src/plugins/benchmark-data). `note` says
 * what a mark on the chart means (a point with `derived`: drawn as an outline), under the chart and its image.
 */
export function barChart({
  id,
  locale,
  title,
  xTitle,
  yTitle,
  kind,
  categories,
  series,
  tickLabel,
  image,
  credit,
  note,
}) {
  series.forEach((s) => {
    if (s.points.length !== categories.length)
      throw new Error(
        `Chart ${id}: series "${s.label}" has ${s.points.length} points for ${categories.length} categories.`,
      );
  });
  const top = Math.max(...series.flatMap((s) => s.points.map((p) => Math.max(p.y, p.high ?? p.y))));
  return {
    id,
    type: 'bar',
    title,
    image,
    ...tooMany(series, locale),
    ...(credit && {imageCredit: credit}),
    ...(note && {note}),
    x: {title: xTitle, categories},
    y: {title: yTitle, ticks: niceTicks({max: top, kind, locale, label: tickLabel})},
    series: series.map((s) => ({...s, points: s.points.map(drawn)})),
  };
}

/**
 * Lines over a numeric x axis (e.g. seconds into a run). With `markers`, each
 * point is drawn, with its interval (low–high) as a whisker where it has one;
 * `xTicks` ([{value, label}]) replaces the nice ticks (e.g. runs named by date).
 * Each point's `xText` (its x in words, for the tooltip and the data table)
 * ends up once per x value in the spec's `x.texts`.
 * @param {{id: string, locale: string, title: string, xTitle: string, yTitle: string, xKind: string, yKind: string,
 *   series: {label: string, points: {x: number, y: number, low?: number, high?: number, xText: string,
 *   text: string}[]}[], image: string, markers?: boolean, xTicks?: {value: number, label: string}[],
 *   credit?: string, yFromZero?: boolean}} options  yFromZero (true): the y axis starts at 0, else at the
 *   nice tick below the lowest point or whisker. A series' `style` (an index) fixes its colour and marker
 *   (chart-config.mjs seriesStyle), so that one server keeps them across charts; else its position does.
 */
export function lineChart(options) {
  const {id, locale, title, xTitle, yTitle, xKind, yKind, image, markers, xTicks, credit, yFromZero = true} = options;
  // Each x's words once in `x.texts` rather than on every series' point: series share their x values, and a
  // page's first load carries every spec (README, Performance).
  const texts = {};
  const series = options.series.map(({points, ...s}) => ({
    ...s,
    points: points.map(({xText, ...p}) => {
      texts[p.x] ??= xText;
      return drawn(p);
    }),
  }));
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => Math.max(p.y, p.high ?? p.y)));
  const lows = series.flatMap((s) => s.points.map((p) => Math.min(p.y, p.low ?? p.y)));
  return {
    id,
    type: 'line',
    title,
    image,
    ...tooMany(series, locale),
    ...(credit && {imageCredit: credit}),
    ...(markers && {markers: true}),
    x: {
      title: xTitle,
      ticks: xTicks ?? niceTicks({min: Math.min(0, ...xs), max: Math.max(...xs), kind: xKind, locale}),
      // Points at whole positions (runs) get half a step of room on each side, so none sits on the frame.
      // Half a step beyond the first and last tick, which fall on the first and last points.
      ...(xTicks && {
        range: {min: Math.min(...xTicks.map((t) => t.value)) - 0.5, max: Math.max(...xTicks.map((t) => t.value)) + 0.5},
      }),
      texts,
    },
    y: {
      title: yTitle,
      ticks: niceTicks({min: yFromZero ? 0 : Math.min(...lows), max: Math.max(...ys), kind: yKind, locale}),
    },
    series,
  };
}

/**
 * The CSS size of each chart image (scripts/publish/chart-images.mjs draws them at twice the pixels): the page
 * gives them to the browser, which keeps the room before they load, so nothing below jumps as they arrive.
 */
export const IMAGE_SIZES = {wide: {width: 800, height: 420}, narrow: {width: 420, height: 440}};

/** The image drawn for narrow screens beside the wide one (`/charts/x.png` → `/charts/x-narrow.png`). */
export const narrowImageOf = (image) => image.replace(/\.png$/, '-narrow.png');

/** The same image in the dark theme's colours (`/charts/x.png` → `/charts/x-dark.png`, `x-narrow-dark.png`). */
export const darkImageOf = (image) => image.replace(/\.png$/, '-dark.png');

/** The rows of a chart's data table: one per category (bars), or x value or slot (lines). */
export function chartTable(spec) {
  if (spec.type === 'bar') {
    return spec.x.categories.map((label, i) => ({label, cells: spec.series.map((s) => s.points[i])}));
  }
  // A row per x, or per `slot` where lines are drawn side by side within one (a history's run).
  const rows = new Map();
  spec.series.forEach((s, j) => {
    for (const p of s.points) {
      const key = p.slot ?? p.x;
      if (!rows.has(key))
        rows.set(key, {x: key, label: spec.x.texts[p.x], cells: Array(spec.series.length).fill(null)});
      rows.get(key).cells[j] = p;
    }
  });
  return [...rows.values()].sort((a, b) => a.x - b.x).map(({label, cells}) => ({label, cells}));
}
