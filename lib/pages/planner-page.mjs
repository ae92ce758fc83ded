// The data of the PostgreSQL 17 planner page, for one locale, from a
// pg17-planner run: per case and version the median TPS and latency of the
// repeats (with their spread), the speedup over the oldest version, the query
// and its EXPLAIN plan per version, a chart of the speedups, and the published
// study's figures beside ours (its TPS and latency from the raw pgbench
// outputs it printed, its EXPLAIN ANALYZE times, the speedups computed from
// them) with a sentence on whether our verdict agrees with its finding.
import {barChart} from '../charts/chart-spec.mjs';
import {ratio} from '../numbers/ratio.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {byTargetOrder, majorOf, withTargetsOf} from '../model/targets.mjs';
import {targetName} from './target-name.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {marginOf} from '../model/measures.mjs';
import {agreementOf, studyInfo} from './study-figures.mjs';
import {resultGroups} from './result-groups.mjs';
import {plannerAnswer} from './planner-answer.mjs';
import {chartCredit, runInfo} from './run-info.mjs';
import {PLANNER_CASE, messageKey} from '../i18n/message-keys.mjs';
import {foldActivityRows, foldFunctionRows} from './on-demand.mjs';

/** A case's messages: its heading, short name, what it tests and what to look at. */
const caseKeys = (id) => messageKey(PLANNER_CASE, id, 'PLANNER_CASE');

/**
 * @param {object} result  a valid pg17-planner result
 * @param {{locale: string, t: Function, suite?: object}} options
 */
export function plannerPage(
  result,
  {locale, t, suite = null, study = null, instructions = null, profiles = new Map()},
) {
  const margin = marginOf(result);
  const order = byTargetOrder(result);
  const controls = controlsOf(result);
  // Every server of both runs named alike: a build counted only for instructions still names the others' builds.
  const both = withTargetsOf(result, instructions);
  const name = (target) => targetName(t, both, target);
  const targets = [...new Set(result.cells.map((c) => c.target))].filter((x) => !controls.has(x)).sort(order);
  // Each case is a group of the run (one per workload), in the order the run met them.
  const groups = resultGroups(result, {
    locale,
    t,
    name,
    names: ({workload}) => ({title: t(caseKeys(workload).short)}),
    anchor: ({workload}) => workload,
    page: 'planner',
    figures: ['tps', 'latencyAvg'],
    charts: false,
    instructions,
    instructionName: name,
    profiles,
  });
  const cases = groups.map((g) => plannerCase(g, {result, controls, order, locale, name, study}));
  const baseName = name(targets[0]);
  const speedups = speedupChart(cases, targets, {result, locale, t, name});

  // The version whose improvements the page is about: the first after the baseline.
  const focus = majorOf(result, targets[1] ?? targets[0]);
  return {
    locale,
    margin: unsignedPercent(margin, locale),
    run: runInfo(result, locale, suite),
    instructionsRun: instructions && runInfo(instructions, locale, suite),
    answer: plannerAnswer(cases, {t, locale, margin}),
    baseline: baseName,
    focus,
    cases,
    charts: [speedups],
    study: study && studyInfo(study, locale, t),
  };
}

/** One case: its group's figures (result-groups.mjs), and what is only the planner's: plans, script, study. */
function plannerCase(g, {result, controls, order, locale, name, study}) {
  const id = g.workload;
  const cell = result.cells.find((c) => c.workload === id);
  return {
    id,
    baseline: g.rows[0].name,
    rows: g.rows,
    // One plan per version: a merged run holds each part's capture of the same plan.
    plans: (result.plans ?? [])
      .filter((p) => p.workload === id && !controls.has(p.target))
      .filter((p, i, all) => all.findIndex((q) => q.target === p.target) === i)
      .sort(order)
      .map((p) => ({target: p.target, name: name(p.target), plan: p.plan, error: p.error})),
    sql: (result.plans ?? []).find((p) => p.workload === id)?.sql ?? null,
    script: scriptOf(result, study, id),
    command: g.commands.run,
    // Non-default planner settings of the case's session (PGOPTIONS), for the prose.
    session: Object.entries(cell.parameters.session ?? {})
      .map(([k, v]) => `${k} = ${v}`)
      .join(', '),
    parameters: {clients: g.parameters.clients, durationS: g.parameters.durationS, repeats: g.parameters.repeats},
    control: g.control,
    // A part of the run that kept too little to check its throughput (the whole run's is said once, above).
    unchecked: g.unchecked.throughput,
    published: study && publishedCase(study, id, {locale, name}),
    agreement: study && agreementOf(study, {scenario: cell.scenario, workload: id, findings: g.findings, locale}),
    findings: g.findings,
    instructions: g.instructions,
  };
}

