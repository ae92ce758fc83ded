// The repeats of each cell, summarized: the median and the spread (min–max)
// of a figure over the repeats that finished. One run is never the figure.
import {isSample, median} from '../stats/median.mjs';
import {cellKey} from './keys.mjs';

/**
 * @param {object[]} cells  a result's cells
 * @param {(cell: object) => number|null|undefined} figure  e.g. (c) => c.summary.tps
 * @param {(cell: object) => string|null} [twinKey]  the key of the work a cell ran, where cells of other
 *   targets ran the same (compare.mjs compares such twins run by run)
 * @returns {object[]} one entry per target/workload/scenario/clients, in the cells' order:
 *   {key, target, workload, scenario, clients, repeats, ok, median, min, max, values, keys}
 */
export function summarizeRepeats(cells, figure, twinKey = () => null) {
  const groups = new Map();
  for (const cell of cells) {
    const clients = cell.parameters.clients;
    const key = cellKey(cell);
    if (!groups.has(key))
      groups.set(key, {
        key,
        target: cell.target,
        workload: cell.workload,
        scenario: cell.scenario,
        clients,
        repeats: 0,
        values: [],
        keys: [],
      });
    const group = groups.get(key);
    group.repeats++;
    const value = cell.status === 'ok' ? figure(cell) : null;
    if (isSample(value)) {
      group.values.push(value);
      group.keys.push(twinKey(cell));
    }
  }
  return [...groups.values()].map(({values, ...g}) => ({
    ...g,
    ok: values.length,
    median: median(values),
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
    values,
  }));
}
