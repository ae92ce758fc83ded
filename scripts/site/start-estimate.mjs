// How long npm start takes before it serves: the quick suite (the runner's own estimate of its cells) and the
// site's build. The build's figures were measured here (2 cores, a fresh clone after npm ci, so no cache):
// four languages took 25 s from its start to its last line, about 5 s a language and 5 s besides (the result
// files emitted, Docusaurus started, the chart images and search indexes finished beside it).
import {parseDuration} from '../../lib/suites/duration.mjs';
import {expandMatrix, parseOnly} from '../../lib/suites/matrix.mjs';
import {estimateRun, lengthText} from '../../lib/suites/run-estimate.mjs';
import {loadSuite} from '../../lib/suites/suite.mjs';

const BUILD_S = 5;
const BUILD_PER_LOCALE_S = 5;

/**
 * @param {object} options
 * @param {string|null} options.quickSuite  the quick suite's file, or null when npm start does not run it
 * @param {number} options.locales  how many languages it builds (0: none, it serves what is built)
 * @param {string} [options.only]  --only, as given
 * @param {string} [options.duration]  --duration, as given
 * @param {string|number} [options.repeat]  --repeat, as given
 * @returns {{seconds: number, text: string}|null}  the whole and its parts in words ("about 2 min: the quick
 *   suite about 1 min 35 s, the build about 25 s"); null when the quick suite's options are not valid (the
 *   run then says why)
 */
export function startEstimate({quickSuite, locales, only, duration, repeat}) {
  const parts = [];
  if (quickSuite) {
    let seconds;
    try {
      const matrix = {
        ...(only && {only: parseOnly(only)}),
        ...(duration && {durationS: parseDuration(duration)}),
        ...(repeat !== undefined && {repeat: Number(repeat)}),
      };
      if (matrix.repeat !== undefined && !(Number.isInteger(matrix.repeat) && matrix.repeat >= 1)) return null;
      seconds = estimateRun(expandMatrix(loadSuite(quickSuite), matrix).cells).seconds;
    } catch {
      return null;
    }
    parts.push(['the quick suite', seconds]);
  }
  if (locales > 0) parts.push(['the build', BUILD_S + BUILD_PER_LOCALE_S * locales]);
  const seconds = parts.reduce((sum, [, s]) => sum + s, 0);
  const each = parts.length > 1 ? `: ${parts.map(([name, s]) => `${name} about ${lengthText(s)}`).join(', ')}` : '';
  return {seconds, text: `about ${lengthText(seconds)}${each}`};
}
