// bench shards: how a suite splits into shards, for a CI matrix.
import {checkMeasure, isWhole, parseCommand, suiteFile, UsageError} from './cli.mjs';

export const name = 'shards';
export const operands = 'SUITE';
export const description = `Prints the shards a suite splits into: at most N, and no more than it has comparison
groups (a shard holds whole groups), as count= and list= lines that a GitHub Actions step
can append to $GITHUB_OUTPUT as they are.`;
export const options = {
  shards: {type: 'string', value: 'N', required: true, help: 'the most shards wanted'},
  only: {type: 'string', value: 'KEY=VALUE,...', help: 'only the cells whose scenario, workload, … match'},
  measure: {type: 'string', value: 'time|instructions', default: 'time', help: 'what each cell measures'},
};

export async function run(args) {
  const {values, positionals} = parseCommand({name, options}, args);
  if (positionals.length !== 1) throw new UsageError('shards: name one suite');
  if (!isWhole(values.shards ?? '')) throw new UsageError('shards: give --shards N, a whole number');
  await checkMeasure('shards', values.measure);
  const [{loadSuite}, {expandMatrix, parseOnly}, {groupKey}] = await Promise.all([
    import('../../lib/suites/suite.mjs'),
    import('../../lib/suites/matrix.mjs'),
    import('../../lib/model/keys.mjs'),
  ]);
  const suite = loadSuite(suiteFile(positionals[0]));
  let cells;
  try {
    ({cells} = expandMatrix(suite, {only: parseOnly(values.only), measure: values.measure}));
  } catch (error) {
    throw new UsageError(`shards: ${error.message}`);
  }
  const count = Math.min(Number(values.shards), new Set(cells.map(groupKey)).size);
  const list = Array.from({length: count}, (_, i) => `${i + 1}/${count}`);
  console.log(`count=${count}\nlist=${JSON.stringify(list)}`);
  return 0;
}
