// What every chart of the History page must be, whichever runs it shows: the
// unit test applies it to the fixture runs, the site tier to the published ones.
import {seriesStyle} from '../../lib/charts/chart-config.mjs';

/** The problems of a History page's charts (an empty list when there are none). */
export function chartProblems(data) {
  const problems = [];
  const charts = data.suites.flatMap((s) => s.machines.flatMap((m) => m.groups.flatMap((g) => g.charts)));
  if (charts.length === 0) problems.push('no chart');
  for (const chart of charts) {
    const xs = chart.series.flatMap((s) => s.points.map((p) => p.x));
    const ticks = chart.x.ticks.map((t) => t.value);
    // The axis spans the points, half a step beyond the first and the last: no empty run, no tick off the plot.
    if (Math.min(...ticks) !== Math.round(Math.min(...xs)) || Math.max(...ticks) !== Math.round(Math.max(...xs)))
      problems.push(`${chart.id}: ticks ${ticks.join(', ')} do not span the points`);
    const range = {min: Math.min(...ticks) - 0.5, max: Math.max(...ticks) + 0.5};
    if (chart.x.range.min !== range.min || chart.x.range.max !== range.max)
      problems.push(`${chart.id}: range ${JSON.stringify(chart.x.range)}, not half a step beyond the ticks`);
    for (const s of chart.series) {
      if (/\bpg\d+\b|-aa\b|setup/.test(s.label)) problems.push(`${chart.id}: "${s.label}" is an internal id`);
      if (!/^PostgreSQL \d+/.test(s.label)) problems.push(`${chart.id}: "${s.label}" names no PostgreSQL`);
    }
    // Colour and marker together tell every line of a chart apart.
    const styles = chart.series.map((s) => JSON.stringify(seriesStyle(s.style)));
    if (new Set(styles).size !== styles.length) problems.push(`${chart.id}: two lines drawn alike`);
  }
  // And a line keeps its colour and marker on every chart of its machine, whichever lines a chart leaves out.
  for (const machine of data.suites.flatMap((s) => s.machines)) {
    const styleOf = new Map();
    for (const s of machine.groups.flatMap((g) => g.charts.flatMap((c) => c.series))) {
      if ((styleOf.get(s.label) ?? s.style) !== s.style) problems.push(`${s.label}: two styles on one machine`);
      styleOf.set(s.label, s.style);
    }
  }
  return problems;
}
