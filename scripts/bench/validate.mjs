// bench validate: result files checked against their schema.
import {parseCommand, UsageError} from './cli.mjs';

export const name = 'validate';
export const operands = 'FILE...';
export const description = `Checks result files against schemas/result.schema.json and the rules a schema cannot
say; names every problem. Exit 1 when a file is not valid.`;
export const options = {};

export async function run(args) {
  const {positionals: files} = parseCommand({name, options}, args);
  if (files.length === 0) throw new UsageError('validate: name the result files to check');
  const {readResultFile, resultProblems} = await import('../../lib/results/validate-result.mjs');
  let invalid = 0;
  for (const file of files) {
    const problems = resultProblems(readResultFile(file), file);
    if (problems.length === 0) console.log(`${file}: valid`);
    else {
      invalid++;
      for (const p of problems) console.error(p);
    }
  }
  return invalid > 0 ? 1 : 0;
}
