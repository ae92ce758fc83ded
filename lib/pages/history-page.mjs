// The data of the history page: per suite, its runs in results/ on each
// machine (lib/results/history.mjs), a chart per comparison group and metric
// with every run's median and 95% interval, and the steps between
// consecutive runs that bench compare OLD NEW finds better or worse, each
// linked to both runs. Only what the page shows is kept: the data grows with
// points, not with the size of the result files.
import {lineChart} from '../charts/chart-spec.mjs';
import {comparisonText, unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {suiteHistory} from '../results/history.mjs';
import {fewestForInterval} from '../stats/shift.mjs';
import {LEVEL} from '../stats/level.mjs';
import {FIGURES} from '../results/cell-figures.mjs';
import {formatDate} from './run-info.mjs';
import {dataSizeGb} from '../postgresbench/data-size.mjs';
import {targetName} from './target-name.mjs';
import {HISTORY_CHART, PLANNER_CASE, messageKey} from '../i18n/message-keys.mjs';
import {listOf} from '../i18n/list.mjs';

const GIB = 1024 ** 3;

/** A server as its run's pages name it: "PostgreSQL 15", or an A/A control as the second server of its twin. */
function serverName(t, result, target) {
  const spec = result.environment.targets.find((x) => x.id === target);
  if (!spec?.serverVersion && !spec?.error) return target;
  const name = targetName(t, result, target);
  return spec.controlOf ? t('common.controlName', {name: targetName(t, result, spec.controlOf)}) : name;
}

/** The axis title of each figure a history follows. */
const Y_TITLES = {tps: 'common.tpsAxis', p95: 'common.msAxis', instructions: 'common.instructions.axis'};

/** The latency percentile a history follows (HISTORY_METRICS' p95). */
const PERCENTILE = 95;

/** At most this many dated ticks on a history chart's x axis, so that labels never collide on a phone. */
const MAX_X_TICKS = 4;

/** How far apart, in steps between runs, the first and last line of a chart are drawn within one run. */
const DODGE = 0.5;

/** The commands of the page's Kubernetes steps (the workflow needs none: it runs as it is). */
const K8S_COMMANDS = [
  'node scripts/bench.mjs k8s pg-versions --shards 4 --image registry.example/pg-bench-guide --out k8s/',
  'kubectl apply -f k8s/shards.yaml',
  'kubectl wait --for=condition=complete --timeout=24h job/<run>-shards   # <run>: see k8s/README.md',
  'kubectl apply -f k8s/merge.yaml',
].join('\n');

/** The order suites are listed in: those that feed published pages first, then by id. */
const bySuite = (a, b) => Number(b.published === true) - Number(a.published === true) || a.id.localeCompare(b.id);

/** A run's date and time, short, in UTC (several runs may fall on one day). */
const shortDate = (iso, locale) =>
  new Intl.DateTimeFormat(locale, {dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC'}).format(new Date(iso));

/**
 * At most MAX_X_TICKS ticks spread evenly over the runs a chart shows ([{x, startedAt}], in order), each
 * named by its run's date: a tick falls on a point, never beyond the chart's data.
 */
function runTicks(runs, locale) {
  const k = Math.min(runs.length, MAX_X_TICKS);
  const at =
    k === 1 ? [0] : [...new Set(Array.from({length: k}, (_, i) => Math.round((i * (runs.length - 1)) / (k - 1))))];
  // Runs a day apart are named by their date; several on one day, by date and time.
  const days = new Set(runs.map((r) => r.startedAt.slice(0, 10)));
  const name = days.size === runs.length ? formatDate : shortDate;
  return at.map((i) => ({value: runs[i].x, label: name(runs[i].startedAt, locale)}));
}

/**
 * @param {object[]} results  every valid result in results/
 * @param {object[]} suites  loaded suites
 * @param {{locale: string, t: Function}} options
 */
export function historyPage(results, suites, {locale, t}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const byId = new Map(results.map((r) => [r.run.id, r]));
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
          history.machines.map((machine, m) => machineData({machine, m, suite, runInfo, results: byId, locale, t})),
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
 * system; as a list, or null when none is known to differ.
 */
function changedServer(older, newer, t, locale) {
  if (!older || !newer) return null;
  const parts = [];
  if (older.build !== newer.build) parts.push(t('history.changed.build'));
  const names = [...new Set([...Object.keys(older.settings), ...Object.keys(newer.settings)])].filter(
    (k) => older.settings[k] !== newer.settings[k],
  );
  if (names.length > 0) parts.push(t('history.changed.settings', {settings: names.sort().join(', ')}));
  if (older.filesystem !== newer.filesystem) parts.push(t('history.changed.filesystem'));
  return parts.length > 0 ? listOf(parts, locale) : null;
}

function machineData({machine, m, suite, runInfo, results, locale, t}) {
  const n = (v) => formatFigure(v, 'integer', locale);
  const runs = machine.runs.map((id) => runInfo.get(id));
  const position = new Map(runs.map((r, i) => [r.id, i + 1]));
  const credit = t('image.creditRuns', {
    site: t('site.title'),
    first: formatDate(runs[0].startedAt, locale),
    last: formatDate(runs.at(-1).startedAt, locale),
  });
  const link = (id) => ({
    id,
    date: shortDate(runInfo.get(id).startedAt, locale),
    json: `/data/${id}.json`,
    runs: `/runs#${id}`,
  });
  const margins = new Set();
  const steps = {all: 0, worse: 0, better: 0};
  const changes = [];
  // Lines oldest version first, a version's A/A control after it, a line that started later after the earlier.
  const start = (x) => position.get(x.points[0]?.run) ?? 0;
  const bySeries = (a, b) =>
    (parseInt(a.version, 10) || 0) - (parseInt(b.version, 10) || 0) ||
    Number(Boolean(a.controlOf)) - Number(Boolean(b.controlOf)) ||
    start(a) - start(b) ||
    a.target.localeCompare(b.target);
  // One colour and marker per line on all of this machine's charts, in the order lines first appear.
  const styles = new Map();
  const styleOf = (label) => {
    if (!styles.has(label)) styles.set(label, styles.size);
    return styles.get(label);
  };
  const groups = machine.groups.map((unordered, g) => {
    const group = {...unordered, series: [...unordered.series].sort(bySeries)};
    const p = group.parameters;
    const common = {
      // pgbench's own name for a built-in script; a planner case by its name on the planner page.
      workload:
        p.builtin ??
        (Object.hasOwn(PLANNER_CASE, group.workload) ? t(PLANNER_CASE[group.workload].short) : group.workload),
      // The data a group ran on: pgbench's tables at a scale, or (a custom script) tables it made itself.
      data: Number.isInteger(p.scale)
        ? t('history.data.scale', {scale: n(p.scale), size: formatFigure(dataSizeGb(p.scale), 'size', locale)})
        : t('history.data.own'),
      clients: n(group.clients),
    };
    const title =
      group.measure === 'instructions'
        ? t('history.groupInstructions', {...common, transactions: n(p.transactionsPerClient ?? 0)})
        : t('history.group', {...common, duration: n(p.durationS ?? 0)});
    // Each line by the name its run's pages give its server, and its version; a line that starts anew (the
    // server's build or settings changed) says from which run on.
    const before = new Map();
    const labels = group.series.map((s) => {
      const previous = before.get(s.target);
      before.set(s.target, s);
      const first = results.get(s.points[0]?.run);
      const server = first ? serverName(t, first, s.target) : s.target;
      const named = s.version ? `${server} · ${s.version}` : server;
      if (!previous) return named;
      const date = shortDate(first.run.startedAt, locale);
      const changed = changedServer(previous.server, s.server, t, locale);
      return changed
        ? t('history.newLineChanged', {series: named, date, changed})
        : t('history.newLine', {series: named, date});
    });
    for (const [i, s] of group.series.entries()) {
      for (const c of s.changes) {
        steps.all++;
        margins.add(c.margin);
        if (c.verdict !== 'worse' && c.verdict !== 'better') continue;
        steps[c.verdict]++;
        // Written to the precision the step's interval supports.
        const text = comparisonText(c, locale);
        changes.push({
          group: title,
          series: labels[i],
          metric: c.metric,
          percentile: n(PERCENTILE),
          verdict: c.verdict,
          change: text.changeText,
          low: text.lowText,
          high: text.highText,
          p: text.pText,
          runs: n(c.n),
          older: link(c.older),
          newer: link(c.newer),
        });
      }
    }
    const charts = group.metrics
      .filter((metric) => group.series.some((s) => s.points.some((p) => p[metric])))
      .map((metric) => {
        const {kind} = FIGURES[metric];
        const value = (v) => formatFigure(v, kind, locale);
        // Lines side by side within a run's slot (at most DODGE of a step apart in all), so that points of
        // one run never hide each other; a line's points stay in line from run to run.
        const k = group.series.length;
        const dodge = (i) => (k < 2 ? 0 : DODGE * (i / (k - 1) - 0.5));
        const series = group.series
          .map((s, i) => ({
            label: labels[i],
            style: styleOf(labels[i]),
            points: s.points
              .filter((p) => p[metric])
              .map((p) => {
                const {median, low, high, n: repeats} = p[metric];
                const interval = low === null ? null : `${value(low)}–${value(high)}`;
                return {
                  x: position.get(p.run) + dodge(i),
                  slot: position.get(p.run),
                  y: median,
                  ...(low !== null && {low, high}),
                  xText: shortDate(runInfo.get(p.run).startedAt, locale),
                  text: value(median),
                  ...(interval && {spread: interval}),
                  tooltip: interval
                    ? t('history.tooltip', {value: value(median), low: value(low), high: value(high), run: p.run})
                    : t('history.tooltipTooFew', {value: value(median), runs: n(repeats), run: p.run}),
                };
              }),
          }))
          .filter((s) => s.points.length > 0);
        const shown = [...new Set(series.flatMap((x) => x.points.map((pt) => Math.round(pt.x))))].sort((a, b) => a - b);
        const ticks = runTicks(
          shown.map((x) => ({x, startedAt: runs[x - 1].startedAt})),
          locale,
        );
        const id = `history-${suite.id}-${m + 1}-${g + 1}-${metric}`;
        return lineChart({
          id,
          locale,
          image: `/charts/${id}.png`,
          credit,
          title: t(messageKey(HISTORY_CHART, metric, 'HISTORY_CHART'), {
            group: title,
            percentile: t('common.percentile', {p: n(PERCENTILE)}),
          }),
          xTitle: t('history.runsAxis'),
          yTitle: t(Y_TITLES[metric]),
          xKind: 'integer',
          yKind: kind,
          series,
          markers: true,
          xTicks: ticks,
          // Instructions are decided within a margin of a percent or two: drawn from zero, every step would
          // look flat. Timed figures, whose margins are wider, keep their zero.
          yFromZero: metric !== 'instructions',
        });
      });
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
    first: formatDate(runs[0].startedAt, locale),
    last: formatDate(runs.at(-1).startedAt, locale),
    steps: {all: n(steps.all), worse: n(steps.worse), better: n(steps.better), count: steps.all},
    margin: margins.size === 1 ? unsignedPercent([...margins][0], locale) : null,
    groups,
    changes: changes.reverse(),
  };
}

/** The History page: every run of every suite over time. */
export const page = {
  id: 'history',
  doc: 'history',
  label: 'site.nav.history',
  messages: ['common', 'history', ...Object.values(PLANNER_CASE).map((keys) => keys.short)],
  build: ({content, locale, t}) => historyPage(content.results, content.suites, {locale, t}),
};
