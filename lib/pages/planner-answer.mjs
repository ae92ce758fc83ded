// The planner page's answer, above its chart: per version after the
// baseline, one sentence from the verdicts of every case in both measures:
// how many cases ran faster (the range of the speedups, as times the
// baseline's throughput) and how the instructions per transaction compare.
import {PLANNER_TIME_PART, SUMMARY_PART} from '../i18n/message-keys.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {RATIO, verdictParts} from './verdict-parts.mjs';
import {listOf} from '../i18n/list.mjs';

/**
 * @param {{findings: object[], instructions: {findings: object[], margin: string}|null}[]} cases  the page's
 *   cases: their timed findings (each with its target) and instructions figures
 * @param {{t: Function, locale: string, margin: number}} options  margin: the timed measure's, a fraction
 * @returns {{target: string, sentence: string}[]}  one per version, in the cases' order
 */
export function plannerAnswer(cases, {t, locale, margin}) {
  const list = (items) => listOf(items, locale, {clauses: true});
  const targets = [...new Set(cases.flatMap((c) => c.findings.map((f) => f.target)))];
  return targets.map((target) => {
    const timed = cases.flatMap((c) => c.findings.filter((f) => f.target === target));
    const counted = cases.flatMap((c) => (c.instructions?.findings ?? []).filter((f) => f.target === target));
    const who = {name: timed[0].name, base: timed[0].base};
    const time = list(
      verdictParts(timed, PLANNER_TIME_PART, {
        t,
        locale,
        margin: unsignedPercent(margin, locale),
        detectable: (f) => f.detectable,
        figure: RATIO,
      }),
    );
    const instructions =
      counted.length > 0 &&
      list(
        verdictParts(counted, SUMMARY_PART, {t, locale, margin: cases.find((c) => c.instructions).instructions.margin}),
      );
    return {
      target,
      sentence: instructions
        ? t('planner.answer.sentence', {...who, time, instructions})
        : t('planner.answer.timeOnly', {...who, time}),
    };
  });
}
