// --dry-run: every command of a run, in the order the run would execute them.
import {lengthText, sizeText} from '../../lib/suites/run-estimate.mjs';
import {embeddedConnection, superuserConnection} from './connection.mjs';
import {planServer} from './plan-server.mjs';
import {initArgs, renderCommand, runArgs, sessionEnv} from './pgbench-commands.mjs';
import {describeCommands} from './psql.mjs';
import {watchCommand, watchedNames} from './settings-watch.mjs';
import {RUNNER_SCHEMA, SUITE_ROLE, suiteRoleSql} from './suite-role.mjs';
import {
  beforeEachRun,
  cellSeeds,
  instructionRunArgs,
  PREWARM_SQL,
  runLengths,
  warmUpTransactions,
} from './instruction-commands.mjs';
import {MARK_SQL} from './other-processes.mjs';
import {keepCommands, restoreCommand} from './pristine-data.mjs';
import {
  CHECKPOINT_SQL,
  explainedQuery,
  explainSql,
  runSteps,
  setupCommand,
  statementsRunArgs,
  warmupOf,
} from './run-steps.mjs';
import {SETTLE_SQL} from './server-activity.mjs';

const STATEMENTS_LINE = "# each statement's latency, in a run of its own (-r mis-times runs: schemas/result.md)";

/**
 * What --dry-run says before the commands: how long the run should take and the temporary disk its servers
 * need, every SQL file it runs, and what of it reaches beyond the database (a suite with shell: true).
 */
export function suiteLines(suite, estimate, tmp) {
  const counted = estimate.countedCells
    ? `, plus ${estimate.countedCells} cells counted in transactions (their length depends on the server)`
    : '';
  const n = estimate.targets.length;
  const disk = n
    ? `temporary disk in ${tmp}: about ${sizeText(estimate.bytes)} for the data of the ${n} ` +
      `server${n === 1 ? '' : 's'} the runner starts, kept to the end, and WAL up to ` +
      `${sizeText(estimate.walBytes)} (max_wal_size) during a run`
    : 'no temporary disk (no server the runner starts)';
  const lines = [`# estimate: about ${lengthText(estimate.seconds)}${counted}; ${disk}`];
  if ((suite.sqlFiles ?? []).length === 0) lines.push('# SQL files: none (built-in workloads only)');
  for (const f of suite.sqlFiles ?? []) {
    const by = f.includedBy ? `, included by ${f.includedBy}` : '';
    lines.push(`# SQL file: ${f.file} (${f.dialect === 'psql' ? 'psql' : 'pgbench'}, workload ${f.workload}${by})`);
  }
  if (suite.shell) {
    lines.push(`# shell: true: this suite's SQL runs commands or reaches files on this machine:`);
    for (const u of suite.shellUses) lines.push(`#   ${u.file}:${u.line}: ${u.what}`);
  }
  return lines;
}

/** A placeholder connection for a target that is not reached in a dry run (as the suite's role, suite-role.mjs). */
function plannedConnection(target, shell) {
  if (target.kind === 'embedded') {
    const server = {host: '127.0.0.1', port: '<port>', user: 'bench', database: 'postgres'};
    const admin = superuserConnection(server);
    return {...embeddedConnection(shell ? server : {...server, user: SUITE_ROLE}), admin};
  }
  return {
    args: [`<URL from $${target.urlVariable}, password removed>`],
    psqlArgs: ['-d', `<URL from $${target.urlVariable}, password removed>`],
    env: {},
  };
}

/**
 * An instructions cell: the database kept (once per data set and target), then its two runs, each on the kept
 * database put back, prewarmed, warmed up, after pgbench's vacuum (by psql) and CHECKPOINT.
 */
function instructionLines(cell, connection, env, kept) {
  const seeds = cellSeeds(cell.repeat);
  const psqlLine = (args, as = connection) =>
    renderCommand(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...as.psqlArgs, ...args]);
  const admin = connection.admin ?? connection;
  const major = cell.targetSpec.major;
  const keep = [];
  if (!kept.has(cell.target)) {
    keep.push(`# ${cell.target}: the database kept, for every run to start from`);
    keep.push(...keepCommands(connection, major).map((c) => renderCommand(c.argv)));
    kept.add(cell.target);
  }
  const [short, long] = runLengths(cell);
  const warmUp = renderCommand(
    ['pgbench', ...instructionRunArgs(cell, warmUpTransactions(cell), connection, seeds.warmUp)],
    env,
  );
  // Each run between two marks of the other processes' counts, the second after a CHECKPOINT.
  const run = (transactions, randomSeed) => [
    renderCommand(restoreCommand(connection, major).argv),
    psqlLine(['-A', '-t', '-c', PREWARM_SQL], admin),
    `# ${cell.id}: warm-up, not counted`,
    warmUp,
    psqlLine(['-c', SETTLE_SQL], admin),
    psqlLine(beforeEachRun(cell)),
    psqlLine(['-c', MARK_SQL], admin),
    STATS_LINE,
    renderCommand(['pgbench', ...instructionRunArgs(cell, transactions, connection, randomSeed)], env),
    STATS_LINE,
    psqlLine(['-c', CHECKPOINT_SQL]),
    psqlLine(['-c', MARK_SQL], admin),
  ];
  return [
    ...keep,
    `# ${cell.id}: round ${cell.round}, position ${cell.position}`,
    ...run(short, seeds.short),
    ...run(long, seeds.long),
  ];
}

