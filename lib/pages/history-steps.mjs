// The steps between consecutive runs on the history page: each one History decided (lib/results/history.mjs),
// counted by verdict, those found better or worse kept in the page's words with both runs linked, and the newest
// pair of runs measured the same way on a machine.
import {comparisonText} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {FIGURES, MEASURES} from '../model/measures.mjs';
import {formatDateTime} from './run-info.mjs';
import {PERCENTILE} from './history-charts.mjs';

/**
 * What changed between the newest run on a machine that shares a line with an earlier one and the run before it
 * on that line: the steps decided between them, by verdict; null where no two runs were measured the same way.
 */
export function latestStep(machine, position, locale) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const changes = machine.groups.flatMap((g) => g.series.flatMap((s) => s.changes));
  if (changes.length === 0) return null;
  const newest = changes.reduce((a, c) => (position.get(c.newer) > position.get(a.newer) ? c : a));
  const between = changes.filter((c) => c.newer === newest.newer && c.older === newest.older);
  const count = (verdict) => n(between.filter((c) => c.verdict === verdict).length);
  return {
    older: newest.older,
    newer: newest.newer,
    all: n(between.length),
    worse: count('worse'),
    better: count('better'),
  };
}

/** Counts a group's steps between runs, and keeps those found better or worse, in the page's words. */
export function countSteps(steps, group, {title, labels, runInfo, locale, t}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const link = (id) => ({
    id,
    date: formatDateTime(runInfo.get(id).startedAt, locale),
    json: `/data/${id}.json`,
    runs: `/runs#${id}`,
  });
  for (const [i, s] of group.series.entries()) {
    for (const c of s.changes) {
      steps.all++;
      steps.margins.add(c.margin);
      if (c.verdict !== 'worse' && c.verdict !== 'better') continue;
      steps[c.verdict]++;
      // Written to the precision the step's interval supports.
      const text = comparisonText(c, locale);
      steps.changes.push({
        group: title,
        series: labels[i],
        metric: c.metric,
        metricText: t(FIGURES[c.metric].history.metric, {percentile: t('common.percentile', {p: n(PERCENTILE)})}),
        verdict: c.verdict,
        short: t(MEASURES[FIGURES[c.metric].measure].short[c.verdict]),
        change: text.changeText,
        low: text.lowText,
        high: text.highText,
        p: text.pText,
        runs: n(c.n),
        older: link(c.older),
        newer: link(c.newer),
      });
    }
  }
}
