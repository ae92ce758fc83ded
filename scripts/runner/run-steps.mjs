// The steps of a run, in order: a switch whenever the next cell is on another
// target (the runner then stops the server it leaves, keeping its data, and
// starts the next), pgbench -i when a target's tables are not at the cell's
// scale, a workload's preparation the first time it comes to a target, then
// each cell (warm-up, CHECKPOINT, the measured run). The run executes them;
// --dry-run prints them.
import {readFileSync} from 'node:fs';
import {STATEMENTS_S} from '../../lib/suites/run-estimate.mjs';
import {runArgs} from './pgbench-commands.mjs';

export function* runSteps(cells) {
  let current = null;
  const scales = new Map();
  const prepared = new Set();
  for (const cell of cells) {
    const {targetSpec: target, scenarioSpec: scenario, workloadSpec: workload} = cell;
    if (current !== target.id) {
      current = target.id;
      yield {type: 'switch', target};
    }
    if (scenario.scale !== null && scales.get(target.id) !== scenario.scale) {
      scales.set(target.id, scenario.scale);
      yield {type: 'init', target, scale: scenario.scale};
    }
    if (!prepared.has(`${target.id}\n${workload.id}`)) {
      prepared.add(`${target.id}\n${workload.id}`);
      yield {type: 'prepare', target, workload};
    }
    yield {type: 'cell', cell};
  }
}

/** The statement run before every measured run, so that no run pays for an earlier one's dirty pages. */
export const CHECKPOINT_SQL = 'CHECKPOINT';

/** A query file's statement, ready to follow EXPLAIN (no trailing semicolon). */
export const explainedQuery = (file) => readFileSync(file, 'utf8').trim().replace(/;\s*$/, '');

/**
 * The psql command that runs a workload's setup SQL. A suite that may not run commands has its statements sent
 * to the server as psql sends a -c string, one each, read by psql for nothing (no backslash command, no variable:
 * lib/suites/shell-access.mjs says why); the failing one is echoed (ECHO=errors), so that its line can be named.
 * A suite with shell: true has psql read its file (-f).
 */
export const setupCommand = (workload, connection) => [
  'psql',
  '-X',
  '-v',
  'ON_ERROR_STOP=1',
  ...connection.psqlArgs,
  ...(workload.setupStatements
    ? ['-v', 'ECHO=errors', ...workload.setupStatements.flatMap((s) => ['-c', statementArgument(s.sql)])]
    : ['-f', workload.setup]),
];

/** A statement as a -c argument: one that began with a backslash would be run by psql as its command. */
function statementArgument(sql) {
  if (sql.startsWith('\\')) throw new Error(`a setup statement begins with a backslash: ${sql.slice(0, 40)}`);
  return sql;
}

/** The EXPLAIN statement of a workload's query. */
export const explainSql = (sql) => `EXPLAIN (ANALYZE, BUFFERS) ${sql}`;

/** A cell's warm-up: the same pgbench, for the scenario's warm-up time. */
export const warmupOf = (cell) => ({...cell, durationS: cell.scenarioSpec.warmupS, transactionsPerClient: null});

/**
 * A cell's statements run: the same pgbench with -r, after the measured run, never in it. With -r, pgbench
 * times a statement whose result it finds already waiting with the clock it read before sending it, and so
 * logs some transactions as taking 0 µs and others as shorter than they were (pgbench.c, CSTATE_END_COMMAND).
 */
export const statementsRunOf = (cell) =>
  cell.durationS === null ? cell : {...cell, durationS: Math.min(cell.durationS, STATEMENTS_S)};

/** pgbench's arguments for a cell's statements run: statementsRunOf's, with -r. */
export const statementsRunArgs = (cell, connection) => runArgs(statementsRunOf(cell), connection, {extra: ['-r']});
