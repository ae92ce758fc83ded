// bench validate: result files checked as the build checks them before it publishes them.
// Reads FILE...; writes "FILE: valid" on stdout, each problem on stderr; exit 0 when every file
// is valid, 1 when one is not, 2 on a usage error.
import {parseCommand, UsageError} from './cli.mjs';

export const name = 'validate';
export const operands = 'FILE...';
export const description = `Checks result files as the build does before it publishes them: against
schemas/result.schema.json and the rules a schema cannot say, each cell's figures against
those its own pgbench output gives, the name and dates against the run, the files it keeps
beside it (in its folder, no link, their totals its cells'), and no two files of one run;
names every problem. Exit 1 when a file is not valid.`;
export const options = {};

export async function run(args) {
  const {positionals: files} = parseCommand({name, options}, args);
  if (files.length === 0) throw new UsageError('validate: name the result files to check');
  const {readResultFile, publishableProblems, sameRunProblems} = await import('../../lib/results/validate-result.mjs');
  const {profileProblems} = await import('../../lib/cachegrind/run-profiles.mjs');
  let invalid = 0;
  const runs = [];
  for (const file of files) {
    const result = readResultFile(file);
    const problems = publishableProblems(result, file);
    // The files it keeps beside it, where the result itself holds: in its folder, no link, totals its cells'.
    if (problems.length === 0) problems.push(...profileProblems(file, result));
    if (typeof result?.run?.id === 'string' && !runs.some((r) => r.file === file)) runs.push({file, id: result.run.id});
    problems.push(...sameRunProblems(runs).filter((p) => p.startsWith(`${file}: `)));
    if (problems.length === 0) console.log(`${file}: valid`);
    else {
      invalid++;
      for (const p of problems) console.error(p);
    }
  }
  return invalid > 0 ? 1 : 0;
}
