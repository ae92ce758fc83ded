// What the server did through a group's measured runs (cell.server, read by
// the runner from the server's statistics around each run): per server, the
// median over its repeats, per transaction where that is the unit a reader
// can compare, and the facts a page's method sentences may state only when
// these figures show them (no checkpoint in any run, how many pages were
// found in shared buffers, what the backends waited on), with each
// statement's latency as pgbench -r gave it (statement-latencies.mjs).
import {howMany} from '../i18n/how-many.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {median} from '../stats/median.mjs';
import {byTargetOrder} from '../model/targets.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {uncheckedFigures, uncheckedOfRun} from '../results/rederive.mjs';
import {statementLatencies} from './statement-latencies.mjs';
import {sentences} from './verdict-words.mjs';

/** The transactions a cell's counters cover: a timed run's processed, an instructions cell's longer run's. */
function transactionsOf(cell) {
  const longer = cell.instructions?.runs?.at(-1);
  if (longer) return longer.transactionsPerClient * cell.parameters.clients;
  return cell.summary?.processed ?? null;
}

/** A group's ok cells that recorded what the server did. */
const measuredCells = (cells) => cells.filter((c) => c.status === 'ok' && c.server && transactionsOf(c) > 0);

/** The share of page reads found in shared buffers, 0–1; null when nothing was read. */
const hitShare = (s) =>
  s.buffers.hits + s.buffers.reads > 0 ? s.buffers.hits / (s.buffers.hits + s.buffers.reads) : null;

const sampledWaits = (cells) =>
  cells
    .map((c) => c.server.waits)
    .filter((w) => w?.waits.length > 0)
    .flatMap((x) => x.waits);

/**
 * One name per wait event over a set of runs: PostgreSQL 17 renamed some (IO's WALSync became WalSync), so the
 * spellings of one event, told apart by their letters' case only, are one event, named as 17 on names it (the
 * spelling with the fewest capitals). A map from the case-folded key to the name shown.
 */
function waitNames(cells) {
  const names = new Map();
  for (const w of sampledWaits(cells)) {
    if (w.type === 'CPU') continue;
    const name = `${w.type}:${w.event}`;
    const key = name.toLowerCase();
    const capitals = (x) => x.replace(/[^A-Z]/g, '').length;
    const known = names.get(key);
    if (!known || capitals(name) < capitals(known) || (capitals(name) === capitals(known) && name < known)) {
      names.set(key, name);
    }
  }
  return names;
}

/**
 * What pgbench's backends waited on over a target's runs: each event's share of every sample, most first, each
 * named as `names` says (waitNames: over every server of the group, so that one event is one row).
 */
function waitShares(cells, names = waitNames(cells)) {
  const sampled = sampledWaits(cells);
  if (sampled.length === 0) return null;
  const counts = new Map();
  for (const w of sampled) {
    const key = w.type === 'CPU' ? 'CPU' : names.get(`${w.type}:${w.event}`.toLowerCase());
    counts.set(key, (counts.get(key) ?? 0) + w.samples);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts]
    .map(([event, n]) => ({event, share: n / total}))
    .sort((a, b) => b.share - a.share || a.event.localeCompare(b.event));
}

/**
 * Per server of a group, what the server did through its measured runs, formatted for the page: WAL bytes,
 * full-page images and buffers written by backends per transaction, the share of reads found in shared
 * buffers and the checkpoints that ended in any run (medians over the repeats; checkpoints summed), and the
 * three waits its backends were seen in most. Null when no run recorded it.
 */
export function activityRows(result, cells, {name, locale, t}) {
  const measured = measuredCells(cells);
  if (measured.length === 0) return null;
  const named = serverNamer(result, {name, t});
  const targets = [...new Set(measured.map((c) => c.target))].sort(byTargetOrder(result));
  const percent = (share) => (share === null ? null : formatFigure(share, 'share', locale));
  const names = waitNames(measured);
  return targets.map((target) => {
    const own = measured.filter((c) => c.target === target);
    const per = (get) => median(own.map((c) => get(c.server) / transactionsOf(c)));
    const hits = own.map((c) => hitShare(c.server)).filter((x) => x !== null);
    return {
      target,
      name: named(target),
      runs: formatFigure(own.length, 'integer', locale),
      walBytes: formatFigure(
        per((s) => s.wal.bytes),
        'integer',
        locale,
      ),
      fullPageImages: formatFigure(
        per((s) => s.wal.fullPageImages),
        'ratio',
        locale,
      ),
      backendWrites: formatFigure(
        per((s) => s.buffersWritten.backends),
        'ratio',
        locale,
      ),
      // Floored, so that 99.96% never reads as "100%" when pages were read from the kernel.
      inBuffers: percent(hits.length > 0 ? Math.floor(median(hits) * 1000) / 1000 : null),
      checkpoints: formatFigure(
        own.reduce((n, c) => n + c.server.checkpoints.timed + c.server.checkpoints.requested, 0),
        'integer',
        locale,
      ),
      waits: (waitShares(own, names) ?? []).slice(0, 3).map((w) => ({event: w.event, share: percent(w.share)})),
    };
  });
}

