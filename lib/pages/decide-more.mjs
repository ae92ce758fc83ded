// What a run of too few repeats can say and what it cannot, with the command that measures enough: said under the
// answer of a page whose comparisons had too few runs for any test (three against three, as the quick suite runs).
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {binomial} from '../stats/rank-sum.mjs';
import {LEVEL} from '../stats/level.mjs';
import {PUBLISHED_MIN_REPEAT} from '../suites/suite.mjs';

/** The fewest ok runs any target has in any group of the run (a cell's id without its round). */
function fewestRuns(result) {
  const counts = new Map();
  for (const c of result.cells.filter((x) => x.status === 'ok')) {
    const group = c.id.replace(/\/r\d+$/, '');
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return Math.min(...counts.values());
}

/**
 * @param {object} result  the timed run
 * @param {object|null} answer  the page's answer (answer-matrix.mjs)
 * @param {{t: Function, locale: string, suite: object, command?: (repeats: number) => string}} options  command:
 *   what measures `repeats` runs a server and rebuilds the page (the page's own; by default the suite's run, then
 *   the build)
 * @returns {{text: string, command: string}|null}  null when every timed comparison had runs enough for a test
 */
export function decideMore(result, answer, {t, locale, suite, command = null}) {
  const tooFew = answer?.pairs.some((p) => Object.values(p.groups).some((g) => g.time && g.time.low === null));
  if (!tooFew) return null;
  const runs = fewestRuns(result);
  // Runs that do not overlap at all give the rank test its smallest p: both orders of all runs out of C(2n, n).
  const p = Math.min(1, 2 / binomial(2 * runs, runs));
  return {
    text: t('suite.answer.tooFew', {
      runs: formatFigure(runs, 'integer', locale),
      smallestP: formatFigure(p, 'probability', locale),
      threshold: unsignedPercent(1 - LEVEL, locale),
      needed: formatFigure(PUBLISHED_MIN_REPEAT, 'integer', locale),
    }),
    command: (command ?? ((n) => `npm run bench -- run ${suite.id} --repeat ${n} && npm run build`))(
      PUBLISHED_MIN_REPEAT,
    ),
  };
}
