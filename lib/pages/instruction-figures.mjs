// The instructions measure of one comparison group, under the group's timed figures: per server the median
// instructions per transaction of its repeats (with their spread), each against the run's baseline (decided once:
// lib/model/comparisons.mjs; fewer is better, at the suite's instructions margin), the A/A control, how they were
// counted, a chart, the functions whose work changed most against each base (function-figures.mjs), and the
// Cachegrind files to download; every sentence written here.
import {clauseSeparator} from '../i18n/list.mjs';
import {COUNTED, CYCLE_WEIGHTS, countedByCallgrind} from '../cachegrind/read-callgrind.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {groupFigures} from '../numbers/repeat-stats.mjs';
import {compareRun, controlsOf} from '../model/comparisons.mjs';
import {cellKey, groupKey} from '../model/keys.mjs';
import {FIGURES, MEASURES, marginOf} from '../model/measures.mjs';
import {median} from '../stats/median.mjs';
import {byTargetOrder, targetById} from '../model/targets.mjs';
import {mediansChart} from './group-charts.mjs';
import {functionFigures} from './function-figures.mjs';
import {groupParts, tableOf, versusOf} from './figure-table.mjs';
import {groupActivity} from './server-activity.mjs';
import {groupStatement} from './verdict-parts.mjs';
import {sentences} from './verdict-words.mjs';
import {formatDate} from './run-info.mjs';

const measured = (cells) => cells.filter((c) => c.status === 'ok' && c.instructions);

/**
 * Which rows a group's runs served: 'own' when each run drew its own seed (the repeats sample the tables), 'same'
 * when every run replayed the run's seed (runs before 2026-11-25); null when its script draws nothing at random
 * (a built-in script does; a custom one when it calls random*()), or the run did not record its script.
 */
