// The data of the Managed services page, for one locale: every imported
// PostgresBench file as a row (its runs, machine, data size, instance and
// storage, and a link to the file at its commit), the rows of our own newest
// postgresbench run beside them (written in PostgresBench's layout and read
// back, the same path an export and a re-import take), the default comparison
// for readers without JavaScript, and the full table of every file and run.
import {dataSizeGb} from '../postgresbench/data-size.mjs';
import {toPostgresBench} from '../postgresbench/export-postgresbench.mjs';
import {readPostgresBench} from '../postgresbench/read-postgresbench.mjs';
import {pairwiseP} from '../model/comparisons.mjs';
import {
  comparisonView,
  defaultState,
  machinesOf,
  SERVICE_METRICS,
  servicesOf,
  valuesOf,
} from '../postgresbench/services-view.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {formatDate} from './run-info.mjs';

const RUN_FIELDS = ['tps', 'latencyAvgMs', 'latencyStddevMs', 'p95Ms', 'p99Ms', 'connectionMs'];

/** A file's storage, as the file describes it, in one line (null when it says none). */
function storageOf(instance = {}) {
  const parts = [
    instance.diskGb !== undefined && `${instance.diskGb} GB`,
    instance.storageType,
    instance.instanceStorage,
    instance.primaryStorage,
  ].filter((p) => typeof p === 'string' && p.trim() !== '');
  return parts.length === 0 ? null : parts.map((p) => p.trim()).join(' · ');
}

/** A product named as its maker writes it: some of PostgresBench's files spell ClickHouse "Clickhouse". */
const SPELLINGS = [[/\bClickhouse\b/g, 'ClickHouse']];
export const asSpelled = (name) => SPELLINGS.reduce((text, [wrong, right]) => text.replace(wrong, right), name);

/** One row of the page from one file of the services dataset. */
function rowOf(file, {url, measuredHere = null}) {
  const runs = {};
  for (const field of RUN_FIELDS) {
    const values = file.runs.map((r) => r[field]);
    if (values.every((v) => typeof v === 'number')) runs[field] = values;
  }
  return {
    id: measuredHere ? `here:${measuredHere.runId}:${file.path}` : file.path,
    service: file.service,
    system: asSpelled(file.system),
    path: file.path,
    url,
    date: file.date ?? null,
    vcpus: file.machine.vcpus,
    memoryGb: file.machine.memoryGb,
    scale: file.benchmark.scale,
    sizeGb: dataSizeGb(file.benchmark.scale),
    clients: file.benchmark.clients,
    threads: file.benchmark.threads,
    durationS: file.benchmark.durationS,
    instanceType: file.instance?.type ?? null,
    label: file.instance?.label ?? null,
    storage: storageOf(file.instance),
    version: file.postgresVersion?.text ?? null,
    ...(file.loadS !== undefined && {loadS: file.loadS}),
    runCount: file.runs.length,
    runs,
    ...(measuredHere && {measuredHere}),
  };
}

/** Our newest run of the postgresbench suite, as PostgresBench rows (none when there is no run). */
function ownRows(result) {
  if (!result) return [];
  const files = toPostgresBench(result, {system: 'PostgreSQL (measured here)', service: 'measured-here'});
  return files.map((f) => {
    const file = readPostgresBench(f.json, {file: result.run.id, path: f.path});
    const target = result.environment.targets.find((t) => t.id === f.target);
    return rowOf(
      // The server as readers know it (its version); the page says the row is ours (ServicesNotes' systemName).
      {...file, system: `PostgreSQL ${target.serverVersion ?? target.version ?? ''}`.trim()},
      {
        url: `/data/${result.run.id}.json`,
        measuredHere: {
          runId: result.run.id,
          target: f.target,
          sharedWithClient: target.sameHost === true,
          shortened: Object.keys(result.run.overrides ?? {}).some((k) => k !== 'only'),
        },
      },
    );
  });
}

/** The rows' numbers formatted for the locale: the table of every file and every run. */
function fullTable(rows, locale) {
  const fmt = (v, kind) => (v === undefined ? null : formatFigure(v, kind, locale));
  return rows.map((r) => ({
    id: r.id,
    runs: Array.from({length: r.runCount}, (_, i) => ({
      run: formatFigure(i + 1, 'integer', locale),
      tps: fmt(r.runs.tps?.[i], 'tps'),
      latency: fmt(r.runs.latencyAvgMs?.[i], 'ms'),
      stddev: fmt(r.runs.latencyStddevMs?.[i], 'ms'),
      p95: fmt(r.runs.p95Ms?.[i], 'ms'),
      p99: fmt(r.runs.p99Ms?.[i], 'ms'),
      connection: fmt(r.runs.connectionMs?.[i], 'ms'),
    })),
    load: r.loadS === undefined ? null : fmt(r.loadS, 'ms'),
  }));
}

