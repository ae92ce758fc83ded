// --dry-run: every command of a run, in the order the run would execute them.
import {embeddedConnection} from './connection.mjs';
import {planServer} from './embedded-server.mjs';
import {initArgs, renderCommand, runArgs, sessionEnv} from './pgbench-commands.mjs';
import {describeCommands} from './psql.mjs';
import {CHECKPOINT_SQL, explainedQuery, explainSql, runSteps, setupCommand, warmupOf} from './run-steps.mjs';

/** A placeholder connection for a target that is not reached in a dry run. */
function plannedConnection(target) {
  if (target.kind === 'embedded') {
    return embeddedConnection({host: '127.0.0.1', port: '<port>', user: 'bench', database: 'postgres'});
  }
  return {
    args: [`<URL from $${target.urlVariable}, password removed>`],
    psqlArgs: ['-d', `<URL from $${target.urlVariable}, password removed>`],
    env: {},
  };
}

function stepLines(step, connection) {
  if (step.type === 'init') return [renderCommand(['pgbench', ...initArgs(step.scale, connection)])];
  if (step.type === 'prepare') {
    const {workload} = step;
    const env = sessionEnv(workload);
    return [
      ...(workload.setup ? [renderCommand(setupCommand(workload, connection))] : []),
      ...workload.explain.map(({file}) =>
        renderCommand(['psql', ...connection.psqlArgs, '-c', explainSql(explainedQuery(file))], env),
      ),
    ];
  }
  const {cell} = step;
  const env = sessionEnv(cell.workloadSpec);
  const logPrefix = cell.scenarioSpec.log ? '<tmp>/pgbench_log' : null;
  return [
    `# ${cell.id}: round ${cell.round}, position ${cell.position}`,
    ...(cell.scenarioSpec.warmupS > 0 ? [renderCommand(['pgbench', ...runArgs(warmupOf(cell), connection)], env)] : []),
    renderCommand(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, '-c', CHECKPOINT_SQL]),
    renderCommand(['pgbench', ...runArgs(cell, connection, {logPrefix})], env),
  ];
}

/** The lines --dry-run prints for a suite's cells, in the order the run would execute them. */
export function planLines(cells, seed) {
  const lines = [`# order: rounds of every target, shuffled from seed ${seed} (run with --seed ${seed} to keep it)`];
  const servers = new Map();
  let active = null;
  for (const step of runSteps(cells)) {
    if (step.type !== 'switch') {
      lines.push(...stepLines(step, servers.get(active).connection));
      continue;
    }
    const {target} = step;
    const leaving = servers.get(active)?.server;
    if (leaving) lines.push(`# stop ${active}, keeping its data`, renderCommand(leaving.commands.stop));
    active = target.id;
    const known = servers.get(target.id);
    if (known) {
      if (known.server) lines.push(`# start ${target.id} again`, renderCommand(known.server.commands.start));
      continue;
    }
    const connection = plannedConnection(target);
    const server = target.kind === 'embedded' ? planServer({major: target.major, settings: target.settings}) : null;
    servers.set(target.id, {connection, server});
    lines.push(`# target ${target.id}`);
    if (server) {
      const conf = Object.entries(server.conf)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
      lines.push(
        renderCommand(server.commands.initdb),
        `# postgresql.auto.conf: ${conf}`,
        renderCommand(server.commands.start),
      );
    }
    lines.push(...describeCommands(connection).map((argv) => renderCommand(argv)));
  }
  for (const [id, {server}] of servers)
    if (server) lines.push(`# stop ${id}, removing its files`, renderCommand(server.commands.stop));
  return lines;
}
