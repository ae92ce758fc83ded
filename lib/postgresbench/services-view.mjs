// The comparison a reader chooses on the Managed services page: which machine
// (by vCPUs), data size, metric, run figure (median, best, worst of the runs)
// and services. One pure function for the build (the static default view, for
// readers without JavaScript) and the browser (every other view), so both
// show the same numbers. The state lives in the URL's query string; a value
// the page does not know falls back to the default, silently.
import {formatFigure, rangeText} from '../numbers/format.mjs';
import {median} from '../stats/median.mjs';

/** The metrics, their field in a row's runs, their kind of figure, unit and direction. */
export const SERVICE_METRICS = [
  {id: 'tps', field: 'tps', kind: 'tps', unit: 'tps', better: 'higher'},
  {id: 'latency', field: 'latencyAvgMs', kind: 'ms', unit: 'ms', better: 'lower'},
  {id: 'p95', field: 'p95Ms', kind: 'ms', unit: 'ms', better: 'lower'},
  {id: 'p99', field: 'p99Ms', kind: 'ms', unit: 'ms', better: 'lower'},
  {id: 'stddev', field: 'latencyStddevMs', kind: 'ms', unit: 'ms', better: 'lower'},
  {id: 'connection', field: 'connectionMs', kind: 'ms', unit: 'ms', better: 'lower'},
  {id: 'load', field: 'loadS', kind: 'ms', unit: 's', better: 'lower', single: true},
];
export const SERVICE_FIGURES = ['median', 'best', 'worst'];
const ALPHA = 0.05;

/** The values of a row for a metric: its runs', or its one load time. */
export function valuesOf(row, metric) {
  if (metric.single) return row[metric.field] === undefined ? [] : [row[metric.field]];
  return row.runs[metric.field] ?? [];
}

/** The figure of the runs the reader asked for. */
function pick(values, figure, better) {
  if (figure === 'median') return median(values);
  const high = figure === 'best' ? better === 'higher' : better === 'lower';
  return high ? Math.max(...values) : Math.min(...values);
}

/** Machines (by vCPUs, most first) with the memory sizes among them, and the data sizes of each. */
export function machinesOf(rows) {
  const byCpus = new Map();
  for (const r of rows) {
    if (!byCpus.has(r.vcpus)) byCpus.set(r.vcpus, {key: String(r.vcpus), vcpus: r.vcpus, memories: [], sizes: []});
    const m = byCpus.get(r.vcpus);
    if (!m.memories.includes(r.memoryGb)) m.memories.push(r.memoryGb);
    if (!m.sizes.includes(r.sizeGb)) m.sizes.push(r.sizeGb);
  }
  return [...byCpus.values()]
    .map((m) => ({...m, memories: m.memories.sort((a, b) => a - b), sizes: m.sizes.sort((a, b) => a - b)}))
    .sort((a, b) => b.vcpus - a.vcpus);
}

/**
 * Two service names in alphabetical order, ignoring case first. Not localeCompare: this runs as a page
 * hydrates, and a page's first localeCompare builds the browser's collator (20–40 ms of a fast CPU).
 */
export function compareNames(a, b) {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  // Lower case first, as the collator has it.
  return a > b ? -1 : a < b ? 1 : 0;
}

/** The services (id and the newest name), in the order of their names. */
export function servicesOf(rows) {
  const newest = new Map();
  for (const r of rows) {
    const seen = newest.get(r.service);
    if (!seen || (r.date ?? '') > (seen.date ?? '')) newest.set(r.service, r);
  }
  return [...newest.values()]
    .map((r) => ({id: r.service, name: r.system, measuredHere: Boolean(r.measuredHere)}))
    .sort((a, b) => compareNames(a.name, b.name));
}

/** The view the page opens with: the machine with the most files, its smallest data size, TPS, median, all. */
export function defaultState(rows) {
  const machines = machinesOf(rows.filter((r) => !r.measuredHere));
  const count = (m) => rows.filter((r) => r.vcpus === m.vcpus).length;
  const machine = machines.reduce((a, b) => (count(b) > count(a) ? b : a), machines[0]);
  return {machine: machine.key, size: String(machine.sizes[0]), metric: 'tps', figure: 'median', services: null};
}

/** The state in a query string ("?machine=16&size=100&metric=p99&figure=worst&services=neon,rds"). */
export function parseState(search, rows) {
  const base = defaultState(rows);
  const q = new URLSearchParams(search);
  const machines = machinesOf(rows);
  const machine = machines.find((m) => m.key === q.get('machine')) ?? machines.find((m) => m.key === base.machine);
  const size = machine.sizes.map(String).includes(q.get('size')) ? q.get('size') : String(machine.sizes[0]);
  const metric = SERVICE_METRICS.some((m) => m.id === q.get('metric')) ? q.get('metric') : base.metric;
  const figure = SERVICE_FIGURES.includes(q.get('figure')) ? q.get('figure') : base.figure;
  const known = new Set(servicesOf(rows).map((s) => s.id));
  const listed = q
    .get('services')
    ?.split(',')
    .filter((s) => known.has(s));
  return {machine: machine.key, size, metric, figure, services: listed?.length ? listed : null};
}