/** Where the run reads the server's counters (server-activity.mjs): one query, by version. */
const STATS_LINE =
  "# the server's counters: pg_stat_wal, pg_stat_checkpointer or pg_stat_bgwriter, pg_stat_io, pg_stat_database";

/** The read-back of the settings the run compares (settings-watch.mjs). */
const watchLine = (target, connection) => renderCommand(watchCommand(connection, watchedNames(target)));

/**
 * seed: the run's, for an instructions run (its cells' random seed); null for a timed run.
 * kept: the targets whose data set an instructions run has kept (pristine-data.mjs) since it last changed.
 */
function stepLines(step, connection, seed = null, kept = new Set()) {
  if (step.type === 'init') {
    kept.delete(step.target.id);
    return [renderCommand(['pgbench', ...initArgs(step.scale, connection)])];
  }
  if (step.type === 'prepare') {
    const {workload} = step;
    const env = sessionEnv(workload);
    // A setup runs on the kept data set put back, and the data set is kept anew (execute-steps.mjs).
    const restore =
      workload.setup && kept.has(step.target.id)
        ? [renderCommand(restoreCommand(connection, step.target.major).argv)]
        : [];
    if (workload.setup) kept.delete(step.target.id);
    return [
      ...restore,
      ...(workload.setup
        ? [renderCommand(setupCommand(workload, connection)), watchLine(step.target, connection)]
        : []),
      ...workload.explain.map(({file}) =>
        renderCommand(['psql', ...connection.psqlArgs, '-c', explainSql(explainedQuery(file))], env),
      ),
    ];
  }
  const {cell} = step;
  const env = sessionEnv(cell.workloadSpec);
  if (seed !== null) return [...instructionLines(cell, connection, env, kept), watchLine(cell.targetSpec, connection)];
  const logPrefix = cell.scenarioSpec.log ? '<tmp>/pgbench_log' : null;
  const admin = connection.admin ?? connection;
  const settle = (sql, args = ['-c', sql]) =>
    renderCommand(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, ...args]);
  return [
    `# ${cell.id}: round ${cell.round}, position ${cell.position}`,
    ...(connection.admin ? [settle('', ['-A', '-t', '-c', PREWARM_SQL])] : []),
    ...(cell.scenarioSpec.warmupS > 0 ? [renderCommand(['pgbench', ...runArgs(warmupOf(cell), connection)], env)] : []),
    settle(SETTLE_SQL),
    settle(CHECKPOINT_SQL),
    STATS_LINE,
    "# beside the run: its backends' waits, sampled from pg_stat_activity ten times a second",
    renderCommand(['pgbench', ...runArgs(cell, connection, {logPrefix})], env),
    STATS_LINE,
    ...(cell.scenarioSpec.statements
      ? [STATEMENTS_LINE, renderCommand(['pgbench', ...statementsRunArgs(cell, connection)], env)]
      : []),
    watchLine(cell.targetSpec, connection),
  ];
}

/**
 * The lines --dry-run prints for a suite's cells, in the order the run would
 * execute them. An instructions run (measure 'instructions') starts each
 * server under Valgrind for its cells, and without it for pgbench -i and
 * setup SQL, as the run does.
 */
