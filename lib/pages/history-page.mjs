// The data of the history page: per suite, its runs in results/ on each
// machine (lib/results/history.mjs), a chart per comparison group and metric
// with every run's median and 95% interval, and the steps between
// consecutive runs that bench compare OLD NEW finds better or worse, each
// linked to both runs. Only what the page shows is kept: the data grows with
// points, not with the size of the result files.
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {suiteHistory} from '../results/history.mjs';
import {fewestForInterval} from '../stats/shift.mjs';
import {LEVEL} from '../stats/level.mjs';
import {formatDate, formatDateTime} from './run-info.mjs';
import {dataSizeGb} from '../postgresbench/data-size.mjs';
import {targetName} from './target-name.mjs';
import {targetById} from '../model/targets.mjs';
import {PGBENCH_BUILTIN, PLANNER_CASE} from '../i18n/message-keys.mjs';
import {historyChart} from './history-charts.mjs';
import {countSteps, latestStep} from './history-steps.mjs';
import {listOf, listSeparator, separated} from '../i18n/list.mjs';
import {KEY_SETTINGS} from '../suites/like-for-like.mjs';

const GIB = 1024 ** 3;

/** A server as its run's pages name it: "PostgreSQL 15", or an A/A control as the second server of its twin. */
function serverName(t, result, target) {
  const spec = targetById(result, target);
  if (!spec?.serverVersion && !spec?.error) return target;
  const name = targetName(t, result, target);
  return spec.controlOf ? t('common.controlName', {name: targetName(t, result, spec.controlOf)}) : name;
}

/** The commands of the page's Kubernetes steps (the workflow needs none: it runs as it is). */
const K8S_COMMANDS = [
  'node scripts/bench.mjs k8s pg-versions --shards 4 --image registry.example/pg-bench-guide --out k8s/',
  'kubectl apply -f k8s/shards.yaml',
  'kubectl wait --for=condition=complete --timeout=24h job/<run>-shards   # <run>: see k8s/README.md',
  'kubectl apply -f k8s/merge.yaml',
].join('\n');

/** The order suites are listed in: those that feed published pages first, then by id. */
const bySuite = (a, b) => Number(b.published === true) - Number(a.published === true) || a.id.localeCompare(b.id);

/**
 * @param {object[]} results  every valid result in results/
 * @param {object[]} suites  loaded suites
 * @param {{locale: string, t: Function}} options
 */
export function historyPage(results, suites, {locale, t}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const byId = new Map(results.map((r) => [r.run.id, r]));
  // One colour and marker per server, as readers see it named, on every chart of the page (its first line; a later
  // line of the same server, after its settings changed, another), in the order servers first appear.
  const styles = new Map();
  const styleOf = (line) => {
    if (!styles.has(line)) styles.set(line, styles.size);
    return styles.get(line);
  };
  return {
    locale,
    level: unsignedPercent(LEVEL, locale),
    minRuns: formatFigure(fewestForInterval(LEVEL), 'integer', locale),
    k8s: K8S_COMMANDS,
    suites: [...suites].sort(bySuite).map((suite) => {
      const history = suiteHistory(results, suite.id);
      const runInfo = new Map(history.runs.map((r) => [r.id, r]));
      const newest = history.runs.at(-1);
      return {
        id: suite.id,
        runs: n(history.runs.length),
        count: history.runs.length,
        newest: newest ? formatDate(newest.startedAt, locale) : null,
        command: `npm run bench -- run ${suite.id}`,
        machines: distinctHeadings(
          history.machines.map((machine, m) =>
            machineData({machine, m, suite, runInfo, results: byId, styleOf, locale, t}),
          ),
        ),
      };
    }),
  };
}

/**
 * Machines whose heading (vCPUs, memory, CPU model) would read alike are told apart by their kernel
 * (`kernel`, else null): runs on them are never compared, so the reader must see that they differ.
 */
