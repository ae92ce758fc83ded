// The keys of a run's parts, written one way everywhere (plans, shards, merges, the runner's messages,
// comparisons, History, the pages), with their parsers:
//   group   the cells compared with each other, every target of one scenario and workload at one number of
//           clients: "small/tpcb/c1"
//   cell    one target's cells of a group (its repeats): "pg17 small/tpcb/c1"
//   anchor  a group's place on its page: "small-tpcb", with "-c4" when its scenario runs several client counts
//   pair    a target's rows of a group on a page, loaded on demand: "small-tpcb/pg18"

/**
 * @param {{scenario: string, workload: string, clients?: number, parameters?: {clients: number}}} cell  a planned
 *   cell (lib/suites/matrix.mjs: clients) or a result's (parameters.clients)
 */
export const groupKey = (cell) => `${cell.scenario}/${cell.workload}/c${cell.clients ?? cell.parameters.clients}`;

/** A group's key read back: {scenario, workload, clients}, or null for text that is not one. */
export function parseGroupKey(key) {
  const m = /^([^/]+)\/([^/]+)\/c([1-9][0-9]*)$/.exec(key);
  return m && {scenario: m[1], workload: m[2], clients: Number(m[3])};
}

/** One target's cells of a group: the key of its repeats. */
export const cellKey = (cell) => `${cell.target} ${groupKey(cell)}`;

/** A cell's key read back: {target, group} (the group's key), or null for text that is not one. */
export function parseCellKey(key) {
  const at = key.indexOf(' ');
  return at > 0 && parseGroupKey(key.slice(at + 1)) ? {target: key.slice(0, at), group: key.slice(at + 1)} : null;
}

/**
 * A group's anchor on its page: scenario and workload, and the clients when the scenario ran more than one
 * count (`clientCounts`: how many it ran), so that no two groups share one.
 */
export const groupAnchor = (group, clientCounts = 1) =>
  `${group.scenario}-${group.workload}${clientCounts > 1 ? `-c${group.clients ?? group.parameters.clients}` : ''}`;

/** A target's rows of a group (or a case) on a page, loaded on demand. */
export const pairKey = (id, target) => `${id}/${target}`;
