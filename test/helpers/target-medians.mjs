// Each target's median as the tests read it from a run: grouped here, apart
// from the site's summarizeRepeats and groupFigures, with the project's one
// median (lib/stats/median.mjs, tested on literal values), so that a page's
// figure is checked against a second path, not the one that made it.
import {isSample, median} from '../../lib/stats/median.mjs';

/** [{target, median}] of the ok cells' figures, targets in the order `order` sorts ids. */
export function targetMedians(cells, pick, order) {
  const values = new Map();
  for (const c of cells.filter((x) => x.status === 'ok' && isSample(pick(x)))) {
    if (!values.has(c.target)) values.set(c.target, []);
    values.get(c.target).push(pick(c));
  }
  return [...values.keys()].sort(order).map((target) => ({target, median: median(values.get(target))}));
}
