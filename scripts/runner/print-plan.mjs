// --dry-run: every command of a run, in the order the run would execute them.
import {embeddedConnection} from './connection.mjs';
import {planServer} from './embedded-server.mjs';
import {initArgs, renderCommand, runArgs, sessionEnv} from './pgbench-commands.mjs';
import {describeCommands} from './psql.mjs';
import {explainedQuery, explainSql, setupCommand, targetSteps, warmupOf} from './target-steps.mjs';

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
    ...(cell.scenarioSpec.warmupS > 0 ? [renderCommand(['pgbench', ...runArgs(warmupOf(cell), connection)], env)] : []),
    renderCommand(['pgbench', ...runArgs(cell, connection, {logPrefix})], env),
  ];
}

/** The lines --dry-run prints for a suite's cells. */
export function planLines(suite, cells) {
  const lines = [];
  for (const target of suite.targets) {
    const targetCells = cells.filter((c) => c.target === target.id);
    if (targetCells.length === 0) continue;
    lines.push(`# target ${target.id}`);
    const connection = plannedConnection(target);
    const server = target.kind === 'embedded' ? planServer({major: target.major, settings: target.settings}) : null;
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
    for (const step of targetSteps(targetCells)) lines.push(...stepLines(step, connection));
    if (server) lines.push(renderCommand(server.commands.stop));
  }
  return lines;
}
