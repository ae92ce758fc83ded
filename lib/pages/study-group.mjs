// What a page of results adds to a group from the published study shown beside its run: whether our verdicts
// agree with the study's finding, in a sentence, and the study's own figures as a table (ours, laid out alike), with
// the ratios computed from them and what the study stated itself; a study of plans (EXPLAIN ANALYZE times) has a
// table of its own columns.
import {formatFigure} from '../numbers/format.mjs';
import {ratio} from '../numbers/ratio.mjs';
import {AGREEMENT_CLAIM, AGREEMENT_OUTCOME, messageKey} from '../i18n/message-keys.mjs';
import {tableOf} from './figure-table.mjs';
import {formatDate} from './run-info.mjs';
import {agreementOf, COLUMNS, publishedRows, titleOf} from './study-figures.mjs';
import {sentences} from './verdict-words.mjs';

/**
 * What a page adds to a group from the published study beside it: whether our verdicts agree with its finding, in
 * a sentence, and its own figures as a table (with its intro, and what it stated itself); null without a study.
 * @param {object[]} findings  the group's comparisons (result-groups.mjs): {target, baseTarget, name, base, worded}
 */
export function studyGroup(study, {scenario, workload, findings, locale, t, name}) {
  if (!study) return null;
  const title = titleOf(study, locale, t);
  const agreement = agreementOf(study, {
    scenario,
    workload,
    findings: findings.map((f) => ({...f, verdict: f.worded.verdict, low: f.worded.low})),
    locale,
  });
  const published = study.explain
    ? explainedCase(study, {workload, locale, t, name, title})
    : studyTable(study, {scenario, workload, locale, t, title});
  if (!agreement && !published) return null;
  return {agreement: agreement && agreementText(t, agreement, title, locale), ...published};
}

/** Whether our verdicts agree with the study's finding, in one sentence (its printed range beside it). */
function agreementText(t, a, source, locale) {
  const claim = t(messageKey(AGREEMENT_CLAIM, a.claim, 'AGREEMENT_CLAIM'), {names: a.names, base: a.base});
  return {
    outcome: a.outcome,
    text: sentences(
      [
        t(messageKey(AGREEMENT_OUTCOME, a.outcome, 'AGREEMENT_OUTCOME'), {source, claim, names: a.names, base: a.base}),
        // The study's own figures beside its reading of them, computed here, never inside its quoted words.
        a.low &&
          t('common.agreement.range', {
            low: a.low,
            high: a.high,
            base: t('common.postgresVersion', {version: a.spreadBase}),
          }),
      ],
      locale,
    ),
  };
}

/** The study's table for a group of our run, as our tables show figures, with its TPS against its first version. */
function studyTable(study, {scenario, workload, locale, t, title}) {
  const published = publishedRows(study, {scenario, workload, locale, t});
  if (!published) return null;
  const names = new Map(published.rows.map((r) => [r.target, r.name]));
  return {
    intro: t('versions.published.intro', {
      source: title,
      date: formatDate(study.source.date, locale),
      duration: published.durationS,
      runs: formatFigure(study.runsPerTarget, 'integer', locale),
    }),
    table: tableOf(published.rows, {
      t,
      result: {environment: {targets: published.rows.map((r) => ({id: r.target, serverVersion: r.version}))}},
      name: (target) => names.get(target),
      figures: COLUMNS.map(([key]) => key),
      versus: (r) =>
        r.comparison ? {figure: 'percent', text: r.comparison.changeText, lines: []} : {note: t('common.baseline')},
      firstColumn: 'common.table.version',
      base: published.rows[0].name,
      caption: t('versions.published.caption', {source: title}),
    }),
  };
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

/** The planner study's case beside ours: its TPS, average latency and EXPLAIN ANALYZE time per version, its ratios. */
function explainedCase(study, {workload, locale, t, name, title}) {
  const c = publishedCase(study, workload, {locale, name});
  if (!c) return null;
  const m = study.machine;
  const int = (v) => (v === null || v === undefined ? '?' : formatFigure(v, 'integer', locale));
  return {
    table: {
      columns: [
        t('common.table.version'),
        {label: t('common.table.tps'), numeric: true},
        {label: t('common.table.latencyAvg'), numeric: true},
        {label: t('planner.published.execution'), numeric: true},
        {label: t('common.table.speedup', {base: c.rows[0].name}), numeric: true},
      ],
      rows: c.rows.map((r) => ({
        target: r.target,
        name: r.name,
        version: r.version,
        cells: [
          {figure: 'tps', text: r.tps},
          {figure: 'latencyAvg', text: r.latencyAvg},
          {figure: 'execution', text: r.executionMs ?? '—'},
        ],
        versus: r.tpsRatio
          ? {
              figure: 'ratio',
              text: t('common.times', {ratio: r.tpsRatio}),
              lines: r.executionRatio ? [t('planner.published.executionRatio', {ratio: r.executionRatio})] : [],
            }
          : {note: t('common.baseline')},
      })),
      caption: t('planner.published.caption', {
        source: title,
        instance: m.instance ?? '?',
        vcpus: int(m.vcpus),
        memory: int(m.memoryGb),
      }),
    },
    stated: c.stated.tps && t('planner.published.stated', {tps: c.stated.tps, execution: c.stated.execution ?? '?'}),
  };
}
