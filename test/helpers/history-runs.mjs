// Generated runs for the history tests: copies of a real quick run, a day
// apart, with six repeats per cell and throughput scaled by a deterministic
// noise of a few percent. `dropFrom` makes one target slower from that run
// on, so a regression is there to be found. Generated for tests only: never
// written into results/ as if measured.
import {generator} from '../../lib/suites/matrix.mjs';
import {scaledCell} from '../../lib/results/scaled-cell.mjs';
import {quickRun} from './fixtures.mjs';

const stamp = (date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * @param {number} count  how many runs
 * @param {{dropFrom?: number, drop?: number, target?: string, noise?: number, seed?: number}} [options]
 *   from run `dropFrom` (0-based) on, `target`'s throughput is multiplied by 1 − drop
 * @returns {object[]} valid result files, oldest first
 */
/** The runner's method the generated runs record. */
export const METHOD = '2026-11-28';

export function makeHistoryRuns(count, {dropFrom = null, drop = 0.3, target = 'pg18', noise = 0.02, seed = 7} = {}) {
  const base = quickRun();
  const random = generator(seed);
  const start = Date.parse('2026-10-01T03:00:00Z');
  return Array.from({length: count}, (_, i) => {
    const startedAt = new Date(start + i * 86_400_000);
    const id = `quick-${stamp(startedAt)}`;
    const cells = base.cells.flatMap((cell) =>
      [0, 3].map((offset) => {
        const factor =
          (1 + (random() * 2 - 1) * noise) *
          (dropFrom !== null && i >= dropFrom && cell.target === target ? 1 - drop : 1);
        const repeat = cell.repeat + offset;
        return {
          // Its output scaled too: the build derives each cell's figures from it again.
          ...scaledCell(cell, factor),
          id: cell.id.replace(/r\d+$/, `r${repeat}`),
          repeat,
          startedAt: new Date(startedAt.getTime() + 1000).toISOString(),
          finishedAt: new Date(startedAt.getTime() + 4000).toISOString(),
        };
      }),
    );
    return {
      ...base,
      run: {
        ...base.run,
        id,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date(startedAt.getTime() + 80_000).toISOString(),
        // Measured one way, as History needs to draw one line through them.
        design: {order: 'interleaved-rounds', seed: 7, checkpointBeforeEach: true, ...base.run.design, method: METHOD},
      },
      cells,
    };
  });
}
