// Reads one PostgresBench result file (github.com/ClickHouse/PostgresBench), in
// any layout the repository has used, into the services dataset's form
// (schemas/services.schema.json): every run kept, a field the file does not
// have left absent (never 0, never NaN), and every field the reader does not
// know kept under `other`, so nothing is lost. A value of the wrong type fails
// with the file, the field and what was expected.
//
// Layouts, oldest first: `benchmark.duration_seconds`, `proprietary` and
// `tags`, no `instance`, no p95/p99, sometimes no `postgres_version`; then an
// `instance` with `disk_gb`/`storage_type` (and a `label`); then
// `instance_storage`/`primary_storage` (free text or null); the newest add
// `cloud`, `region`, `ha`, `interval_seconds` and a per-run `timeseries`.

export class PostgresBenchError extends Error {}

const TYPES = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  array: Array.isArray,
  boolean: (v) => typeof v === 'boolean',
};
const EXPECTED = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  object: 'an object',
  array: 'a list',
  boolean: 'true or false',
};

/** A reader of one object's fields, which remembers the keys it read. */
function fields(object, at, file) {
  const read = new Set();
  const fail = (key, expected, value) => {
    throw new PostgresBenchError(
      `${file}: ${at}${key}: expected ${expected}, found ${JSON.stringify(value) ?? 'nothing'}. ` +
        'Correct the file (PostgresBench writes this field so) or leave it out of the import.',
    );
  };
  /**
   * The value at key, checked. `optional` leaves a missing key undefined, and a
   * null too (older files write null for what they did not measure: absent, not
   * 0); `nullable` keeps null where the layout gives it a meaning of its own.
   */
  function get(key, type, {optional = false, nullable = false} = {}) {
    read.add(key);
    const value = object[key];
    if (value === null && nullable) return null;
    if ((value === undefined || value === null) && optional) return undefined;
    if (!TYPES[type](value)) fail(key, `${EXPECTED[type]}${nullable ? ' or null' : ''}`, value);
    return value;
  }
  /** The keys not read, as they are (nothing is lost), or undefined. */
  const other = () => {
    const rest = Object.entries(object).filter(([k]) => !read.has(k));
    return rest.length === 0 ? undefined : Object.fromEntries(rest);
  };
  return {get, other, fail, path: (key) => `${at}${key}.`};
}

/** Drops the keys whose value is undefined. */
const defined = (object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));

/** "16vCPU, 64GB RAM" → {vcpus: 16, memoryGb: 64}, or null. */
export function parseMachine(text) {
  const m = /^\s*(\d+)\s*v?CPUs?\s*,\s*(\d+(?:\.\d+)?)\s*GB(?:\s*RAM)?\s*$/i.exec(text);
  return m ? {vcpus: Number(m[1]), memoryGb: Number(m[2])} : null;
}

/** "18.3 (Ubuntu 18.3-1.pgdg22.04+1)" → {text, major: 18, minor: 3}. */
export function parseVersion(text) {
  const m = /^\s*(\d+)(?:\.(\d+))?/.exec(text);
  return defined({text, major: m ? Number(m[1]) : undefined, minor: m?.[2] !== undefined ? Number(m[2]) : undefined});
}

/**
 * The service a file belongs to: its directory in the repository
 * ("rds/results/aws_rds_16cpu_64gb_34247.json" → "rds"), else the start of its
 * name before the machine ("neon_4cpu_16gb_6849.json" → "neon").
 */
export function serviceOf(filePath) {
  const parts = filePath.split('/').filter(Boolean);
  if (parts.length >= 2 && parts[0] !== 'results') return parts[0];
  const name = parts.at(-1).replace(/\.json$/, '');
  return /^(.+?)_\d+v?cpu_/i.exec(name)?.[1] ?? name;
}

/** Is this parsed JSON a PostgresBench result (by its content, not its name)? */
export const isPostgresBench = (json) =>
  TYPES.object(json) && TYPES.object(json.benchmark) && 'scale_factor' in json.benchmark && 'results' in json;

function readInstance(value, f, file) {
  const i = fields(value, f.path('instance'), file);
  return defined({
    type: i.get('type', 'string', {optional: true}),
    label: i.get('label', 'string', {optional: true}),
    vcpus: i.get('vcpus', 'integer', {optional: true}),
    memoryGb: i.get('ram_gb', 'number', {optional: true}),
    diskGb: i.get('disk_gb', 'number', {optional: true}),
    storageType: i.get('storage_type', 'string', {optional: true}),
    instanceStorage: i.get('instance_storage', 'string', {optional: true, nullable: true}),
    primaryStorage: i.get('primary_storage', 'string', {optional: true, nullable: true}),
    other: i.other(),
  });
}

function readHa(value, f, file) {
  const h = fields(value, f.path('ha'), file);
  const live = h.get('live_settings', 'object', {optional: true});
  return defined({
    label: h.get('label', 'string', {optional: true}),
    mode: h.get('mode', 'string', {optional: true}),
    standbys: h.get('standbys', 'integer', {optional: true}),
    liveSettings: live,
    other: h.other(),
  });
}

function readInterval(value, at, file) {
  const s = fields(value, at, file);
  return defined({
    interval: s.get('interval', 'integer', {optional: true}),
    elapsedS: s.get('elapsed_s', 'number'),
    tps: s.get('tps', 'number'),
    transactions: s.get('transactions', 'integer', {optional: true}),
    latencyAvgMs: s.get('latency_avg_ms', 'number', {optional: true}),
    latencyStddevMs: s.get('latency_stddev_ms', 'number', {optional: true}),
    p95Ms: s.get('latency_p95_ms', 'number', {optional: true}),
    p99Ms: s.get('latency_p99_ms', 'number', {optional: true}),
    other: s.other(),
  });
}

