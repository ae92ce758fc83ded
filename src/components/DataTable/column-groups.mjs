// A table of one column per server (a chart's series, a statement's latency on each server) as several tables of
// a few columns each, one under another: eleven servers side by side made a table 675 px wider than its box on a
// laptop (a group's chart is half the page wide), and History's lines one 950 px wider.
const COLUMNS_PER_TABLE = 3;
// Two to a table where a name is long: it names settings ("PostgreSQL 18 (-Os, data_checksums off, io_method
// sync)"), whose setting names do not wrap.
const LONG_NAME = 24;

/**
 * @param {object[]} items  one per column, in order
 * @param {(item: object) => string} labelOf  a column's heading
 * @returns {{item: object, i: number}[][]}  the tables' columns, each with its index among all
 */
export function columnGroups(items, labelOf) {
  const each = items.some((x) => labelOf(x).length > LONG_NAME) ? 2 : COLUMNS_PER_TABLE;
  const groups = [];
  for (let from = 0; from < items.length; from += each) {
    groups.push(items.slice(from, from + each).map((item, k) => ({item, i: from + k})));
  }
  return groups;
}
