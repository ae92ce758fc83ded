// A cell of a result as planned by the matrix (lib/suites/matrix.mjs): what it
// was asked to do, then what happened. The runner records measured and failed
// cells with it; a merge records the cells a lost shard never measured.

/** What a cell was asked to do, as the result records it. */
function parametersOf(cell) {
  const {scenarioSpec: scenario, workloadSpec: workload} = cell;
  return {
    scale: scenario.scale,
    clients: cell.clients,
    threads: Math.min(scenario.threads, cell.clients),
    durationS: cell.durationS,
    transactionsPerClient: cell.transactionsPerClient,
    mode: scenario.mode,
    warmupS: scenario.warmupS,
    builtin: workload.builtin ?? null,
    script: workload.scriptName ?? null,
    session: workload.session,
  };
}

/** A cell of the result: what it was asked, then what happened (`outcome`). */
export function cellRecord(cell, outcome) {
  return {
    id: cell.id,
    target: cell.target,
    workload: cell.workload,
    scenario: cell.scenario,
    parameters: parametersOf(cell),
    repeat: cell.repeat,
    ...(cell.round !== undefined && {round: cell.round, position: cell.position}),
    ...outcome,
  };
}

/** A cell that could not run (its server did not start, pgbench -i failed…). */
export const failedCell = (cell, error) =>
  cellRecord(cell, {
    status: 'failed',
    command: null,
    exitCode: null,
    startedAt: null,
    finishedAt: null,
    summary: null,
    log: null,
    raw: {},
    error,
  });
