// What every page made from a run says about it: which run, when, on what
// machine, with which pgbench and servers, whether it was shortened, how the
// runner ordered and prepared the measurements, and what bounds the figures
// (durability settings, storage, pgbench on the same cores), all read from
// the result.
import {keySettingValue} from '../suites/like-for-like.mjs';
import {settingValue} from '../suites/setting-values.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {majorOf, optimizationOf} from '../model/targets.mjs';
import {listOf} from '../i18n/list.mjs';
import {CHECKED_SINCE, uncheckedOfRun} from '../results/rederive.mjs';

const GIB = 1024 ** 3;

const dates = new Map();

/** The date of a run, written for the locale (the calendar date in UTC). */
export function formatDate(iso, locale) {
  // A formatter per locale, made once: making one costs more than formatting.
  if (!dates.has(locale)) dates.set(locale, new Intl.DateTimeFormat(locale, {dateStyle: 'long', timeZone: 'UTC'}));
  return dates.get(locale).format(new Date(iso));
}

// A formatter per locale, made once: making one costs more than formatting, and a history chart asks per point.
const dateTimes = new Map();

/**
 * A run's date (as formatDate writes it) and time in UTC, said so, for when several runs fall on one day. The
 * locale's own clock (14:03 in Japanese and Chinese, 2:03 PM in English); where Intl writes the locale's
 * half of the day in Latin letters though its date is not (Korean: "PM 2:03" beside 2026년), the half is
 * named in the locale's own words, as Intl gives them for a morning and an afternoon hour (오전, 오후).
 */
export function formatDateTime(iso, locale) {
  if (!dateTimes.has(locale)) dateTimes.set(locale, dateTimeFormat(locale));
  const {format, halves} = dateTimes.get(locale);
  const date = new Date(iso);
  return format
    .formatToParts(date)
    .map((p) => (p.type === 'dayPeriod' && halves ? halves[date.getUTCHours() < 12 ? 0 : 1] : p.value))
    .join('');
}

function dateTimeFormat(locale) {
  // The long date, the hour and minute, and the zone: a reader nine hours east must not take it for theirs.
  const options = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'UTC',
  };
  const format = new Intl.DateTimeFormat(locale, options);
  const parts = format.formatToParts(new Date('2026-01-01T14:00:00Z'));
  const half = parts.find((p) => p.type === 'dayPeriod')?.value;
  const otherScript = (text) => /(?!\p{Script=Latin})\p{L}/u.test(text);
  const words = parts.filter((p) => p.type === 'literal').map((p) => p.value);
  if (!half || otherScript(half) || !words.some(otherScript)) return {format, halves: null};
  // The locale's words for a morning and an afternoon hour (its day periods at 10:00 and 14:00).
  const period = new Intl.DateTimeFormat(locale, {hour: 'numeric', dayPeriod: 'short', timeZone: 'UTC'});
  const word = (hour) =>
    period.formatToParts(new Date(`2026-01-01T${hour}:00:00Z`)).find((p) => p.type === 'dayPeriod').value;
  return {format, halves: [word(10), word(14)]};
}

/** What a chart image says under it, since it may be shared without its page: the site, the run and its date. */
export const chartCredit = (t, result, locale) =>
  t('image.credit', {site: t('site.title'), run: result.run.id, date: formatDate(result.run.startedAt, locale)});

/** The parameters of a run that the page states, formatted for the locale. */
export function runInfo(result, locale, suite = null) {
  const {run, environment} = result;
  const host = environment.host;
  const designDurations = suite ? [...new Set(suite.scenarios.map((s) => s.durationS).filter(Boolean))] : [];
  return {
    id: run.id,
    suite: run.suite,
    date: formatDate(run.startedAt, locale),
    startedAt: run.startedAt,
    gitSha: shortSha(run.project),
    dirty: run.project.dirty === true,
    parts: partsOf(run),
    host: {
      cpuModel: host.cpuModel,
      cpus: host.cpuCount === null ? null : formatFigure(host.cpuCount, 'integer', locale),
      memoryGib: host.memoryBytes === null ? null : formatFigure(host.memoryBytes / GIB, 'integer', locale),
      os: host.os,
    },
    pgbench: environment.pgbenchVersionFull,
    // What a reader asks of a run: which versions; a second server of one version is not another version.
    versions: distinctVersions(environment.targets.map((t) => t.serverVersion)),
    durationS: run.overrides?.durationS === undefined ? null : formatFigure(run.overrides.durationS, 'integer', locale),
    designDurationS: designDurations.map((d) => formatFigure(d, 'integer', locale)),
    measuredS: list(
      [...new Set(result.cells.map((c) => c.parameters.durationS).filter(Boolean))].sort((a, b) => a - b),
      locale,
    ),
    order: orderOf(result, locale),
    bounds: boundsOf(result, locale),
    // The suite declared that its SQL reaches the shell or the machine's files (suite.yaml shell: true).
    shell: run.shell === true,
    build: buildOf(result),
    data: {json: `/data/${run.id}.json`, csv: `/data/${run.id}.csv`},
    // What of its figures could not be checked in any cell, said once, with the day runs began keeping it.
    unchecked: uncheckedKinds(result, locale),
  };
}

