// The data of the PostgreSQL 15–18 page, for one locale, from a pg-versions
// run: per comparison group (scenario × workload) and version the median of
// the repeats (with their spread) of count, tps and latency, each version
// compared with the oldest (lib/stats decides), the A/A control against its
// twin, the published study's figures beside ours with a sentence on whether
// the verdicts agree, and the charts (throughput, latency percentiles,
// throughput over time).
import {formatFigure} from '../numbers/format.mjs';
import {byTargetOrder, byVersion, majorOf, targetById} from '../results/targets.mjs';
import {targetName} from './target-name.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {groupFigures, versusBaseline} from '../numbers/repeat-stats.mjs';
import {controlsOf, marginOf} from '../results/compare-results.mjs';
import {controlOf} from './control-figures.mjs';
import {agreementOf, publishedRows, studyInfo} from './study-figures.mjs';
import {groupCharts, PERCENTILES} from './versions-charts.mjs';
import {leanGroup} from './versions-lean.mjs';
import {instructionGroup} from './instruction-figures.mjs';
import {verdictParts} from './verdict-parts.mjs';
import {versionsMatrix} from './versions-matrix.mjs';
import {runInfo} from './run-info.mjs';
import {ANSWER_TIME_PART, VERSIONS_SCENARIO, VERSIONS_WORKLOAD, messageKey} from '../i18n/message-keys.mjs';
import {readerCommand} from './reader-command.mjs';
import {foldFunctionRows} from './on-demand.mjs';
import {listOf} from '../i18n/list.mjs';
import {groupKey} from '../results/keys.mjs';

const TABLE = ['count', 'tps', 'min', 'max', 'p95', 'p99'];

/**
 * @param {object} result  a valid pg-versions result
 * @param {{locale: string, t: Function, suite?: object, study?: object, instructions?: object, profiles?: Map}}
 *   options  t: the locale's translator; study: the published study of the same suite
 *   (datasets/<id>/study.json); instructions: the suite's newest instructions run, profiles its Cachegrind
 *   profiles (readRunProfiles)
 */
export function versionsPage(
  result,
  {locale, t, suite = null, study = null, instructions = null, profiles = new Map()},
) {
  const cells = result.cells;
  const controls = controlsOf(result);
  const margin = marginOf(result);
  const all = [...groupFigures(cells, [...TABLE, ...PERCENTILES], locale).values()].sort(byTargetOrder(result));
  const name = (target) => targetName(t, result, target);
  const instructionName = (target) => targetName(t, instructions, target);
  // Groups in the suite's order (scenario, then workload) when it is known; else as the run met them.
  const rank = (list, id) => (list ? list.findIndex((x) => x.id === id) : 0);
  // Each comparison group by its first cell.
  const firsts = [...new Map(cells.map((c) => [groupKey(c), c])).values()].sort(
    (a, b) =>
      rank(suite?.scenarios, a.scenario) - rank(suite?.scenarios, b.scenario) ||
      rank(suite?.workloads, a.workload) - rank(suite?.workloads, b.workload),
  );

  const context = {result, all, controls, margin, locale, t, name, study, instructions, instructionName, profiles};
  const groups = firsts.map((first) => versionsGroup(first, context));

  const majors = [
    ...new Set(result.cells.filter((c) => !controls.has(c.target)).map((c) => majorOf(result, c.target))),
  ].sort(byVersion);
  const versions = majors.length > 1 ? `${majors[0]}–${majors.at(-1)}` : String(majors[0]);
  return {
    locale,
    versions,
    margin: unsignedPercent(margin, locale),
    run: runInfo(result, locale, suite),
    instructionsRun: instructions && runInfo(instructions, locale, suite),
    answer: versionsMatrix(result, instructions, groups, {locale, t, name}),
    groups,
    study: study && studyInfo(study, locale),
  };
}

