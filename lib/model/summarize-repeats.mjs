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
 *   {key, target, workload, scenario, clients, repeats, okCells, ok, median, min, max, values, keys}; okCells: the
 *   repeats that ended ok, ok: those of them with the figure
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
        okCells: 0,
        values: [],
        keys: [],
      });
    const group = groups.get(key);
    group.repeats++;
    if (cell.status === 'ok') group.okCells++;
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

/**
 * Why a target's repeats of one figure (a summary above) cannot be compared, or null: the one rule of bench
 * compare and of every page. No repeat ended ok; or one that did has no figure (a 0 is what a failed run leaves,
 * not a measurement), so a median would stand for fewer runs than ran.
 */
export function notComparable(summary, figure) {
  if (summary.okCells === 0) return `none of its ${summary.repeats} cells is ok`;
  const lacking = summary.okCells - summary.ok;
  return lacking > 0 ? `${lacking} of its ${summary.okCells} ok cells have no ${figure} above 0` : null;
}
