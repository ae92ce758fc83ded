// A figure arrives written in full ("19,800"): a multiplier written after its
// placeholder multiplies what the reader sees ("{{tps}}万" shows 19,800万, ten
// thousand times the measured figure). Korean's 만 ("only") reads the same way
// after a figure, so it is refused too: the sentence says "only" another way.
import {PLACEHOLDER} from '../messages.mjs';

/** Words that multiply a figure written before them, per script. */
const MULTIPLIERS = ['万', '萬', '億', '亿', '兆', '千', '百', '만', '억', '천', '조', 'K', 'M', 'B', 'k', 'bn', 'mn'];

const cjk = MULTIPLIERS.filter((m) => !/^[A-Za-z]+$/.test(m));
const latin = MULTIPLIERS.filter((m) => /^[A-Za-z]+$/.test(m));
// Latin ones only as a word of their own: "{{value}} ms" and "{{size}} MB" are units.
const after = new RegExp(`${PLACEHOLDER.source}\\s*(${cjk.join('|')}|(?:${latin.join('|')})(?![A-Za-z]))`, 'gu');

export default {
  name: 'figure-multipliers',
  description: `No multiplier after a {{figure}} (${MULTIPLIERS.join(' ')}): figures arrive written in full.`,
  appliesTo: 'every',
  check: ({catalog}) =>
    [...catalog.messages].flatMap(([key, text]) =>
      [...text.matchAll(after)].map((m) => ({
        key,
        id: 'checks.multiplier',
        values: {placeholder: `{{${m[1]}}}`, unit: m[2], example: '19,800'},
      })),
    ),
};