/** The kinds of figure no cell of a run could check (uncheckedOfRun), and the day runs began to; null for none. */
function uncheckedKinds(result, locale) {
  const kinds = Object.entries(uncheckedOfRun(result))
    .filter(([, unchecked]) => unchecked)
    .map(([kind]) => kind);
  return kinds.length === 0 ? null : {kinds, since: formatDate(CHECKED_SINCE, locale)};
}

/**
 * How the servers were compiled: the compiler (from version(): "compiled by gcc … 7.5.0"), the optimization
 * flag and JIT (from pg_config, recorded from 2026-11-25: `flags` null before). When they were built in more
 * than one way, `builds` gives each way with the versions built so; null when the run says nothing of it.
 */
export function buildOf(result) {
  const servers = result.environment.targets.filter((t) => t.serverVersionFull && !t.error);
  const builds = new Map();
  for (const t of servers) {
    const compiler = / compiled by (.+?), \d+-bit$/.exec(t.serverVersionFull)?.[1] ?? null;
    if (compiler === null) return null;
    const build = {
      compiler: /(\S+) \(.*\) (\S+)$/.exec(compiler)?.slice(1).join(' ') ?? compiler,
      flags: optimizationOf(t),
      jit: t.build?.jit ?? null,
    };
    const key = JSON.stringify(build);
    if (!builds.has(key)) builds.set(key, {...build, versions: []});
    builds.get(key).versions.push(majorOf(result, t.id));
  }
  const ways = [...builds.values()].map((b) => ({...b, versions: [...new Set(b.versions)]}));
  if (ways.length === 0) return null;
  if (ways.length === 1) return {compiler: ways[0].compiler, flags: ways[0].flags, jit: ways[0].jit};
  return {compiler: null, flags: null, jit: null, builds: ways};
}

/** Versions such as "18.4" and "15.18", each once, oldest first (numerically: 15.9 before 15.18). */
export const distinctVersions = (versions) =>
  [...new Set(versions.filter(Boolean))].sort((a, b) => {
    const [x, y] = [a, b].map((v) => v.split('.').map(Number));
    return x[0] - y[0] || (x[1] ?? 0) - (y[1] ?? 0) || a.localeCompare(b);
  });

const shortSha = (project) => (project?.gitSha ? project.gitSha.slice(0, 10) : null);

/** A merged run's parts, each with the sources it ran from; empty for a run made in one go. */
const partsOf = (run) =>
  (run.design?.parts ?? []).map((p) => ({
    run: p.run,
    seed: p.seed === null ? null : String(p.seed),
    gitSha: shortSha(p.project),
    dirty: p.project?.dirty === true,
  }));

const list = (numbers, locale) =>
  listOf(
    numbers.map((n) => formatFigure(n, 'integer', locale)),
    locale,
  );

/** How the runner ordered the measurements and what came before each; `interleaved: false` for older runs. */
function orderOf(result, locale) {
  const design = result.run.design;
  const rounds = Math.max(0, ...result.cells.map((c) => c.round ?? 0));
  const warmups = [...new Set(result.cells.map((c) => c.parameters.warmupS).filter((w) => w > 0))].sort(
    (a, b) => a - b,
  );
  return {
    interleaved: design?.order === 'interleaved-rounds',
    seed: design ? String(design.seed) : null,
    // A merged run's parts each shuffled from their own seed: name them all.
    seeds: design?.parts
      ? listOf(
          design.parts.map((p) => String(p.seed ?? '?')),
          locale,
        )
      : null,
    parts: design?.parts ? formatFigure(design.parts.length, 'integer', locale) : null,
    rounds: formatFigure(rounds, 'integer', locale),
    // Each warm-up's seconds: the page writes each with its unit, then lists them ("10 s and 20 s").
    warmupS: warmups.length > 0 ? warmups.map((w) => formatFigure(w, 'integer', locale)) : null,
    locale,
    checkpoint: design?.checkpointBeforeEach === true,
    // VACUUM (FREEZE, ANALYZE) before each measured run (runs from 2026-11-27), as the run's commands show.
    vacuum: (result.run.commands ?? []).some((c) => c.endsWith("-c 'VACUUM (FREEZE, ANALYZE)'")),
  };
}

