// How many of a whole, in each language's own words: "all 48", "3 of 48", "the other 2". An English
// "{{count}} of {{total}}" reads literally in Japanese, Korean and Chinese when the two are equal (「48 回のうち
// 48 回」), and each language says "all" and "the rest" its own way, with its own counter word and, where its
// grammar needs one, the particle that follows (Korean's 에서 would otherwise follow a placeholder).
import {formatFigure} from '../numbers/format.mjs';

const HOW_MANY = {
  comparisons: {
    all: 'common.howMany.comparisons.all',
    some: 'common.howMany.comparisons.some',
    rest: 'common.howMany.comparisons.rest',
  },
  runs: {all: 'common.howMany.runs.all', some: 'common.howMany.runs.some'},
  tests: {all: 'common.howMany.tests.all', some: 'common.howMany.tests.some'},
};

/**
 * "all 5", "1 of 5", or with `rest` (the last of several parts that share the whole out) "the other 4".
 * @param {'comparisons'|'runs'|'tests'} of  what is counted: each language counts each with its own word
 * @param {{count: number|string, total: number|string}} share  numbers, or both already written for `locale`
 */
export function howMany(t, of, {count, total, rest = false, locale}) {
  const keys = HOW_MANY[of];
  const written = (n) => (typeof n === 'number' ? formatFigure(n, 'integer', locale) : n);
  const values = {count: written(count), total: written(total)};
  if (values.count === values.total) return t(keys.all, values);
  return t(rest && keys.rest ? keys.rest : keys.some, values);
}
