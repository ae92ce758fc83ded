// A bar of a chart from a figure of repeats (statOf): the versions, planner,
// quick-run and instructions charts all draw their medians so.

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
