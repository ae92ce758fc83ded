// The pgbench command lines of a suite, as argument arrays (never shell strings,
// so nothing is split or expanded), and their rendering for people.

const BUILTIN_FLAG = {'tpcb-like': 'tpcb-like', 'simple-update': 'simple-update', 'select-only': 'select-only'};

/** pgbench -i for a target and scale. */
export const initArgs = (scale, connection) => ['-i', '-q', '-s', String(scale), ...connection.args];

/**
 * pgbench for one run of a cell (measured or warm-up). Progress (-P 1) is always
 * on: it is the time series of the charts.
 * @param {object} cell  from expandMatrix (or a warm-up made from it)
 * @param {object} connection
 * @param {object} [options]
 * @param {string|null} [options.logPrefix]  write per-transaction logs with this prefix
 * @param {string[]} [options.extra]  more options, before the connection's
 */
export function runArgs(cell, connection, {logPrefix = null, extra = []} = {}) {
  const {workloadSpec: workload, scenarioSpec: scenario} = cell;
  const vacuum = scenario.vacuum ?? Boolean(workload.builtin);
  return [
    ...(vacuum ? [] : ['-n']),
    '-c',
    String(cell.clients),
    '-j',
    String(Math.min(scenario.threads, cell.clients)),
    ...(cell.durationS !== null
      ? ['-T', String(Math.max(1, Math.round(cell.durationS)))]
      : ['-t', String(cell.transactionsPerClient)]),
    '-M',
    scenario.mode,
    '-P',
    '1',
    ...(workload.builtin
      ? ['-b', BUILTIN_FLAG[workload.builtin]]
      : ['-f', workload.weight ? `${workload.script}@${workload.weight}` : workload.script]),
    ...(logPrefix ? ['-l', '--log-prefix', logPrefix] : []),
    ...extra,
    ...connection.args,
  ];
}

/** PGOPTIONS for session settings: "-c name=value", spaces escaped as libpq wants. */
export function pgOptions(session) {
  return Object.entries(session)
    .map(([name, value]) => `-c ${name}=${String(value).replace(/\\/g, '\\\\').replace(/ /g, '\\ ')}`)
    .join(' ');
}

/** The environment a workload's session settings need: PGOPTIONS, or nothing. */
export const sessionEnv = (workload) =>
  Object.keys(workload.session).length > 0 ? {PGOPTIONS: pgOptions(workload.session)} : {};

const quote = (arg) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/**
 * A command as a person would type it: its session settings (PGOPTIONS) first, arguments quoted. The rest of its
 * environment (a password, an external target's libpq variables) is not the command's to show.
 */
export function renderCommand(argv, env = {}) {
  const prefix = Object.entries(env)
    .filter(([k]) => k === 'PGOPTIONS')
    .map(([k, v]) => `${k}=${quote(v)}`);
  return [...prefix, ...argv.map(quote)].join(' ');
}