/** The commands that reproduce PostgresBench's runs with our suite, from the suite itself. */
function commandsOf(suite) {
  if (!suite) return [];
  return suite.scenarios.map((s) => ({
    scenario: s.id,
    init: `pgbench -i -s ${s.scale}`,
    run: `pgbench -c ${s.clients[0]} -j ${s.threads} -T ${s.durationS} -M ${s.mode} -b tpcb-like -l`,
    bench: `node scripts/bench.mjs run ${suite.id} --only scenario=${s.id}`,
  }));
}

/** pgbench's parameters, when every imported file used the same (else null): what the method sentence states. */
function commonParameters(files, locale) {
  const one = (pick) => {
    const values = new Set(files.map(pick));
    return values.size === 1 ? [...values][0] : undefined;
  };
  const params = {
    clients: one((f) => f.benchmark.clients),
    threads: one((f) => f.benchmark.threads),
    durationS: one((f) => f.benchmark.durationS),
    runs: one((f) => f.runs.length),
    mode: one((f) => f.benchmark.queryMode),
  };
  if (Object.values(params).some((v) => v === undefined)) return null;
  const int = (v) => formatFigure(v, 'integer', locale);
  return {
    clients: int(params.clients),
    threads: int(params.threads),
    duration: int(params.durationS),
    runs: int(params.runs),
    mode: params.mode,
  };
}

/**
 * @param {object} dataset  a services dataset (schemas/services.schema.json)
 * @param {object} options
 * @param {string} options.locale
 * @param {object|null} options.run  our newest postgresbench run, or null
 * @param {object|null} options.suite  the postgresbench suite, for the commands
 */
export function servicesPage(dataset, {locale, run = null, suite = null}) {
  const {repository, commit} = dataset.source;
  const blob = (p) => (repository && commit ? `https://github.com/${repository}/blob/${commit}/${p}` : null);
  const rows = [...dataset.files.map((f) => rowOf(f, {url: blob(f.path)})), ...ownRows(run)];
  const state = defaultState(rows);
  const pValues = pValuesOf(rows);
  const int = (v) => formatFigure(v, 'integer', locale);
  const dates = dataset.files
    .map((f) => f.date)
    .filter(Boolean)
    .sort();
  return {
    locale,
    source: {
      repository,
      commit,
      shortCommit: commit?.slice(0, 7) ?? null,
      license: dataset.source.license ?? null,
      url: repository ? `https://github.com/${repository}${commit ? `/tree/${commit}` : ''}` : null,
      files: int(dataset.files.length),
      runs: int(dataset.files.reduce((n, f) => n + f.runs.length, 0)),
      // Written as the locale writes a date, as every page's are (they were ISO: 2026-03-11).
      firstDate: dates.length > 0 ? formatDate(dates[0], locale) : null,
      lastDate: dates.length > 0 ? formatDate(dates.at(-1), locale) : null,
    },
    params: commonParameters(dataset.files, locale),
    rows,
    texts: Object.fromEntries(
      rows.map((r) => [
        r.id,
        {
          date: r.date ? formatDate(r.date, locale) : null,
          vcpus: int(r.vcpus),
          memoryGb: int(r.memoryGb),
          size: formatFigure(r.sizeGb, 'ms', locale),
          scale: int(r.scale),
          clients: int(r.clients),
          threads: int(r.threads),
          durationS: int(r.durationS),
          runCount: int(r.runCount),
        },
      ]),
    ),
    machines: machinesOf(rows).map((m) => ({
      ...m,
      text: int(m.vcpus),
      memoriesText: m.memories.map(int),
      sizesText: m.sizes.map((s) => formatFigure(s, 'ms', locale)),
    })),
    services: servicesOf(rows),
    metrics: SERVICE_METRICS.map((m) => m.id),
    defaultState: state,
    defaultView: comparisonView(rows, state, locale, pValues),
    pValues,
    table: fullTable(rows, locale),
    commands: commandsOf(suite),
    ownRun: run ? {id: run.run.id} : null,
  };
}

/**
 * The p of every two rows a reader can put side by side (one machine and data size), per metric, decided at build
 * time (lib/model/comparisons.mjs) and looked up by pKey as the reader chooses.
 */
export function pValuesOf(rows) {
  const sets = {};
  for (const metric of SERVICE_METRICS) {
    for (const r of rows) {
      const set = [metric.id, r.vcpus, r.sizeGb].join('\n');
      (sets[set] ??= new Map()).set(r.id, valuesOf(r, metric));
    }
  }
  // Keyed by metric and rows only: the two rows of a pair share their machine and size.
  return Object.fromEntries(
    Object.entries(pairwiseP(sets)).map(([key, p]) => {
      const [metric, , , a, b] = key.split('\n');
      return [[metric, a, b].join('\n'), p];
    }),
  );
}

/** The Managed services page, from PostgresBench's files and our newest postgresbench run. */
export const page = {
  id: 'services',
  doc: 'services',
  label: 'site.nav.services',
  messages: ['services'],
  build: ({locale, services, newestRun, suite}) =>
    servicesPage(services(), {locale, run: newestRun('postgresbench'), suite: suite('postgresbench')}),
};
