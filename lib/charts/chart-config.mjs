// A chart spec (chart-spec.mjs) as a Chart.js configuration: the same for the
// page (browser, theme colours) and the static images (Node, light colours).
// Ticks, tooltips and labels come written from the spec; nothing is formatted here.
import {axisTitle, categoryTicks, cutText, wrapLabel, wrapText} from './chart-text.mjs';

/**
 * Okabe–Ito colours: told apart with colour-blindness, readable on light and dark. Its yellow is left out: on
 * a white page its markers were barely seen.
 */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];

/**
 * The marker of each line's points: five shapes against six colours (five and six share no factor), so the
 * first 30 series each differ from every other in colour, shape or both, and a reader who cannot tell two
 * colours apart still tells the shapes.
 */
const MARKERS = ['circle', 'rect', 'triangle', 'rectRot', 'crossRot'];

/** The colour and marker of the i-th series. */
export const seriesStyle = (i) => ({color: PALETTE[i % PALETTE.length], marker: MARKERS[i % MARKERS.length]});

/** Whiskers from each point's `low` to `high` (the spread of the repeats). */
const rangeWhiskers = {
  id: 'rangeWhiskers',
  afterDatasetsDraw(chart, _args, options) {
    const {ctx} = chart;
    const y = chart.scales.y;
    chart.data.datasets.forEach((dataset, i) => {
      const meta = chart.getDatasetMeta(i);
      if (!dataset.ranges || !chart.isDatasetVisible(i)) return;
      meta.data.forEach((element, j) => {
        const range = dataset.ranges[j];
        if (!range) return;
        const top = y.getPixelForValue(range.high);
        const bottom = y.getPixelForValue(range.low);
        const half = Math.min(6, (element.width ?? 12) / 4);
        ctx.save();
        ctx.strokeStyle = options.color ?? '#000';
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(element.x, top);
        ctx.lineTo(element.x, bottom);
        ctx.moveTo(element.x - half, top);
        ctx.lineTo(element.x + half, top);
        ctx.moveTo(element.x - half, bottom);
        ctx.lineTo(element.x + half, bottom);
        ctx.stroke();
        ctx.restore();
      });
    });
  },
};

// How wide (in columns) a run's date stands under a line chart, in lines: a date and time side by side ran into
// each other on a phone.
const DATE_TICK_COLUMNS = {narrow: 12, wide: 20};

/**
 * Fixed ticks from the spec, labelled as the spec writes them; `wrap` (columns) writes each label in lines, and
 * lets Chart.js leave out those that would still touch.
 */
function axis({title, ticks, range}, theme, extra = {}, wrap = null) {
  const labels = new Map(ticks.map((t) => [t.value, wrap ? wrapLabel(t.label, wrap) : t.label]));
  return {
    ...extra,
    min: range?.min ?? ticks[0].value,
    max: range?.max ?? ticks.at(-1).value,
    afterBuildTicks: (scale) => {
      scale.ticks = ticks.map((t) => ({value: t.value}));
    },
    ticks: {
      color: theme.text,
      font: theme.font,
      callback: (value) => labels.get(value) ?? '',
      ...(wrap && {maxRotation: 0, autoSkip: true, autoSkipPadding: 12}),
    },
    grid: {color: theme.grid},
    border: {color: theme.grid},
    title: {display: true, text: axisTitle(title, theme), color: theme.text, font: theme.font},
  };
}

const colourOf = (s, j, color) => (s.pointStyles ? seriesStyle(s.pointStyles[j]).color : color);

/** One series as Chart.js draws it: bars (a derived point outlined) or a line with its markers. */
function datasetOf(spec, s, i, theme) {
  const bar = spec.type === 'bar';
  const {color, marker} = seriesStyle(s.style ?? i);
  return bar
    ? {
        label: s.legend ?? s.label,
        data: s.points.map((p) => p.y),
        ranges: s.points.map((p) => (p.low === undefined ? null : {low: p.low, high: p.high})),
        // A derived figure (not printed by its source) is an outline: its spec's note says so. A series of one
        // bar per server colours each bar as its server (pointStyles).
        backgroundColor: s.points.map((p, j) =>
          p.derived ? (theme.background ?? 'transparent') : colourOf(s, j, color),
        ),
        borderColor: s.pointStyles ? s.points.map((_, j) => colourOf(s, j, color)) : color,
        borderWidth: s.points.map((p) => (p.derived ? 2 : 0)),
      }
    : {
        label: s.legend ?? s.label,
        data: s.points.map((p) => ({x: p.x, y: p.y})),
        ...(spec.markers && {ranges: s.points.map((p) => (p.low == null ? null : {low: p.low, high: p.high}))}),
        borderColor: color,
        backgroundColor: color,
        pointRadius: spec.markers ? 4.5 : 0,
        pointStyle: marker,
        pointBorderWidth: 2,
        borderWidth: 1.5,
        tension: 0,
      };
}