function rowsOf(result, cells) {
  const sql = result.scripts?.find((s) => s.workload === cells[0]?.workload)?.sql;
  if (!cells[0]?.parameters.builtin && (sql === undefined || !/\brandom\w*\s*\(/.test(sql))) return null;
  const own = measured(cells).every(({instructions: {runs}}) => runs.every((r) => r.randomSeed !== undefined));
  return own ? 'own' : 'same';
}

/** Whether the group's database fitted in shared buffers: 'fit', 'full', or null when the run did not record it. */
function buffersOf(cells) {
  const fits = measured(cells).map((c) => c.instructions.fitsInSharedBuffers);
  if (fits.length === 0 || fits.some((f) => f === undefined)) return null;
  return fits.every(Boolean) ? 'fit' : 'full';
}

/**
 * The instructions cells of a page's group: those of its scenario, workload and clients; where the count ran with
 * other clients than the timed runs (suite.md: scenarios[].instructions.clients), those of its one count.
 */
export function countedCells(result, {scenario, workload, timedClients}) {
  const cells = (result?.cells ?? []).filter((c) => c.scenario === scenario && c.workload === workload);
  const counts = [...new Set(cells.map((c) => c.parameters.clients))].sort((a, b) => a - b);
  const clients = counts.includes(timedClients) ? timedClients : counts[0];
  return cells.filter((c) => c.parameters.clients === clients);
}

/**
 * @param {object|null} result  the suite's newest instructions run, or null
 * @param {object} options  the page's (result-groups.mjs), with the group's scenario, workload, id and title, and
 *   timedClients: the clients of its timed runs, when the page shows them
 * @returns {object|null}  null when the run has no cell of this group
 */
export function instructionGroup(result, options) {
  const {scenario, workload, id, title, locale, t, name, page, profiles = new Map(), timedClients = null} = options;
  const cells = countedCells(result, {scenario, workload, timedClients});
  if (cells.length === 0) return null;
  const key = groupKey(cells[0]);
  const controls = controlsOf(result);
  const margin = marginOf(result);
  const decisions = compareRun(result);
  const others = cells.some((c) => c.instructions?.otherPerTransaction !== undefined);
  // The figures its run counted: the other processes since 2026-11-25, the estimated cycles since 2026-11-28.
  const figures = MEASURES.instructions.table.filter((f) => cells.some((c) => FIGURES[f].read(c) !== null));
  // The other processes on their own: not a column, but what tells whether the whole server's figure holds.
  const computed = others ? [...figures, 'otherInstructions'] : figures;
  const inGroup = [...groupFigures(cells, computed, locale).values()].sort(byTargetOrder(result));
  const base = decisions.baseline;
  const parts = {decisions, key, figure: 'instructions', measure: 'instructions', controls, t, name, locale, margin};
  const {rows, findings, control} = groupParts(inGroup, parts);
  const p = countingOf(result, cells, {others, locale, repeats: rows[0].repeats, timedClients});
  const profileOf = (target) =>
    profiles.get(cellKey({target, scenario, workload, clients: cells[0].parameters.clients}));
  return {
    key,
    method: sentences(methodSentences(t, result, p), locale),
    checkpointer: checkpointerShift(result, cells, rows, {base, controls, t, name, locale}),
    statement: groupStatement(findings, {t, locale, margin, measure: 'instructions'}),
    control,
    table: tableOf(rows.map(wholeServerShown), {
      t,
      result,
      name,
      figures,
      versus: versusOf({t, result, base, controls, findings, measure: 'instructions'}),
      firstColumn: 'common.table.version',
      base: name(base),
      caption: sentences(
        [
          t('common.instructions.caption', {repeats: p.repeats, margin: unsignedPercent(margin, locale)}),
          findings.some((f) => f.worded.paired) && t('common.instructions.paired'),
          rows.some(otherBelowZero) && t('common.instructions.otherDash'),
        ],
        locale,
      ),
    }),
    activity: groupActivity(result, cells, {name, locale, t}),
    // Under `charts`, where the build finds every chart it draws as an image.
    charts: [
      mediansChart({
        id: `${page}-${id}-instructions`,
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
      const f = profileOf(r.target)?.files;
      return f ? [{target: r.target, name: name(r.target), short: `/data/${f.short}`, long: `/data/${f.long}`}] : [];
    }),
  };
}

/** How the group's instructions were counted: runs, clients, tool, machine, and what the table shows. */
function countingOf(result, cells, {others, locale, repeats, timedClients}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const {clients} = cells[0].parameters;
  const [short, long] = cells.find((c) => c.instructions)?.instructions.runs ?? [];
  return {
    id: result.run.id,
    date: formatDate(result.run.startedAt, locale),
    clients: n(clients),
    short: short ? n(short.transactionsPerClient) : null,
    long: long ? n(long.transactionsPerClient) : null,
    added: short ? n((long.transactionsPerClient - short.transactionsPerClient) * clients) : null,
    repeats: n(repeats),
    valgrind: result.environment.valgrindVersion ?? '?',
    // The machine: counts move a little with the processor (the C library's routines are chosen for it).
    cpus: result.environment.host.cpuCount ? n(result.environment.host.cpuCount) : '?',
    cpuModel: result.environment.host.cpuModel ?? '?',
    // Counted inside PostgresMain by Callgrind, or (runs before 2026-11-25) by Cachegrind for the whole process,
    // the postmaster's counts at the fork included; and (runs from 2026-11-27) without the backends' statistics
    // flushes.
    callgrind: cells.every((c) => c.status !== 'ok' || countedByCallgrind(c.instructions?.counted)),
    withoutStatsFlushes: cells.every((c) => c.status !== 'ok' || c.instructions?.counted === COUNTED),
    rows: rowsOf(result, cells),
    others,
    buffers: buffersOf(cells),
    several: clients > 1,
    // Counted with fewer clients than the timed runs (suite.md: scenarios[].instructions.clients).
    timedClients: timedClients > clients ? n(timedClients) : null,
    ...pageStateOf(cells, locale),
    // Callgrind's own desc: lines, verbatim, joined as the page's language joins clauses (recorded with "; ").
    cycles:
      cells
        .find((c) => c.instructions?.cyclesPerTransaction !== undefined)
        ?.instructions.caches?.split('; ')
        .join(clauseSeparator(locale)) ?? null,
    serverMargin: percentOrNull(margins(result).serverInstructions, locale),
  };
}

/**
 * The checkpointer's instructions per added transaction of a cell's repeats (the longer run's less the shorter's),
 * their median; null where a run did not count it by process.
 */
function checkpointerPerTransaction(cells) {
  const per = measured(cells).map(({instructions: {runs}, parameters: {clients}}) => {
    const [short, long] = runs;
    const [a, b] = [short.otherProcesses?.byType?.checkpointer, long.otherProcesses?.byType?.checkpointer];
    if (a === undefined || b === undefined) return null;
    return (b - a) / ((long.transactionsPerClient - short.transactionsPerClient) * clients);
  });
  return per.length === 0 || per.includes(null) ? null : median(per);
}

/**
 * Where the checkpointer's part moves the whole server: each server whose checkpointer's instructions per
 * transaction differ from the baseline's by more than the whole server's margin of the baseline's whole server
 * (enough, alone, to move that figure past its margin), with the share of its whole server's work; with data
 * checksums on where the baseline has them off, why: the CHECKPOINT after each run writes the pages the run
 * dirtied, and computes each one's checksum as it does. Null where none moves, or nothing was counted by process.
 */
function checkpointerShift(result, cells, rows, {base, controls, t, name, locale}) {
  const margin = margins(result).serverInstructions;
  const of = (target) => checkpointerPerTransaction(cells.filter((c) => c.target === target));
  const whole = (target) => rows.find((r) => r.target === target)?.figures.serverInstructions?.median;
  const [baseCount, baseWhole] = [of(base), whole(base)];
  if (margin === undefined || baseCount === null || !baseWhole) return null;
  const checksums = (target) => targetById(result, target)?.keySettings?.data_checksums;
  const n = (v) => formatFigure(v, 'instructions', locale);
  const share = (part, all) => unsignedPercent(part / all, locale);
  const said = rows
    .filter((r) => r.target !== base && !controls.has(r.target))
    .flatMap(({target}) => {
      const [count, all] = [of(target), whole(target)];
      if (count === null || !all || Math.abs(count - baseCount) <= margin * baseWhole) return [];
      const why = checksums(target) === 'on' && checksums(base) !== 'on';
      return [
        t(why ? 'common.instructions.checkpointerChecksums' : 'common.instructions.checkpointer', {
          name: name(target),
          base: name(base),
          count: n(count),
          share: share(count, all),
          baseCount: n(baseCount),
          baseShare: share(baseCount, baseWhole),
        }),
      ];
    });
  return said.length > 0 ? sentences(said, locale) : null;
}

/** A repeat whose other processes came out below zero: across zero, their work per transaction is not told. */
const otherBelowZero = (r) => r.figures.otherInstructions && r.figures.otherInstructions.min < 0;

/** A row as its table shows it: the whole server's figure a dash where the other processes' spread across zero. */
const wholeServerShown = (r) =>
  otherBelowZero(r) && r.figures.serverInstructions ? {...r, figures: {...r.figures, serverInstructions: null}} : r;

const margins = (result) => result.run.design?.margins ?? {};
const percentOrNull = (fraction, locale) => (fraction === undefined ? undefined : unsignedPercent(fraction, locale));

/**
 * Whether every run began on the kept database (schemas/result.md, pageState), with the full-page images per
 * added transaction its runs logged, lowest and highest: what shows the pages were alike.
 */
function pageStateOf(cells, locale) {
  const ok = cells.filter((c) => c.status === 'ok' && c.instructions);
  if (ok.length === 0 || !ok.every((c) => c.instructions.pageState === 'kept-copy')) return {pageState: null};
  const images = ok.flatMap((c) => {
    const [short, long] = c.instructions.runs;
    if (!short.server || !long.server) return [];
    const added = (long.transactionsPerClient - short.transactionsPerClient) * c.parameters.clients;
    return [(long.server.wal.fullPageImages - short.server.wal.fullPageImages) / added];
  });
  if (images.length === 0) return {pageState: null};
  // Enough digits to tell 1.97 from 2.00 (one decimal wrote both 2.0).
  const f = (v) => formatFigure(v, 'medianRatio', locale);
  return {pageState: {low: f(Math.min(...images)), high: f(Math.max(...images))}};
}

/** The method's sentences, a falsy entry for each that does not apply. */
function methodSentences(t, _run, p) {
  return [
    t('common.instructions.method', {
      id: p.id,
      date: p.date,
      valgrind: p.valgrind,
      tool: p.callgrind ? 'Callgrind' : 'Cachegrind',
      short: p.short,
      long: p.long,
      clients: p.clients,
      added: p.added,
      repeats: p.repeats,
    }),
    t('common.instructions.machine', {cpus: p.cpus, cpuModel: p.cpuModel}),
    p.rows === 'own' && t('common.instructions.rows.own'),
    p.rows === 'same' && t('common.instructions.rows.same'),
    p.buffers === 'fit' && t('common.instructions.buffers.fit'),
    p.buffers === 'full' && t('common.instructions.buffers.full'),
    t(p.others ? 'common.instructions.leftOutOthers' : 'common.instructions.leftOut'),
    p.others && t('common.instructions.others'),
    p.others && p.serverMargin !== undefined && t('common.instructions.server', {margin: p.serverMargin}),
    p.others && p.serverMargin === undefined && t('common.instructions.serverUndecided'),
    p.cycles && t('common.instructions.cycles', {caches: p.cycles, ...CYCLE_WEIGHTS}),
    p.pageState && t('common.instructions.pageState', p.pageState),
    p.others && t('common.instructions.afterCheckpoint'),
    t(p.callgrind ? 'common.instructions.callgrind' : 'common.instructions.inherited'),
    p.withoutStatsFlushes && t('common.instructions.statsFlushes'),
    p.several && t('common.instructions.contention', {clients: p.clients}),
    p.timedClients && t('common.instructions.fewerClients', {clients: p.clients, timedClients: p.timedClients}),
  ];
}
