// The steps of one target, in order: pgbench -i when the scale changes (for
// scenarios with a scale), a workload's preparation the first time it comes,
// then each cell. The run executes them; --dry-run prints them.
import {readFileSync} from 'node:fs';

export function* targetSteps(cells) {
  let initialized = null;
  const prepared = new Set();
  for (const cell of cells) {
    const {scenarioSpec: scenario, workloadSpec: workload} = cell;
    if (scenario.scale !== null && initialized !== scenario.scale) {
      initialized = scenario.scale;
      yield {type: 'init', scale: scenario.scale};
    }
    if (!prepared.has(workload.id)) {
      prepared.add(workload.id);
      yield {type: 'prepare', workload};
    }
    yield {type: 'cell', cell};
  }
}

/** A query file's statement, ready to follow EXPLAIN (no trailing semicolon). */
export const explainedQuery = (file) => readFileSync(file, 'utf8').trim().replace(/;\s*$/, '');

/** The psql command that runs a workload's setup SQL. */
export const setupCommand = (workload, connection) => [
  'psql',
  '-X',
  '-v',
  'ON_ERROR_STOP=1',
  ...connection.psqlArgs,
  '-f',
  workload.setup,
];

/** The EXPLAIN statement of a workload's query. */
export const explainSql = (sql) => `EXPLAIN (ANALYZE, BUFFERS) ${sql}`;

/** A cell's warm-up: the same pgbench, for the scenario's warm-up time. */
export const warmupOf = (cell) => ({...cell, durationS: cell.scenarioSpec.warmupS, transactionsPerClient: null});