/** What bounds the figures: the durability settings, checkpoints, storage, and pgbench on the same machine. */
function boundsOf(result, locale) {
  const target = result.environment.targets.find((t) => t.keySettings);
  if (!target) return null;
  const k = target.keySettings;
  const storage = target.storage;
  const longest = Math.max(0, ...result.cells.map((c) => (c.parameters.durationS ?? 0) + (c.parameters.warmupS ?? 0)));
  const timeoutS = settingSeconds(k.checkpoint_timeout);
  return {
    durable: k.fsync === 'on' && k.synchronous_commit === 'on',
    timeoutBeyondRuns: timeoutS !== null && longest > 0 && timeoutS > longest,
    checkpointsMeasured: checkpointsMeasured(result, locale),
    fsync: k.fsync ?? '?',
    synchronousCommit: k.synchronous_commit ?? '?',
    checkpointTimeout: k.checkpoint_timeout ?? '?',
    maxWalSize: k.max_wal_size ?? '?',
    ...walTrigger(k.max_wal_size, target.settings?.checkpoint_completion_target, locale),
    storage: storage?.device ? `${storage.device} (${storage.filesystem ?? '?'})` : null,
    sameMachine: result.environment.targets.every((t) => t.kind === 'embedded'),
    differing: differingSettings(result),
    cpus:
      result.environment.host.cpuCount === null
        ? '?'
        : formatFigure(result.environment.host.cpuCount, 'integer', locale),
  };
}

/**
 * In how many of the run's measured runs a checkpoint ended, from the counters the runner read around each
 * (cell.server); null for a run that did not record them, whose pages then say only what its settings allow.
 */
function checkpointsMeasured(result, locale) {
  const measured = result.cells.filter((c) => c.status === 'ok' && c.server);
  if (measured.length === 0) return null;
  const count = measured.filter((c) => c.server.checkpoints.timed + c.server.checkpoints.requested > 0).length;
  return {
    total: formatFigure(measured.length, 'integer', locale),
    count: count === 0 ? null : formatFigure(count, 'integer', locale),
  };
}

/**
 * About how much WAL since the last checkpoint requests the next: max_wal_size / (1 + checkpoint_completion_target)
 * (xlog.c's CalculateCheckpointSegments), in GB; the target as the server reported it, else its default, 0.9.
 */
function walTrigger(maxWalSize, completionTarget, locale) {
  const bytes = Number(/^(\d+)B$/.exec(settingValue('max_wal_size', maxWalSize ?? ''))?.[1]);
  const target = completionTarget === undefined ? 0.9 : Number(completionTarget);
  if (!(bytes > 0) || !(target >= 0)) return {walTrigger: null, completionTarget: null};
  return {
    walTrigger: formatFigure(bytes / (1 + target) / 1024 ** 3, 'size', locale),
    completionTarget: String(target),
  };
}

/** A time setting as current_setting() shows it ("30min", "5min", "300s", "1h", "1d") in seconds, or null. */
export function settingSeconds(text) {
  const m = /^(\d+)(ms|s|min|h|d)$/.exec(text ?? '');
  return m ? Number(m[1]) * {ms: 0.001, s: 1, min: 60, h: 3600, d: 86400}[m[2]] : null;
}

/**
 * Key settings that differ between the compared servers (a version's own
 * defaults, such as data checksums from PostgreSQL 18): each with its values
 * and the versions that had them (the targets, where every server is of one version). A setting a version lacks
 * counts as what it does there (io_method: sync before 18); one whose effect is unknown is left out.
 */
function differingSettings(result) {
  const targets = result.environment.targets.filter((t) => t.keySettings && !t.controlOf);
  const oneVersion = new Set(targets.map((t) => majorOf(result, t.id))).size === 1;
  const names = [...new Set(targets.flatMap((t) => Object.keys(t.keySettings)))].sort();
  return names
    .filter((name) => targets.every((t) => keySettingValue(t.keySettings, name) !== null))
    .map((name) => {
      const byValue = new Map();
      const byTarget = new Map();
      for (const t of targets) {
        const value = keySettingValue(t.keySettings, name);
        if (!byValue.has(value)) {
          byValue.set(value, []);
          byTarget.set(value, []);
        }
        // A version once per value, though two builds of it ran (15 at -Os and at -O2).
        if (!byValue.get(value).includes(majorOf(result, t.id))) byValue.get(value).push(majorOf(result, t.id));
        byTarget.get(value).push(t.id);
      }
      return {
        name,
        values: [...byValue].map(([value, versions]) => ({
          value,
          versions,
          // Servers of one version are named by their targets: the version alone would name them all.
          ...(oneVersion && {servers: byTarget.get(value)}),
        })),
      };
    })
    .filter((s) => s.values.length > 1);
}
