// A bar of a chart from a figure of repeats (statOf): the versions, planner,
// quick-run and instructions charts all draw their medians so.
import {barChart} from '../charts/chart-spec.mjs';
import {chartCredit} from './run-info.mjs';

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
    series: [{label, points: rows.map((r) => point(r.figures[figure], t, valueKey))}],
  });
}