/** Each version's speedup over the oldest in every case, with the interval of the same estimate. */
function speedupChart(cases, targets, {result, locale, t, name}) {
  const baseName = name(targets[0]);
  return barChart({
    id: 'planner-speedup',
    locale,
    image: '/charts/planner-speedup.png',
    credit: chartCredit(t, result, locale),
    title: t('planner.charts.speedup', {base: baseName}),
    xTitle: t('planner.charts.case'),
    yTitle: t('planner.charts.speedupAxis', {base: baseName}),
    kind: 'ratio',
    tickLabel: (ratio) => t('common.times', {ratio}),
    categories: cases.map((c) => t(caseKeys(c.id).short)),
    series: targets.map((target) => ({
      label: name(target),
      points: cases.map((c) => {
        const row = c.rows.find((r) => r.target === target);
        if (!row?.figures.tps) return {y: 0, text: '—', tooltip: '—'};
        if (!row.comparison)
          return {
            y: 1,
            text: t('common.times', {ratio: formatFigure(1, 'ratio', locale)}),
            tooltip: t('common.baseline'),
          };
        const v = row.comparison;
        const times = (ratio) => t('common.times', {ratio});
        const text = times(v.ratioText);
        if (v.low === null) return {y: v.ratio, text, tooltip: text};
        // Whiskers: the interval of the same estimate, as ratios like the bar (not the repeats' range).
        const interval = {low: times(v.ratioLowText), high: times(v.ratioHighText)};
        const spread = t('common.versus.interval', interval);
        return {
          y: v.ratio,
          low: 1 + v.low,
          high: 1 + v.high,
          text,
          spread,
          tooltip: t('common.tooltipInterval', {value: text, level: v.level, ...interval}),
        };
      }),
    })),
  });
}

/**
 * One case of the study: per version its TPS and average latency (from its
 * imported pgbench outputs) and EXPLAIN ANALYZE time, the speedups computed
 * from them, and the speedups it stated.
 */
function publishedCase(study, workload, {locale, name}) {
  const cells = (study.result?.cells ?? []).filter((c) => c.workload === workload && c.status === 'ok');
  if (cells.length === 0) return null;
  const explainOf = (target) =>
    study.explain?.find((e) => e.workload === workload && e.target === target)?.executionMs ?? null;
  const [base] = cells;
  const baseMs = explainOf(base.target);
  const rows = cells.map((c) => {
    const ms = explainOf(c.target);
    return {
      target: c.target,
      name: name(c.target),
      version: study.targets.find((x) => x.target === c.target)?.version ?? null,
      tps: formatFigure(c.summary.tps, 'tps', locale),
      latencyAvg: formatFigure(c.summary.latencyAvgMs, 'ms', locale),
      executionMs: ms === null ? null : formatFigure(ms, 'ms', locale),
      tpsRatio: c === base ? null : formatFigure(ratio(c.summary.tps, base.summary.tps), 'ratio', locale),
      executionRatio:
        c === base || ms === null || baseMs === null ? null : formatFigure(ratio(baseMs, ms), 'ratio', locale),
    };
  });
  const stated = (of) => study.stated?.find((x) => x.workload === workload && x.of === of)?.ratio ?? null;
  const text = (r) => (r === null ? null : formatFigure(r, 'statedRatio', locale));
  return {rows, stated: {tps: text(stated('tps')), execution: text(stated('execution'))}};
}

// SQL compared as PostgreSQL reads it, near enough: without comments, case, runs of spaces or a final
// semicolon. A quoted string or identifier is kept whole: a -- inside it is not a comment.
const normalSql = (sql) =>
  sql
    .replace(/('(?:[^']|'')*'|"(?:[^"]|"")*")|--[^\n]*|\/\*[\s\S]*?\*\//g, (_match, quoted) => quoted ?? ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*$/, '')
    .trim();

/**
 * What pgbench ran for a case, as the result recorded it, against the script the article printed:
 * {ran, article, same}; `ran` null for a run made before results recorded their scripts.
 */
function scriptOf(result, study, workload) {
  // Recorded from 2026-11-25; before, known when the plan captured was of the script's own file.
  const file = result.cells.find((c) => c.workload === workload)?.parameters.script ?? null;
  const ran =
    result.scripts?.find((s) => s.workload === workload)?.sql.trim() ??
    (result.plans ?? []).find((p) => p.workload === workload && file !== null && p.query === file)?.sql.trim() ??
    null;
  const article = study?.scripts?.find((s) => s.workload === workload)?.sql ?? null;
  if (!article) return ran && {ran, article: null, same: null};
  return {ran, article, same: ran === null ? null : normalSql(ran) === normalSql(article)};
}

/** The planner page, from the newest pg17-planner run and its instructions run. */
export const page = {
  id: 'pg17-planner',
  doc: 'pg17-planner',
  label: 'site.nav.planner',
  navbar: true,
  messages: ['common', 'planner'],
  build: ({locale, t, newestRun, suite, study, instructionsOf}) =>
    plannerPage(newestRun('pg17-planner', {required: true}), {
      locale,
      t,
      suite: suite('pg17-planner'),
      study: study('pg17-planner'),
      ...instructionsOf('pg17-planner'),
    }),
  split: (data) => {
    const {items: folded, functions} = foldFunctionRows(data.cases);
    const {items, activity, statements} = foldActivityRows(folded);
    return {...data, cases: items, onDemand: {functions, activity, statements}};
  },
};