function distinctHeadings(machines) {
  const heading = (m) => `${m.host.cpus}\u0000${m.host.memoryGib}\u0000${m.host.cpuModel}`;
  const count = new Map();
  for (const m of machines) count.set(heading(m), (count.get(heading(m)) ?? 0) + 1);
  return machines.map((m) => ({...m, kernel: count.get(heading(m)) > 1 ? m.host.os.split(' (')[0] : null}));
}

/**
 * What differs between two lines of one server: its build, the settings that differ (by name), its file
 * system; as a list, or null when none is known to differ. A run records the settings it ran away from their
 * defaults, and every key setting (KEY_SETTINGS) it could read: a setting missing on one side was at its default
 * there, a change, but a key setting missing on one side was not read there (older files lack data_checksums),
 * and is said to be unrecorded, never changed.
 */
export function changedServer(older, newer, t, locale) {
  if (!older || !newer) return null;
  const parts = [];
  if (older.build !== newer.build) parts.push(t('history.changed.build'));
  // Each kind's message, its key written whole (the catalogs' checks find keys in the code).
  const how = {
    'history.changed.settings': [],
    'history.changed.recorded': [],
    'history.changed.unrecorded': [],
  };
  const known = (v) => v !== undefined && v !== null;
  for (const k of [...new Set([...Object.keys(older.settings), ...Object.keys(newer.settings)])].sort()) {
    const [a, b] = [older.settings[k], newer.settings[k]];
    if (a === b) continue;
    if ((known(a) && known(b)) || !KEY_SETTINGS.includes(k)) how['history.changed.settings'].push(k);
    else how[known(b) ? 'history.changed.recorded' : 'history.changed.unrecorded'].push(k);
  }
  for (const [key, names] of Object.entries(how))
    if (names.length > 0) parts.push(t(key, {settings: names.join(listSeparator(locale))}));
  if (older.filesystem !== newer.filesystem) parts.push(t('history.changed.filesystem'));
  // A run that recorded no method is a line of its own (lib/results/history.mjs).
  if (newer.method === null || newer.method === undefined) parts.push(t('history.changed.methodUnrecorded'));
  else if (older.method !== newer.method) parts.push(t('history.changed.method'));
  // Each part is a clause of its own (Chinese joins them with ；, not 和).
  return parts.length > 0 ? listOf(parts, locale, {clauses: true}) : null;
}

/** One machine's runs of a suite: its groups' charts, and the steps between runs found better or worse. */
function machineData({machine, m, suite, runInfo, results, styleOf, locale, t}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const runs = machine.runs.map((id) => runInfo.get(id));
  const position = new Map(runs.map((r, i) => [r.id, i + 1]));
  const first = formatDate(runs[0].startedAt, locale);
  const last = formatDate(runs.at(-1).startedAt, locale);
  // Runs of one day are said to be of that day, not "from November 23 to November 23".
  const credit = t(first === last ? 'image.creditRunsOneDay' : 'image.creditRuns', {
    site: t('site.title'),
    first,
    last,
  });
  const steps = {all: 0, worse: 0, better: 0, margins: new Set(), changes: []};
  const groups = machine.groups.map((unordered, g) => {
    const group = {...unordered, series: [...unordered.series].sort(bySeries(position))};
    const title = groupTitle(group, {t, locale});
    // Each line's names and its style, the same on every chart of the group.
    const lines = seriesLabels(group, {results, t, locale}).map((l) => ({...l, style: styleOf(l.key)}));
    countSteps(steps, group, {title, labels: lines.map((l) => l.label), runInfo, locale, t});
    const charts = group.metrics
      .filter((metric) => group.series.some((s) => s.points.some((p) => p[metric])))
      .map((metric) =>
        historyChart({
          id: `history-${suite.id}-${m + 1}-${g + 1}-${metric}`,
          group,
          metric,
          title,
          lines,
          position,
          runs,
          credit,
          locale,
          t,
        }),
      );
    return {title, charts};
  });
  const {host} = machine;
  return {
    fingerprint: machine.fingerprint,
    host: {
      cpuModel: host.cpuModel ?? '?',
      cpus: host.cpuCount === null ? '?' : n(host.cpuCount),
      memoryGib: host.memoryBytes === null ? '?' : n(host.memoryBytes / GIB),
      os: host.os ?? '?',
    },
    runs: n(runs.length),
    first,
    last,
    oneDay: first === last,
    steps: {all: n(steps.all), worse: n(steps.worse), better: n(steps.better), count: steps.all},
    latest: latestStep(machine, position, locale),
    margin: steps.margins.size === 1 ? unsignedPercent([...steps.margins][0], locale) : null,
    groups,
    changes: steps.changes.reverse(),
  };
}