function readRun(value, at, file, {durationS, intervalS: benchmarkInterval}) {
  if (!TYPES.object(value)) fields({}, '', file).fail(at.slice(0, -1), EXPECTED.object, value);
  const r = fields(value, at, file);
  const intervalS = r.get('interval_seconds', 'number', {optional: true});
  const step = intervalS ?? benchmarkInterval;
  const series = r.get('timeseries', 'array', {optional: true});
  let timeseries;
  let partialTail;
  if (series) {
    const all = series.map((s, j) => {
      if (!TYPES.object(s)) r.fail(`timeseries[${j}]`, EXPECTED.object, s);
      return readInterval(s, `${at}timeseries[${j}].`, file);
    });
    // pgbench's last progress interval starts when the run ends: a partial tail of a few
    // hundred transactions that reads as a collapse. Kept apart, out of the series.
    const full = (s) => (step === undefined ? s.elapsedS < durationS : s.elapsedS + step <= durationS);
    timeseries = all.filter(full);
    const tail = all.filter((s) => !full(s));
    if (tail.length > 0) partialTail = tail;
  }
  return defined({
    run: r.get('run', 'integer'),
    tps: r.get('tps', 'number'),
    transactions: r.get('transactions', 'integer', {optional: true}),
    failed: r.get('failed_transactions', 'integer', {optional: true}),
    latencyAvgMs: r.get('latency_avg_ms', 'number', {optional: true}),
    latencyStddevMs: r.get('latency_stddev_ms', 'number', {optional: true}),
    connectionMs: r.get('initial_connection_time_ms', 'number', {optional: true}),
    p95Ms: r.get('latency_p95_ms', 'number', {optional: true}),
    p99Ms: r.get('latency_p99_ms', 'number', {optional: true}),
    intervalS,
    timeseries,
    partialTail,
    other: r.other(),
  });
}

/**
 * @param {unknown} json  the parsed file
 * @param {object} where
 * @param {string} where.file  as the user named it (for messages)
 * @param {string} where.path  the file's path in its repository (for its service and link)
 * @returns {object} one entry of a services dataset's `files`
 */
export function readPostgresBench(json, {file, path}) {
  if (!isPostgresBench(json)) {
    throw new PostgresBenchError(
      `${file}: not a PostgresBench result file: expected an object with "benchmark.scale_factor" and "results" ` +
        '(github.com/ClickHouse/PostgresBench, <service>/results/<file>.json).',
    );
  }
  const f = fields(json, '', file);
  const b = fields(f.get('benchmark', 'object'), 'benchmark.', file);
  const duration = b.get('duration', 'integer', {optional: true});
  const durationSeconds = b.get('duration_seconds', 'integer', {optional: true});
  const durationS = duration ?? durationSeconds;
  if (durationS === undefined) b.fail('duration', 'the run length in seconds ("duration" or "duration_seconds")');
  const benchmark = defined({
    tool: b.get('tool', 'string', {optional: true}),
    workload: b.get('workload', 'string', {optional: true}),
    scale: b.get('scale_factor', 'integer'),
    clients: b.get('clients', 'integer'),
    threads: b.get('threads', 'integer'),
    durationS,
    durationKey: duration === undefined ? 'duration_seconds' : undefined,
    queryMode: b.get('query_mode', 'string', {optional: true}),
    intervalS: b.get('interval_seconds', 'number', {optional: true}),
    other: b.other(),
  });
  const instanceValue = f.get('instance', 'object', {optional: true});
  const instance = instanceValue && readInstance(instanceValue, f, file);
  const machineText = f.get('machine', 'string', {optional: true});
  const parsedMachine = machineText === undefined ? null : parseMachine(machineText);
  const vcpus = instance?.vcpus ?? parsedMachine?.vcpus;
  const memoryGb = instance?.memoryGb ?? parsedMachine?.memoryGb;
  if (vcpus === undefined || memoryGb === undefined) {
    f.fail('machine', 'the machine as "<n>vCPU, <n>GB RAM", or "instance.vcpus" and "instance.ram_gb"', machineText);
  }
  const haValue = f.get('ha', 'object', {optional: true});
  const version = f.get('postgres_version', 'string', {optional: true});
  const loadValue = f.get('load', 'object', {optional: true});
  const load = loadValue && fields(loadValue, 'load.', file);
  const loadS = load?.get('load_time_seconds', 'number', {optional: true});
  const runs = f.get('results', 'array');
  if (runs.length === 0) f.fail('results', 'at least one run', runs);
  const entry = defined({
    path,
    service: serviceOf(path),
    system: f.get('system', 'string'),
    date: f.get('date', 'string', {optional: true}),
    machine: defined({text: machineText, vcpus, memoryGb}),
    instance,
    clusterSize: f.get('cluster_size', 'integer', {optional: true}),
    tuned: f.get('tuned', 'string', {optional: true}),
    comment: f.get('comment', 'string', {optional: true}),
    proprietary: f.get('proprietary', 'string', {optional: true}),
    tags: f.get('tags', 'array', {optional: true}),
    cloud: f.get('cloud', 'string', {optional: true}),
    region: f.get('region', 'string', {optional: true}),
    ha: haValue && readHa(haValue, f, file),
    postgresVersion: version === undefined ? undefined : parseVersion(version),
    benchmark,
    loadS,
    loadOther: load?.other(),
    runs: runs.map((r, i) => readRun(r, `results[${i}].`, file, benchmark)),
  });
  entry.other = f.other();
  if (entry.other === undefined) delete entry.other;
  return entry;
}