/**
 * @param {object} spec  from barChart or lineChart
 * @param {{text: string, grid: string, font: object, background?: string, showTitle?: boolean,
 *   showLegend?: boolean, animation?: boolean, narrow?: boolean}} theme
 *   title and legend are drawn only when asked (the page shows them in HTML)
 */
export function chartConfig(spec, theme) {
  const bar = spec.type === 'bar';
  const datasets = spec.series.map((s, i) => datasetOf(spec, s, i, theme));
  const pointOf = (item) => spec.series[item.datasetIndex].points[item.dataIndex];
  return {
    type: spec.type,
    data: bar ? {labels: spec.x.categories, datasets} : {datasets},
    options: {
      responsive: theme.responsive ?? true,
      maintainAspectRatio: false,
      animation: theme.animation ?? false,
      layout: {padding: {top: 4, right: 16, bottom: 4, left: 4}},
      interaction: bar ? {mode: 'nearest', intersect: true} : {mode: 'index', intersect: false},
      scales: {
        x: bar
          ? {
              ticks: {color: theme.text, font: theme.font, ...categoryTicks(spec.x.categories, theme)},
              grid: {display: false},
              border: {color: theme.grid},
              title: {display: true, text: axisTitle(spec.x.title, theme), color: theme.text, font: theme.font},
            }
          : axis(spec.x, theme, {type: 'linear'}, DATE_TICK_COLUMNS[theme.narrow ? 'narrow' : 'wide']),
        y: axis(spec.y, theme, {beginAtZero: true}),
      },
      plugins: {
        title: {
          display: theme.showTitle ?? false,
          // An image's title in lines (the canvas does not wrap it): the page shows it as HTML.
          text: theme.showTitle ? wrapText(spec.title, theme.narrow ? 48 : 96) : spec.title,
          color: theme.text,
          font: {...theme.font, size: (theme.font?.size ?? 12) + 3, weight: 'bold'},
        },
        // Only an image shows its credit: on the page, the run is named beside the chart.
        subtitle: {
          display: Boolean(theme.showTitle && (spec.imageCredit || spec.note)),
          // The note (what a mark means) above the credit, each a line of its own.
          text: [spec.note, spec.imageCredit]
            .filter(Boolean)
            .flatMap((line) => wrapText(line, theme.narrow ? 64 : 128)),
          position: 'bottom',
          color: theme.text,
          font: {...theme.font, size: (theme.font?.size ?? 12) - 1},
          padding: {top: 6},
        },
        legend: {
          display: (theme.showLegend ?? false) && spec.series.length > 1,
          labels: {
            color: theme.text,
            font: theme.font,
            usePointStyle: Boolean(spec.markers),
            // An image's legend is drawn on the canvas, which cuts a label wider than itself: such a label is
            // shortened there (the page's legend and the chart's table give it whole).
            ...(theme.showLegend && {generateLabels: (chart) => shortLabels(chart, theme)}),
          },
        },
        tooltip: {
          callbacks: {
            title: (items) => (bar ? spec.x.categories[items[0].dataIndex] : spec.x.texts[pointOf(items[0]).x]),
            label: (item) => `${spec.series[item.datasetIndex].label}: ${pointOf(item).tooltip ?? pointOf(item).text}`,
          },
        },
        rangeWhiskers: {color: theme.text},
      },
    },
    plugins: [rangeWhiskers, ...(theme.background ? [background(theme.background)] : [])],
  };
}

/** The default legend items, each label cut to what fits the image's width, with an ellipsis. */
function shortLabels(chart, theme) {
  const items = chart.constructor.defaults.plugins.legend.labels.generateLabels(chart);
  const columns = theme.narrow ? LEGEND_COLUMNS.narrow : LEGEND_COLUMNS.wide;
  return items.map((item) => ({...item, text: cutText(item.text, columns)}));
}
const LEGEND_COLUMNS = {wide: 100, narrow: 52};

/** A solid background (static images have none otherwise). */
function background(color) {
  return {
    id: 'background',
    beforeDraw(chart) {
      const {ctx, width, height} = chart;
      ctx.save();
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, width, height);
      ctx.restore();
    },
  };
}
