// The data of the quick-run page, for one locale: the newest `quick` run (the
// one `npm start` makes on the reader's machine) as one table and one chart.
// Each row is a workload and client count; each server gets its median TPS and
// mean latency (always measured, unlike percentiles), compared with the first
// server. Without a quick run the page says how to make one (`run` is null).
import {barChart} from '../charts/chart-spec.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {byTargetOrder, targetById} from '../model/targets.mjs';
import {targetName} from './target-name.mjs';
import {chartCredit, runInfo} from './run-info.mjs';
import {point} from './chart-point.mjs';
import {readerCommand} from './reader-command.mjs';
import {groupKey} from '../model/keys.mjs';
import {resultGroups} from './result-groups.mjs';

/**
 * @param {object|null} result  a valid quick run, or null when there is none
 * @param {{locale: string, t: Function, suite?: object}} options
 */
export function quickRunPage(result, {locale, t, suite = null}) {
  if (!result) return {locale, run: null, targets: [], rows: [], finding: null, charts: []};
  const targets = [...new Set(result.cells.map((c) => c.target))].sort(byTargetOrder(result)).map((id) => ({
    id,
    name: targetName(t, result, id),
    version: targetById(result, id).serverVersion,
  }));
  // A row per group of the run (result-groups.mjs): a workload at a client count, every server against the first.
  const groups = resultGroups(result, {
    locale,
    t,
    name: (target) => targetName(t, result, target),
    names: () => ({}),
    page: 'quick',
    figures: ['tps', 'latencyAvg'],
    charts: false,
  });
  const rows = groups.map((g) => quickRow(g, {result, targets}));

  const category = (r) => t('quick.category', {workload: r.workload, clients: r.clients});
  const chart = barChart({
    id: 'quick-tps',
    locale,
    image: '/charts/quick-tps.png',
    credit: chartCredit(t, result, locale),
    title: t('quick.chart'),
    xTitle: t('quick.table.workload'),
    yTitle: t('common.tpsAxis'),
    kind: 'tps',
    categories: rows.map(category),
    series: targets.map((x, i) => ({label: x.name, points: rows.map((r) => point(r.servers[i].tps, t))})),
  });

  const durationS = result.cells[0].parameters.durationS;
  return {
    locale,
    run: runInfo(result, locale, suite),
    durationS: durationS === null ? null : formatFigure(durationS, 'integer', locale),
    targets,
    rows,
    finding: findingOf(rows, {first: targets[0], last: targets.at(-1), locale}),
    command: readerCommand(result.cells[0].command),
    charts: [chart],
  };
}

/** One row of the table: a group's servers, each with its figures against the first's. */
function quickRow(g, {result, targets}) {
  const cell = result.cells.find((c) => groupKey(c) === g.key);
  const of = (target) => g.rows.find((r) => r.target === target);
  return {
    key: g.key,
    workload: cell.parameters.builtin ?? g.workload,
    scale: g.parameters.scale,
    clients: g.parameters.clients,
    repeats: g.parameters.repeats,
    servers: targets.map((x) => ({
      target: x.id,
      tps: of(x.id)?.figures.tps ?? null,
      latencyAvg: of(x.id)?.figures.latencyAvg ?? null,
      comparison: of(x.id)?.comparison ?? null,
    })),
  };
}

/** The finding: the newest server against the oldest, row by row, counted by verdict. */
function findingOf(rows, {first, last, locale}) {
  const compared = rows.map((r) => r.servers.at(-1).comparison).filter(Boolean);
  if (compared.length === 0) return null;
  const count = (verdict) => formatFigure(compared.filter((v) => v.verdict === verdict).length, 'integer', locale);
  return {
    newer: last.name,
    older: first.name,
    cells: formatFigure(compared.length, 'integer', locale),
    // How many rows came out each way; "cannot tell" holds below-margin ones too.
    faster: count('better'),
    slower: count('worse'),
    same: count('equivalent'),
    undecided: formatFigure(
      compared.filter((v) => v.verdict === 'inconclusive' || v.verdict === 'below-margin').length,
      'integer',
      locale,
    ),
    margin: compared[0].margin,
  };
}

/** The Quick run page: the newest run `npm start` made, if any. */
export const page = {
  id: 'quick-run',
  doc: 'quick-run',
  label: 'site.nav.quick',
  messages: ['common', 'quick'],
  build: ({locale, t, newestRun, suite}) => quickRunPage(newestRun('quick'), {locale, t, suite: suite('quick')}),
};
