// Writes a run of ours in PostgresBench's own result layout (the one of its
// snapshot in datasets/postgresbench/source/), one file per target and
// scenario, so that it can be contributed upstream: the runs are the cell's
// repeats, p95/p99 come from the per-transaction log (nearest rank, as
// PostgresBench computes them), the load time from pgbench -i. A figure the
// run did not measure is left out, never written as 0.
//
// The machine a file names is the database server's: given by the caller, or,
// when the server ran on the machine that ran pgbench (result target
// `sameHost`), that machine's.

const GIB = 2 ** 30;

/** The database machine of a target: the caller's description, else the host's when the server ran there. */
function serverMachine(result, target, given = {}) {
  const host = result.environment.host;
  const onHost = target.sameHost === true || target.kind === 'embedded';
  const vcpus = given.vcpus ?? (onHost ? host.cpuCount : null);
  const memoryGb = given.memoryGb ?? (onHost && host.memoryBytes ? Math.round(host.memoryBytes / GIB) : null);
  if (!vcpus || !memoryGb) return null;
  return {
    vcpus,
    memoryGb,
    type: given.type ?? (onHost ? 'local' : 'unknown'),
    sharedWithClient: given.vcpus === undefined && onHost,
  };
}

const byRepeat = (a, b) => a.repeat - b.repeat;
const round3 = (v) => Math.round(v * 1000) / 1000;

/** One run of PostgresBench's `results`, from one ok cell. */
function runOf(cell, index) {
  const s = cell.summary;
  const latency = cell.log?.latencyUs;
  const run = {run: index + 1, tps: s.tps};
  if (s.processed !== undefined) run.transactions = s.processed;
  run.failed_transactions = s.failed ?? 0;
  if (typeof s.latencyAvgMs === 'number') run.latency_avg_ms = s.latencyAvgMs;
  if (typeof s.latencyStddevMs === 'number') run.latency_stddev_ms = s.latencyStddevMs;
  if (typeof s.initialConnectionMs === 'number') run.initial_connection_time_ms = s.initialConnectionMs;
  if (latency) {
    run.latency_p95_ms = round3(latency.p95 / 1000);
    run.latency_p99_ms = round3(latency.p99 / 1000);
  }
  return run;
}

/** The file name PostgresBench gives: <service>_<vcpus>cpu_<ram>gb_<scale>.json in <service>/results/. */
const exportPath = (service, machine, scale) =>
  `${service}/results/${service}_${machine.vcpus}cpu_${machine.memoryGb}gb_${scale}.json`;

/**
 * @param {object} result  a valid result file (of the postgresbench suite, or any with built-in TPC-B cells)
 * @param {object} options
 * @param {string} options.system  the service's display name
 * @param {string} options.service  its id: the folder the files go to
 * @param {object} [options.machine]  {vcpus, memoryGb, type}: the server's, when it did not run on this host
 * @param {object} [options.storage]  {instanceStorage, primaryStorage}: free text, null when not applicable
 * @param {string} [options.comment]  default: says which run of ours it is, and what was shortened
 * @returns {{path: string, target: string, scenario: string, json: object}[]}
 */
export function toPostgresBench(result, {system, service, machine: given = {}, storage = {}, comment} = {}) {
  if (!system || !service) throw new Error('Name the service: its display name (system) and its id (service).');
  const groups = new Map();
  for (const cell of result.cells) {
    if (cell.status !== 'ok' || cell.parameters.builtin !== 'tpcb-like') continue;
    const key = `${cell.target}\u0000${cell.scenario}\u0000${cell.parameters.clients}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(cell);
  }
  if (groups.size === 0) {
    throw new Error(
      `${result.run.id} has no finished TPC-B-like cells (pgbench's built-in script) ` +
        "to write in PostgresBench's layout.",
    );
  }
  const overrides = result.run.overrides ?? {};
  const shortened = Object.keys(overrides).filter((k) => k !== 'only');
  const note =
    comment ??
    `Run ${result.run.id} of pg-bench-guide's ${result.run.suite ?? 'import'}` +
      (shortened.length > 0 ? `, shortened (${shortened.map((k) => `${k} ${overrides[k]}`).join(', ')})` : '');
  const files = [...groups.values()].map((cells) => {
    cells.sort(byRepeat);
    const [first] = cells;
    const target = result.environment.targets.find((t) => t.id === first.target);
    const machine = serverMachine(result, target, given);
    if (!machine) {
      throw new Error(
        `${result.run.id}: target ${first.target} is a server elsewhere, and the result does not say its machine: ` +
          'give its vCPUs and memory (--vcpus N --ram-gb N).',
      );
    }
    const p = first.parameters;
    const init = (result.preparations ?? []).find(
      (x) => x.target === first.target && x.kind === 'init' && x.scale === p.scale,
    );
    const loadS = init?.durationS ?? init?.init?.totalS;
    const json = {
      system,
      date: (first.startedAt ?? result.run.startedAt).slice(0, 10),
      instance: {
        type: machine.type,
        vcpus: machine.vcpus,
        ram_gb: machine.memoryGb,
        instance_storage: storage.instanceStorage ?? null,
        primary_storage: storage.primaryStorage ?? null,
      },
      machine: `${machine.vcpus}vCPU, ${machine.memoryGb}GB RAM`,
      cluster_size: 1,
      tuned: 'no',
      comment: note,
      ...(target.serverVersion && {postgres_version: target.serverVersion}),
      benchmark: {
        tool: 'pgbench',
        workload: 'TPC-B (built-in)',
        scale_factor: p.scale,
        clients: p.clients,
        threads: p.threads,
        duration: p.durationS,
        query_mode: p.mode ?? 'simple',
      },
      ...(typeof loadS === 'number' && {load: {load_time_seconds: loadS}}),
      results: cells.map(runOf),
    };
    const file = {path: exportPath(service, machine, p.scale), target: first.target, scenario: first.scenario, json};
    return {...file, clients: p.clients};
  });
  // PostgresBench names a file by service, machine and scale; runs of several targets, scenarios or client
  // counts share those, so each such file's name adds what sets it apart (ids are letters, digits, . _ -).
  const count = new Map();
  for (const f of files) count.set(f.path, (count.get(f.path) ?? 0) + 1);
  return files.map(({clients, ...f}) =>
    count.get(f.path) === 1
      ? f
      : {...f, path: f.path.replace(/\.json$/, `_${f.target}_${f.scenario}_${clients}c.json`)},
  );
}
