// Which run a page shows: the newest finished run of a suite for a measure.
import {measureOf} from './measures.mjs';

/** The newest finished run of a suite that measured `measure`, or null. */
export const newestOf = (results, suite, measure = 'time') =>
  newestFinished(results, suite, (r) => measureOf(r) === measure);

/** Of a suite's finished runs that `keep` keeps, the one started last; null if none. */
function newestFinished(results, suite, keep) {
  const runs = results.filter((r) => r.run.suite === suite && r.run.finishedAt !== null && keep(r));
  return runs.length > 0 ? runs.reduce((a, b) => (b.run.startedAt > a.run.startedAt ? b : a)) : null;
}

/**
 * The newest finished run of a suite in results/ that measured `measure` (time or instructions); null
 * without one, unless it is `required` (a page cannot be made without it): then an error says how to make one.
 */
export function newestRun(results, suite, {measure = 'time', required = false} = {}) {
  const run = newestOf(results, suite, measure);
  if (run || !required) return run;
  throw new Error(
    `results/ has no finished "${suite}" run, which its page is made from: run \`npm run bench -- run ${suite}\` ` +
      `(or restore the file from git).`,
  );
}

/** The newest finished run of a suite that measured `scenario`, by either measure; null if none did. */
export const newestWith = (results, suite, scenario) =>
  newestFinished(results, suite, (r) => r.cells.some((c) => c.scenario === scenario));