/** One comparison group: its versions' figures against the oldest, its control, charts and commands. */
function versionsGroup(
  {scenario, workload},
  {result, all, controls, margin, locale, t, name, study, instructions, instructionName, profiles},
) {
  const {cells} = result;
  const id = `${scenario}-${workload}`;
  const inGroup = all.filter((g) => g.scenario === scenario && g.workload === workload);
  const rows = inGroup.filter((g) => !controls.has(g.target));
  const groupCells = cells.filter((c) => c.scenario === scenario && c.workload === workload);
  const first = groupCells[0];
  const base = rows[0].figures.tps;
  // Every version against the first: the comparisons the page claims anything from.
  const versus = [
    null,
    ...versusBaseline(
      base,
      rows.slice(1).map((r) => r.figures.tps),
      {locale, margin},
    ),
  ];
  const p = first.parameters;
  const names = {
    scenario: t(messageKey(VERSIONS_SCENARIO, scenario, 'VERSIONS_SCENARIO')),
    workload: t(messageKey(VERSIONS_WORKLOAD, workload, 'VERSIONS_WORKLOAD')),
  };
  const title = t('versions.group', names);

  const charts = groupCharts({result, locale, t, id, title, rows, groupCells, name});

  const findings = rows
    .slice(1)
    .flatMap((r, i) =>
      versus[i + 1] ? [{name: name(r.target), base: name(rows[0].target), target: r.target, ...versus[i + 1]}] : [],
    );
  const instructionFigures = instructionGroup(instructions, {
    scenario,
    workload,
    id: `versions-${id}`,
    title,
    locale,
    t,
    name: instructionName,
    profiles,
    timedClients: p.clients,
  });
  return {
    id,
    scenario,
    workload,
    title,
    names,
    parameters: {
      scale: p.scale === null ? null : formatFigure(p.scale, 'integer', locale),
      clients: formatFigure(p.clients, 'integer', locale),
      threads: formatFigure(p.threads, 'integer', locale),
      durationS: p.durationS === null ? null : formatFigure(p.durationS, 'integer', locale),
      repeats: formatFigure(rows[0].repeats, 'integer', locale),
      builtin: p.builtin,
    },
    rows: rows.map((r, i) => ({
      target: r.target,
      name: name(r.target),
      version: targetById(result, r.target).serverVersion,
      figures: Object.fromEntries(TABLE.map((f) => [f, r.figures[f]])),
      comparison: versus[i],
    })),
    // Every version against the first in one statement (the table gives each); one for them all when the
    // runs are too few for any test.
    ...findingsOf(findings, locale),
    statement: statementOf(findings, {t, locale, margin}),
    control: controlOf(inGroup, controls, {name, locale, margin, t}),
    published: study && publishedRows(study, {scenario, workload, locale, t}),
    agreement: study && agreementOf(study, {scenario, workload, findings, locale}),
    commands: commandsOf(result, scenario, workload),
    charts,
    instructions: instructionFigures,
  };
}

/** The timed findings of a group in one statement: how many versions per verdict, and what a 5% change would take. */
function statementOf(findings, {t, locale, margin}) {
  if (findings.length === 0 || findings.every((f) => f.low === null)) return null;
  const parts = verdictParts(findings, ANSWER_TIME_PART, {
    t,
    locale,
    margin: unsignedPercent(margin, locale),
    detectable: (f) => f.detectable,
  });
  const list = listOf(parts, locale, {clauses: true});
  const sentences = [t('versions.statement.time', {base: findings[0].base, runs: findings[0].runs, parts: list})];
  const rounds = findings.filter((f) => f.verdict === 'inconclusive' && f.rounds !== null);
  if (rounds.length > 0) {
    const counts = rounds.map((f) => f.rounds).sort((a, b) => a - b);
    const [low, high] = [counts[0], counts.at(-1)].map((n) => formatFigure(n, 'integer', locale));
    sentences.push(
      low === high
        ? t('versions.statement.roundsOne', {wanted: rounds[0].wantedText, rounds: low})
        : t('versions.statement.rounds', {wanted: rounds[0].wantedText, low, high}),
    );
  }
  return sentences;
}

/** The findings of a group, and `undecidable` when no comparison could have been decided. */
function findingsOf(findings, locale) {
  if (findings.length === 0 || findings.some((f) => f.low !== null)) return {findings, undecidable: null};
  const names = listOf(
    findings.map((f) => f.name),
    locale,
  );
  return {findings, undecidable: {name: names, base: findings[0].base, runs: findings[0].runs}};
}

/** The commands that made a group's figures: the data load and the first measured run, as recorded. */
export function commandsOf(result, scenario, workload) {
  const cell = result.cells.find((c) => c.scenario === scenario && (workload === undefined || c.workload === workload));
  const init = (result.preparations ?? []).find(
    (p) => p.kind === 'init' && p.target === cell.target && p.scale === cell.parameters.scale,
  );
  return {target: cell.target, init: readerCommand(init?.command ?? null), run: readerCommand(cell.command)};
}

/** The PostgreSQL versions page, from the newest pg-versions run and its instructions run. */
export const page = {
  id: 'pg-versions',
  doc: 'pg-versions',
  label: 'site.nav.versions',
  navbar: true,
  // Less the words only the build writes with (the answer's and the statements' parts).
  messages: ['common', 'versions', '!common.summary', '!versions.answer.time', '!versions.statement'],
  build: ({locale, t, newestRun, suite, study, instructionsOf}) =>
    versionsPage(newestRun('pg-versions', {required: true}), {
      locale,
      t,
      suite: suite('pg-versions'),
      study: study('pg-versions'),
      ...instructionsOf('pg-versions'),
    }),
  // The function rows load on demand; the first load keeps only what the page writes (lean).
  split: (data) => {
    const {items, functions} = foldFunctionRows(data.groups);
    return {...data, groups: items.map(leanGroup), onDemand: {functions}};
  },
};