/**
 * What a group's runs show of the server, for its method sentence: how many runs recorded it, in how many a
 * checkpoint ended, the lowest share of reads found in shared buffers, and the wait its backends were seen in
 * most (over every server). Null when no run recorded it.
 */
export function activityFacts(cells, locale, {run = {activity: false}} = {}) {
  const measured = measuredCells(cells);
  if (measured.length === 0) return null;
  // Every measured run: a timed cell's, and both of an instructions cell's.
  const runs = measured.flatMap((c) =>
    c.instructions?.runs ? c.instructions.runs.filter((r) => r.server).map((r) => ({server: r.server})) : [c],
  );
  const withCheckpoint = runs.filter((r) => r.server.checkpoints.timed + r.server.checkpoints.requested > 0);
  const hits = runs.map((r) => hitShare(r.server)).filter((x) => x !== null);
  const shares = waitShares(measured);
  const top = shares?.[0] ?? null;
  const shareOf = (event) => shares?.find((w) => w.event === event)?.share ?? 0;
  // Runs before 2026-11-28 kept the counters' differences, not the readings they came from (rederive.mjs).
  const unchecked = measured.filter((c) => {
    const u = uncheckedFigures(c);
    return u.activity || u.waits;
  });
  return {
    runs: formatFigure(runs.length, 'integer', locale),
    // Waits are sampled in timed runs only.
    sampled: measured.some((c) => c.server.waits !== undefined),
    checkpointRuns: withCheckpoint.length === 0 ? null : formatFigure(withCheckpoint.length, 'integer', locale),
    // Floored, so that 99.996% never reads as "100%" when a page was read from the kernel.
    lowestInBuffers:
      hits.length === 0 ? null : formatFigure(Math.floor(Math.min(...hits) * 1000) / 1000, 'share', locale),
    allInBuffers: hits.length > 0 && runs.every((r) => r.server.buffers.reads === 0),
    topWait: top && {event: top.event, share: formatFigure(top.share, 'share', locale)},
    // With one client, how far a change in the backends' CPU work can move throughput: by its share of the time.
    cpuShare:
      shares && measured.every((c) => c.parameters.clients === 1)
        ? {
            cpu: formatFigure(shareOf('CPU'), 'share', locale),
            client: formatFigure(shareOf('Client:ClientRead'), 'share', locale),
          }
        : null,
    // Where every cell of the run lacks them, the page says so once, of the run (uncheckedOfRun).
    unchecked:
      unchecked.length === 0 || run.activity
        ? null
        : {
            all: unchecked.length === measured.length,
            count: formatFigure(unchecked.length, 'integer', locale),
            total: formatFigure(measured.length, 'integer', locale),
          },
  };
}

/** A server's name in these tables: an A/A control as its page names it, its twin's name as the second server. */
function serverNamer(result, {name, t}) {
  const controls = controlsOf(result);
  return (target) =>
    controls.has(target) ? t('common.controlName', {name: name(controls.get(target))}) : name(target);
}

/**
 * A group's `activity`: its facts, for the sentences the page shows (the statement that took most of a
 * transaction's time among them), and its rows and statements' latencies (loaded when opened); or null.
 */
export function groupActivity(result, cells, {name, locale, t, unchecked = uncheckedOfRun(result)}) {
  const facts = activityFacts(cells, locale, {run: unchecked});
  if (!facts) return null;
  const statements = statementLatencies(result, cells, {named: serverNamer(result, {name, t}), locale});
  const slowest = statements?.slowest ?? null;
  return {
    facts: {sampled: facts.sampled, text: sentences(factSentences(t, {...facts, slowest}), locale)},
    rows: activityRows(result, cells, {name, locale, t}),
    statements: statements && {servers: statements.servers, rows: statements.rows},
  };
}

/** The sentences a group's counters allow: checkpoints in its runs, pages found in shared buffers, the top wait. */
function factSentences(t, f) {
  return [
    f.checkpointRuns
      ? t('common.activity.checkpoints.some', {howMany: howMany(t, 'runs', {count: f.checkpointRuns, total: f.runs})})
      : t('common.activity.checkpoints.none', {total: f.runs}),
    f.allInBuffers && t('common.activity.buffers.all'),
    !f.allInBuffers && f.lowestInBuffers && t('common.activity.buffers.lowest', {share: f.lowestInBuffers}),
    f.topWait && t('common.activity.wait', {event: f.topWait.event, share: f.topWait.share}),
    f.cpuShare && t('common.activity.cpuShare', f.cpuShare),
    f.slowest && t('common.activity.slowest', f.slowest),
    f.unchecked && t(f.unchecked.all ? 'common.activity.uncheckedAll' : 'common.activity.unchecked', f.unchecked),
  ];
}
