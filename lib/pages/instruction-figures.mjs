// The instructions measure of one comparison group, as the versions and
// planner pages show it under the group's timed figures: per version the
// median instructions per transaction of its repeats (with their spread),
// each version against the baseline (lib/stats decides, fewer is better, at
// the suite's instructions margin), the A/A control, a chart, the functions
// whose work changed most against each base (function-figures.mjs), and the
// Cachegrind files to download.
import {COUNTED, countedByCallgrind} from '../cachegrind/read-callgrind.mjs';
import {cellKey} from '../model/keys.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {byTargetOrder, comparableBuilds, targetById} from '../model/targets.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {groupFigures, versusBaseline} from '../numbers/repeat-stats.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {marginOf} from '../model/measures.mjs';
import {mediansChart} from './chart-point.mjs';
import {controlOf, groupRows} from './control-figures.mjs';
import {verdictParts} from './verdict-parts.mjs';
import {SUMMARY_PART} from '../i18n/message-keys.mjs';
import {listOf} from '../i18n/list.mjs';
import {groupActivity} from './server-activity.mjs';
import {functionFigures} from './function-figures.mjs';

/**
 * The other processes' figure, or null (a dash) when any repeat came out below zero: repeats spread across
 * zero cannot place the work per transaction, whatever their median.
 */
const otherFigure = (stat) => (stat && stat.min >= 0 ? stat : null);

const measured = (cells) => cells.filter((c) => c.status === 'ok' && c.instructions);