/** The query string of a state: only what differs from the default, so the plain URL is the default view. */
export function stateQuery(state, rows) {
  const base = defaultState(rows);
  const q = new URLSearchParams();
  for (const key of ['machine', 'size', 'metric', 'figure']) if (state[key] !== base[key]) q.set(key, state[key]);
  if (state.services) q.set('services', state.services.join(','));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The key of two rows' p in a page's `pValues` (lib/model/comparisons.mjs, pairwiseP): metric, then ids in order. */
export const pKey = (metric, a, b) => [metric, ...[a, b].sort()].join('\n');

/**
 * Where the runs of two rows stand: overlapping, apart, or apart with an exact test below 5% (its p decided at
 * build time, for every two rows of a machine and size: `pValues`).
 */
function standing(a, b, metric, pValues) {
  if (a.values.length < 2 || b.values.length < 2) return null;
  const overlap = Math.max(a.min, b.min) <= Math.min(a.max, b.max);
  const p = pValues[pKey(metric.id, a.row.id, b.row.id)];
  return {verdict: overlap ? 'overlap' : p < ALPHA ? 'significant' : 'apart', p, n: Math.min(a.n, b.n)};
}

/** The standing every row shares (verdict and the largest p), or null when they differ or there is none. */
function standingOfAll(standings, locale) {
  if (standings.length < 2 || standings.some((x) => !x || x.verdict !== standings[0].verdict)) return null;
  return {
    verdict: standings[0].verdict,
    p: formatFigure(Math.max(...standings.map((x) => x.p)), 'probability', locale),
  };
}

/** How a row stands against the row above, with its p formatted; null for single figures. */
function standingText(above, row, {locale, metric, pValues}) {
  const s = standing(above, row, metric, pValues);
  return s && {...s, p: formatFigure(s.p, 'probability', locale)};
}

/** A row's figure as a multiple of the best's; null when that is no number (the best is 0). */
function ratioText(value, best, locale) {
  const ratio = value / best;
  return Number.isFinite(ratio) ? formatFigure(ratio, 'ratio', locale) : null;
}

/**
 * The comparison for a state: rows sorted best first, each with its figure,
 * its runs' range, its ratio to the best and how it stands against the row
 * above; every number formatted for the locale.
 */
export function comparisonView(rows, state, locale, pValues) {
  const metric = SERVICE_METRICS.find((m) => m.id === state.metric);
  const chosen = state.services ? new Set(state.services) : null;
  const atSize = rows.filter((r) => String(r.vcpus) === state.machine && String(r.sizeGb) === state.size);
  const shown = atSize
    .filter((r) => !chosen || chosen.has(r.service))
    .map((r) => ({row: r, values: valuesOf(r, metric)}))
    .filter((x) => x.values.length > 0)
    .map(({row, values}) => ({
      row,
      values,
      n: values.length,
      value: pick(values, state.figure, metric.better),
      min: Math.min(...values),
      max: Math.max(...values),
    }));
  const sign = metric.better === 'higher' ? -1 : 1;
  shown.sort((a, b) => sign * (a.value - b.value) || compareNames(a.row.system, b.row.system));
  const scaleMax = Math.max(0, ...shown.map((x) => x.max));
  const best = shown[0];
  const fmt = (v) => formatFigure(v, metric.kind, locale);
  // Every figure the importer accepts is drawn: a scale of 0 (every run at 0 TPS) draws empty bars.
  const share = (v) => (scaleMax > 0 ? (v / scaleMax) * 100 : 0);
  const memories = [...new Set(shown.map((x) => x.row.memoryGb))].sort((a, b) => a - b);
  const standings = shown.slice(1).map((x, i) => standing(shown[i], x, metric, pValues));
  return {
    metric,
    figure: state.figure,
    memories: memories.map((m) => formatFigure(m, 'integer', locale)),
    // How every row stands against the one above, when that is the same for them all: said once, above the rows.
    standingOfAll: standingOfAll(standings, locale),
    // Whether this machine and size hold the run measured here beside others' files: only then is it offered.
    measuredHereComparable: atSize.some((r) => r.measuredHere) && atSize.some((r) => !r.measuredHere),
    rows: shown.map((x, i) => ({
      id: x.row.id,
      value: fmt(x.value),
      range: x.n > 1 ? rangeText(fmt(x.min), fmt(x.max), locale) : null,
      runs: x.values.map(fmt),
      ratio: ratioText(x.value, best.value, locale),
      // The best of one row is no finding.
      isBest: i === 0 && shown.length > 1,
      bar: {
        value: share(x.value),
        min: share(x.min),
        max: share(x.max),
        runs: x.values.map(share),
      },
      versusAbove: i === 0 ? null : standingText(shown[i - 1], x, {locale, metric, pValues}),
    })),
  };
}
