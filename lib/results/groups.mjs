// A comparison group: the cells that are compared with each other, every target of one scenario and
// workload at one number of clients. Its key, written one way everywhere (plans, shards, merges, the
// runner's messages, comparisons, History): "small/tpcb/c1".

/**
 * @param {{scenario: string, workload: string, clients?: number, parameters?: {clients: number}}} cell  a planned
 *   cell (lib/suites/matrix.mjs: clients) or a result's (parameters.clients)
 */
export const groupKey = (cell) => `${cell.scenario}/${cell.workload}/c${cell.clients ?? cell.parameters.clients}`;