export function planLines(cells, seed, {measure = 'time', shell = false, cpus = null} = {}) {
  const instructions = measure === 'instructions';
  const lines = [`# order: rounds of every target, shuffled from seed ${seed} (run with --seed ${seed} to keep it)`];
  if (cpus) {
    lines.push(
      `# CPUs kept apart: each server on CPU ${cpus.server} (taskset -c), this runner with pgbench and psql on ` +
        `CPU ${cpus.client} (taskset -a -p -c ${cpus.client} <runner>)`,
    );
  }
  if (instructions) {
    lines.push(
      '# measure: instructions per transaction, the servers under Valgrind (see the wrapper each start names)',
    );
  }
  // What the plan knows as it goes, as the run would: each target's server and mode, and the active one.
  const plan = {lines, instructions, shell, cpus, servers: new Map(), kept: new Set(), active: null};
  const steps = [...runSteps(cells)];
  for (const [i, step] of steps.entries()) {
    if (step.type === 'switch') {
      switchLines(plan, step.target, steps[i + 1]);
      continue;
    }
    modeLines(plan, step);
    if (step.type === 'cell') plan.servers.get(plan.active).measured = true;
    lines.push(...stepLines(step, plan.servers.get(plan.active).connection, instructions ? seed : null, plan.kept));
  }
  for (const [id, {server}] of plan.servers)
    if (server) lines.push(`# stop ${id}, removing its files`, renderCommand(server.commands.stop));
  return lines;
}

/** A switch of target: the server left stopped with its data, the next one started (the first time, made). */
function switchLines(plan, target, next) {
  const {lines, servers} = plan;
  const leaving = servers.get(plan.active);
  if (leaving?.server) {
    lines.push(`# stop ${plan.active}, keeping its data`, renderCommand(leaving.server.commands.stop));
    leaving.mode = null;
  }
  plan.active = target.id;
  const known = servers.get(target.id);
  if (known) {
    if (known.server) lines.push(`# start ${target.id} again`);
  } else {
    firstTurnLines(plan, target);
  }
  modeLines(plan, next);
}

/** An installed target's binaries as the plan shows them: its bin folder, or its pg_config's (not run here). */
function plannedBin(target) {
  if (!target.bin && !target.pgConfig) return null;
  const folder = target.bin ?? `<${target.pgConfig} --bindir>`;
  return {initdb: `${folder}/initdb`, pgCtl: `${folder}/pg_ctl`, postgres: `${folder}/postgres`};
}

/** A target's first turn: its server planned, initialized and started (embedded), then described. */
function firstTurnLines(plan, target) {
  const {lines, instructions} = plan;
  const connection = plannedConnection(target, plan.shell);
  const server =
    target.kind === 'embedded'
      ? planServer({
          major: target.major,
          // Each server a folder of its own, as a run makes one per server (bench-pg<major>-XXXXXX).
          baseDir: `<tmp>/bench-${target.id}`,
          ...(plannedBin(target) && {bin: plannedBin(target)}),
          settings: target.settings,
          checksums: target.checksums,
          instrument: instructions ? {valgrind: 'valgrind'} : null,
          cpus: plan.cpus?.server ?? null,
        })
      : null;
  plan.servers.set(target.id, {connection, server, mode: server ? 'plain' : null});
  lines.push(`# target ${target.id}`);
  if (server) {
    const conf = Object.entries(server.conf)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    lines.push(
      renderCommand(server.commands.initdb),
      `# postgresql.auto.conf: ${conf}`,
      ...(instructions ? [`# ${server.wrapper}: ${server.wrapperText.trim().split('\n').at(-1)}`] : []),
      renderCommand(server.commands.start),
    );
  }
  const admin = connection.admin ?? connection;
  if (connection.admin) {
    // The suite's role (suite-role.mjs), or for a shell: true suite the runner's schema alone.
    const sql = plan.shell ? `CREATE SCHEMA ${RUNNER_SCHEMA}` : suiteRoleSql('<verifier>');
    lines.push(renderCommand(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-c', sql]));
  }
  lines.push(...describeCommands(admin).map((argv) => renderCommand(argv)), watchLine(target, connection));
}

/**
 * Starts (or restarts) the active server in the mode a step needs, as the run does; and before an instructions
 * cell, restarts it when a cell was measured on its current start (targets.mjs, fresh).
 */
function modeLines(plan, step) {
  const {lines, active} = plan;
  const entry = plan.servers.get(active);
  const instructionsCell = step?.type === 'cell' && plan.instructions;
  const wanted = instructionsCell ? 'instrumented' : 'plain';
  if (!entry.server) return;
  const again = instructionsCell && entry.mode === wanted && entry.measured;
  if (entry.mode === wanted && !again) return;
  entry.measured = false;
  if (again) {
    lines.push(`# restart ${active}: each instructions cell runs on a freshly started server`);
    lines.push(renderCommand(entry.server.commands.stop));
  } else if (entry.mode !== null) {
    lines.push(`# stop ${active} to start it ${wanted === 'plain' ? 'without' : 'under'} Valgrind`);
    lines.push(renderCommand(entry.server.commands.stop));
  }
  const start = wanted === 'instrumented' ? entry.server.commands.startInstrumented : entry.server.commands.start;
  lines.push(renderCommand(start));
  entry.mode = wanted;
}
