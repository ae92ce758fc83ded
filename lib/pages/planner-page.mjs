// The data of the PostgreSQL 17 planner page, for one locale, from a
// pg17-planner run: per case and version the median TPS and latency of the
// repeats (with their spread), the speedup over the oldest version, the query
// and its EXPLAIN plan per version, and a chart of the speedups.
import {barChart} from '../charts/chart-spec.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {groupFigures, majorOf, versusBaseline} from '../numbers/repeat-stats.mjs';
import {runInfo} from './run-info.mjs';

/**
 * @param {object} result  a valid pg17-planner result
 * @param {{locale: string, t: Function, suite?: object}} options
 */
export function plannerPage(result, {locale, t, suite = null}) {
  const groups = [...groupFigures(result.cells, ['tps', 'latencyAvg'], locale).values()];
  const name = (target) => t('common.postgresVersion', {version: majorOf(result, target)});
  const caseIds = [...new Set(result.cells.map((c) => c.workload))];
  const targets = [...new Set(result.cells.map((c) => c.target))];

  const cases = caseIds.map((id) => {
    const rows = groups.filter((g) => g.workload === id);
    const base = rows[0];
    const cell = result.cells.find((c) => c.workload === id);
    const versus = [
      null,
      ...versusBaseline(
        base.figures.tps,
        rows.slice(1).map((r) => r.figures.tps),
        {locale},
      ),
    ];
    return {
      id,
      baseline: name(base.target),
      rows: rows.map((r, i) => ({
        target: r.target,
        name: name(r.target),
        version: result.environment.targets.find((x) => x.id === r.target).serverVersion,
        figures: r.figures,
        versusBase: versus[i],
      })),
      plans: (result.plans ?? [])
        .filter((p) => p.workload === id)
        .map((p) => ({target: p.target, name: name(p.target), plan: p.plan, error: p.error})),
      sql: (result.plans ?? []).find((p) => p.workload === id)?.sql ?? null,
      command: cell.command,
      // Non-default planner settings of the case's session (PGOPTIONS), for the prose.
      session: Object.entries(cell.parameters.session ?? {})
        .map(([k, v]) => `${k} = ${v}`)
        .join(', '),
      parameters: {
        clients: formatFigure(cell.parameters.clients, 'integer', locale),
        durationS:
          cell.parameters.durationS === null ? null : formatFigure(cell.parameters.durationS, 'integer', locale),
        repeats: formatFigure(rows[0].repeats, 'integer', locale),
      },
    };
  });

  const baseName = name(targets[0]);
  const speedups = barChart({
    id: 'planner-speedup',
    locale,
    image: '/charts/planner-speedup.png',
    title: t('planner.charts.speedup', {base: baseName}),
    xTitle: t('planner.charts.case'),
    yTitle: t('planner.charts.speedupAxis', {base: baseName}),
    kind: 'ratio',
    tickLabel: (ratio) => t('common.times', {ratio}),
    categories: cases.map((c) => t(`planner.cases.${c.id}.short`)),
    series: targets.map((target) => ({
      label: name(target),
      points: cases.map((c) => {
        const row = c.rows.find((r) => r.target === target);
        if (!row?.figures.tps) return {y: 0, text: '—', tooltip: '—'};
        if (!row.versusBase)
          return {
            y: 1,
            text: t('common.times', {ratio: formatFigure(1, 'ratio', locale)}),
            tooltip: t('common.baseline'),
          };
        const v = row.versusBase;
        const text = t('common.times', {ratio: v.ratioText});
        if (v.low === null) return {y: v.ratio, text, tooltip: text};
        // Whiskers: the 95% interval of the change, as ratios.
        const spread = `${v.lowText} … ${v.highText}`;
        return {
          y: v.ratio,
          low: 1 + v.low,
          high: 1 + v.high,
          text,
          spread,
          tooltip: t('common.tooltipRange', {value: text, spread}),
        };
      }),
    })),
  });

  // The version whose improvements the page is about: the first after the baseline.
  const focus = majorOf(result, targets[1] ?? targets[0]);
  return {locale, run: runInfo(result, locale, suite), baseline: baseName, focus, cases, charts: [speedups]};
}