/** Lines oldest version first, a version's A/A control after it, a line that started later after the earlier. */
function bySeries(position) {
  const start = (x) => position.get(x.points[0]?.run) ?? 0;
  return (a, b) =>
    (parseInt(a.version, 10) || 0) - (parseInt(b.version, 10) || 0) ||
    Number(Boolean(a.controlOf)) - Number(Boolean(b.controlOf)) ||
    start(a) - start(b) ||
    a.target.localeCompare(b.target);
}

/** A group's title: its workload, the data it ran on, its clients, and its run length or transactions. */
function groupTitle(group, {t, locale}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const p = group.parameters;
  const common = {
    // A built-in script as the Versions page names it (pgbench's name for one it does not); a planner case by its
    // name on the planner page.
    workload: p.builtin
      ? Object.hasOwn(PGBENCH_BUILTIN, p.builtin)
        ? t(PGBENCH_BUILTIN[p.builtin])
        : p.builtin
      : Object.hasOwn(PLANNER_CASE, group.workload)
        ? t(PLANNER_CASE[group.workload].short)
        : group.workload,
    // The data a group ran on: pgbench's tables at a scale, or (a custom script) tables it made itself.
    data: Number.isInteger(p.scale)
      ? t('history.data.scale', {scale: n(p.scale), size: formatFigure(dataSizeGb(p.scale), 'size', locale)})
      : t('history.data.own'),
    clients: n(group.clients),
  };
  return group.measure === 'instructions'
    ? t('history.groupInstructions', {...common, transactions: n(p.transactionsPerClient ?? 0)})
    : t('history.group', {...common, duration: n(p.durationS ?? 0)});
}

/**
 * Each line by the name its run's pages give its server, and its version; a line that starts anew (the
 * server's build or settings changed) says from which run on, and what changed.
 */
function seriesLabels(group, {results, t, locale}) {
  const before = new Map();
  const nth = new Map();
  return group.series.map((s) => {
    const previous = before.get(s.target);
    before.set(s.target, s);
    const first = results.get(s.points[0]?.run);
    const server = first ? serverName(t, first, s.target) : s.target;
    const named = s.version ? separated([server, s.version], locale) : server;
    // Its style's key: the server as readers see it named, and which of its lines this is.
    nth.set(named, (nth.get(named) ?? 0) + 1);
    const key = `${named}#${nth.get(named)}`;
    if (!previous) return {label: named, legend: named, key};
    const date = formatDateTime(first.run.startedAt, locale);
    const changed = changedServer(previous.server, s.server, t, locale);
    // The legend names the line and when it starts; what changed is in its full name (tooltips, table, steps).
    const legend = t('history.newLine', {series: named, date});
    return {label: changed ? t('history.newLineChanged', {series: named, date, changed}) : legend, legend, key};
  });
}

/** The History page: every run of every suite over time. */
export const page = {
  id: 'history',
  doc: 'history',
  label: 'site.nav.history',
  messages: [
    'common',
    'history',
    ...Object.values(PLANNER_CASE).map((keys) => keys.short),
    ...Object.values(PGBENCH_BUILTIN),
  ],
  build: ({content, locale, t}) => historyPage(content.results, content.suites, {locale, t}),
};
