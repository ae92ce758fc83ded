// bench run: a suite's matrix on real servers, written as one result file.
import {checkMeasure, isWhole, parseCommand, suiteFile, UsageError} from './cli.mjs';

export const name = 'run';
export const operands = 'SUITE';
export const description = `Runs a suite's matrix (SUITE: benchmarks/<id>/suite.yaml, or just <id>) and writes
DIR/<id>-<time>.json. --measure instructions counts the CPU instructions per transaction
under Valgrind's Callgrind instead of timing. Ctrl-C stops it resumable (--resume). Exit 3
when some cells failed or aborted (they are in the result, with why); 130 after Ctrl-C.`;
export const options = {
  out: {type: 'string', value: 'DIR', default: 'results', help: 'the folder the result is written into'},
  only: {
    type: 'string',
    value: 'KEY=VALUE,...',
    help: 'only the cells whose target, workload, scenario, clients or repeat match',
  },
  duration: {type: 'string', value: '10s', help: "each timed run's length (s, m or h), instead of the suite's"},
  repeat: {type: 'string', value: 'N', help: "repeats of each cell, instead of the suite's"},
  scale: {type: 'string', value: 'N', help: "pgbench's scale for every scenario, instead of the suite's"},
  seed: {
    type: 'string',
    value: 'N',
    help: 'the seed that shuffles the rounds (0 to 4294967295; default: a new one, printed and recorded)',
  },
  'dry-run': {type: 'boolean', help: 'prints every command it would run, in order, and runs none'},
  resume: {
    type: 'boolean',
    help: "finishes the suite's newest run in DIR that is unfinished or has failed cells",
  },
  shard: {type: 'string', value: 'K/N', help: 'the K-th of N shards, split by whole comparison groups'},
  measure: {type: 'string', value: 'time|instructions', default: 'time', help: 'what each cell measures'},
  pin: {
    type: 'boolean',
    help: 'keeps the servers on all CPUs but the last and pgbench on the last (taskset; recorded as design.cpus)',
  },
};

/** A whole-number option as a number; NaN when it is given and is not one. */
const wholeOf = (text) => (isWhole(text) ? Number(text) : NaN);

async function matrixOf(values) {
  const [{parseOnly, parseShard}, {parseDuration}] = await Promise.all([
    import('../../lib/suites/matrix.mjs'),
    import('../../lib/suites/duration.mjs'),
  ]);
  let matrix;
  try {
    matrix = {
      measure: values.measure,
      // Given only when typed: --resume restores the --only its run started with.
      ...(values.only !== undefined && {only: parseOnly(values.only)}),
      ...(values.shard && {shard: parseShard(values.shard)}),
      ...(values.duration && {durationS: parseDuration(values.duration)}),
      ...(values.repeat && {repeat: wholeOf(values.repeat)}),
      ...(values.scale && {scale: wholeOf(values.scale)}),
      ...(values.seed && {
        seed: /^\d+$/.test(values.seed) && Number(values.seed) < 2 ** 32 ? Number(values.seed) : NaN,
      }),
    };
  } catch (error) {
    throw new UsageError(`run: ${error.message}`);
  }
  if (Number.isNaN(matrix.scale)) throw new UsageError('run: --scale takes a whole number of at least 1');
  if (Number.isNaN(matrix.repeat)) throw new UsageError('run: --repeat takes a whole number of at least 1');
  if (Number.isNaN(matrix.seed)) throw new UsageError('run: --seed takes a whole number from 0 to 4294967295');
  return matrix;
}

export async function run(args) {
  const {values, positionals} = parseCommand({name, options}, args);
  if (positionals.length !== 1) throw new UsageError('run: name one suite (benchmarks/<id>/suite.yaml, or its id)');
  await checkMeasure('run', values.measure);
  const matrix = await matrixOf(values);
  const {loadSuite} = await import('../../lib/suites/suite.mjs');
  const suite = loadSuite(suiteFile(positionals[0]));
  await warnIfLeftOut(suite.file);
  const [{runSuite}, {createProgress}, {EXIT_CODE}] = await Promise.all([
    import('../runner/run-suite.mjs'),
    import('../runner/progress.mjs'),
    import('../runner/processes.mjs'),
  ]);
  const {failed, interrupted} = await runSuite(suite, {
    outDir: values.out,
    matrix,
    dryRun: values['dry-run'],
    resume: values.resume,
    pin: values.pin,
    progress: createProgress(),
  });
  if (interrupted) return EXIT_CODE[interrupted];
  return failed > 0 ? 3 : 0;
}

/**
 * A suite of this site (benchmarks/<id>/suite.yaml here) that the site leaves out, since it collides with
 * another page, runs all the same: said first, so that no one waits for a page the build will not make.
 */
async function warnIfLeftOut(file) {
  const {default: path} = await import('node:path');
  const rel = path.relative(process.cwd(), path.resolve(file));
  if (!rel.startsWith(`benchmarks${path.sep}`)) return;
  const {siteSuiteProblems} = await import('../../lib/suites/site-suites.mjs');
  for (const p of siteSuiteProblems(process.cwd()).filter((p) => p.split(': ')[0].split(', ').includes(rel))) {
    console.warn(`warning: ${p}. The run goes on, but the site leaves this suite out until then.`);
  }
}