/** Whether a group's script draws random numbers: a built-in script does; a custom one when it calls random*(). */
function drawsRandom(result, cells) {
  if (cells[0]?.parameters.builtin) return true;
  const sql = result.scripts?.find((s) => s.workload === cells[0]?.workload)?.sql;
  return sql === undefined ? null : /\brandom\w*\s*\(/.test(sql);
}

/**
 * Which rows a group's runs served: 'own' when each run drew its own seed (the
 * repeats sample the tables), 'same' when every run replayed the run's seed
 * (runs before 2026-11-25); null when its script draws nothing at random (or
 * the run did not record its script).
 */
function rowsOf(result, cells) {
  if (!drawsRandom(result, cells)) return null;
  const own = measured(cells).every(({instructions: {runs}}) => runs.every((r) => r.randomSeed !== undefined));
  return own ? 'own' : 'same';
}

/**
 * Whether the group's database fitted in shared buffers: 'fit', 'full' (it did
 * not: the buffers were full, and transactions read pages), or null when the
 * run did not record it.
 */
function buffersOf(cells) {
  const fits = measured(cells).map((c) => c.instructions.fitsInSharedBuffers);
  if (fits.length === 0 || fits.some((f) => f === undefined)) return null;
  return fits.every(Boolean) ? 'fit' : 'full';
}

/**
 * The instructions cells of a page's group: those of its scenario, workload and clients; where the count ran
 * with other clients than the timed runs (suite.md: scenarios[].instructions.clients), those of its one count.
 */
function groupCells(result, {scenario, workload, timedClients}) {
  const cells = (result?.cells ?? []).filter((c) => c.scenario === scenario && c.workload === workload);
  const counts = [...new Set(cells.map((c) => c.parameters.clients))].sort((a, b) => a - b);
  const clients = counts.includes(timedClients) ? timedClients : counts[0];
  return cells.filter((c) => c.parameters.clients === clients);
}

/**
 * @param {object|null} result  the suite's newest instructions run, or null
 * @param {object} options
 * @param {string} options.scenario
 * @param {string} options.workload
 * @param {string} options.id  the group's id on the page (charts are named after it)
 * @param {string} options.title  the group's title, for the chart's
 * @param {string} options.locale
 * @param {Function} options.t
 * @param {(target: string) => string} options.name  a target's name on the page
 * @param {Map} [options.profiles]  the run's profiles (readRunProfiles)
 * @param {number} [options.timedClients]  the clients of the group's timed runs, when the page shows them
 * @returns {object|null}  null when the run has no cell of this group
 */
export function instructionGroup(
  result,
  {scenario, workload, id, title, locale, t, name, profiles = new Map(), timedClients = null},
) {
  const cells = groupCells(result, {scenario, workload, timedClients});
  if (cells.length === 0) return null;
  const controls = controlsOf(result);
  const margin = marginOf(result);
  const others = cells.some((c) => c.instructions?.otherPerTransaction !== undefined);
  const figures = others ? ['instructions', 'otherInstructions'] : ['instructions'];
  const inGroup = [...groupFigures(cells, figures, locale).values()].sort(byTargetOrder(result));
  const {rows, unpaired} = groupRows(inGroup, controls);
  const base = rows[0];
  // A server built otherwise than the first, and not of its version, is shown without a comparison; so is an A/A
  // control whose twin did not run the group (control-figures.mjs).
  const comparable = (r) => !unpaired.has(r.target) && comparableBuilds(result, r.target, base.target);
  const versus = [
    null,
    ...versusBaseline(
      base.figures.instructions,
      rows.slice(1).map((r) => (comparable(r) ? r.figures.instructions : null)),
      {locale, margin, figure: 'instructions'},
    ),
  ];
  const findings = rows
    .slice(1)
    .flatMap((r, i) =>
      versus[i + 1] ? [{target: r.target, name: name(r.target), base: name(base.target), ...versus[i + 1]}] : [],
    );
  const {clients} = cells[0].parameters;
  const profileOf = (target) => profiles.get(cellKey({target, scenario, workload, clients}));
  return {
    margin: unsignedPercent(margin, locale),
    parameters: countingParameters({result, cells, rows, versus, others, timedClients, locale}),
    rows: rows.map((r, i) =>
      instructionRow(r, {
        result,
        name,
        comparison: versus[i],
        otherBuild: i > 0 && !unpaired.has(r.target) && !comparable(r),
        unpairedControl: unpaired.has(r.target),
      }),
    ),
    findings,
    statement: statementOf(findings, {t, locale, margin}),
    control: controlOf(inGroup, controls, {name, locale, margin, t, figure: 'instructions'}),
    activity: groupActivity(result, cells, {name, locale, t}),
    // Under `charts`, where the build finds every chart it draws as an image.
    charts: [
      mediansChart({
        id: `${id}-instructions`,
        result,
        locale,
        t,
        title: t('common.instructions.chart', {group: title}),
        yTitle: t('common.instructions.axis'),
        figure: 'instructions',
        kind: 'instructions',
        rows,
        name,
        label: t('common.instructions.median'),
        valueKey: 'common.instructions.value',
      }),
    ],
    ...functionFigures({result, rows, profiles, profileOf, name, locale}),
    files: rows.flatMap((r) => {
      const p = profileOf(r.target);
      return p
        ? [{target: r.target, name: name(r.target), short: `/data/${p.files.short}`, long: `/data/${p.files.long}`}]
        : [];
    }),
  };
}

/** A server's row: its median and spread, its other processes', and its change against the first. */
function instructionRow(r, {result, name, comparison, otherBuild, unpairedControl}) {
  return {
    target: r.target,
    name: name(r.target),
    version: targetById(result, r.target)?.serverVersion ?? null,
    instructions: r.figures.instructions,
    // A repeat's other processes can wake up more in the shorter run than in the longer: a spread that
    // reaches below zero is no count of work, and is not shown as one.
    other: otherFigure(r.figures.otherInstructions),
    comparison,
    // Built otherwise than the first and not of its version: shown, not compared.
    ...(otherBuild && {otherBuild: true}),
    ...(unpairedControl && {unpairedControl: true}),
  };
}

/** How the group's instructions were counted: runs, clients, tool, machine, and what the table shows. */
function countingParameters({result, cells, rows, versus, others, timedClients, locale}) {
  const [first] = cells;
  const {clients} = first.parameters;
  const [short, long] = first.instructions?.runs ?? cells.find((c) => c.instructions)?.instructions.runs ?? [];
  return {
    clients: formatFigure(clients, 'integer', locale),
    short: short ? formatFigure(short.transactionsPerClient, 'integer', locale) : null,
    long: long ? formatFigure(long.transactionsPerClient, 'integer', locale) : null,
    added: short
      ? formatFigure((long.transactionsPerClient - short.transactionsPerClient) * clients, 'integer', locale)
      : null,
    repeats: formatFigure(rows[0].repeats, 'integer', locale),
    valgrind: result.environment.valgrindVersion ?? '?',
    // The machine: counts move a little with the processor (the C library's routines are chosen for it).
    cpus: result.environment.host.cpuCount ? formatFigure(result.environment.host.cpuCount, 'integer', locale) : '?',
    cpuModel: result.environment.host.cpuModel ?? '?',
    // Counted inside PostgresMain by Callgrind, or (runs before 2026-11-25) by Cachegrind for the whole
    // process, the postmaster's counts at the fork included; and (runs from 2026-11-27) without the
    // backends' statistics flushes.
    callgrind: cells.every((c) => c.status !== 'ok' || countedByCallgrind(c.instructions?.counted)),
    withoutStatsFlushes: cells.every((c) => c.status !== 'ok' || c.instructions?.counted === COUNTED),
    several: clients > 1,
    // Counted with fewer clients than the timed runs (suite.md: scenarios[].instructions.clients).
    timedClients: timedClients > clients ? formatFigure(timedClients, 'integer', locale) : null,
    rows: rowsOf(result, cells),
    others,
    // Other processes' repeats reaching below zero, shown as a dash.
    otherDash: rows.some((r) => r.figures.otherInstructions && !otherFigure(r.figures.otherInstructions)),
    // Compared repeat by repeat (each repeat ran the same rows on every target): compare.mjs.
    paired: versus.some((v) => v?.paired),
    buffers: buffersOf(cells),
  };
}

/** Several versions against the first: one statement (the table gives each), not a sentence apiece. */
function statementOf(findings, {t, locale, margin}) {
  return findings.length > 1
    ? t('common.instructions.statement', {
        base: findings[0].base,
        runs: findings[0].runs,
        parts: listOf(
          verdictParts(findings, SUMMARY_PART, {t, locale, margin: unsignedPercent(margin, locale)}),
          locale,
          {clauses: true},
        ),
      })
    : null;
}
