// bench merge: the results of a suite's shards (or its --only parts) joined into one.
// Writes --out (and its profiles) whole or not at all: a SIGINT, SIGTERM or SIGHUP
// stops it before the write or after it, never inside (lib/write-file-atomically.mjs);
// an existing --out that is not a result of the same run is kept unless --replace.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {finishWritesOnSignals} from '../../lib/write-file-atomically.mjs';
import {isWhole, parseCommand, refuseOverwrite, UsageError} from './cli.mjs';

export const name = 'merge';
export const operands = 'RESULT...';
export const description = `Joins the results of a suite's shards or parts into one result file. With --shards, the
cells of a shard that left no result or stopped early are recorded as failed (exit 3);
with --replace, a later result's comparison groups take the place of the same groups in
earlier ones (a group measured again), and an existing --out that is not a result of this
run may be overwritten (without, it is refused).`;
export const options = {
  out: {type: 'string', value: 'FILE', required: true, help: 'the result file to write'},
  shards: {type: 'string', value: 'N', help: 'the number of shards the suite ran as'},
  replace: {
    type: 'boolean',
    help: "later results' groups replace the same groups of earlier ones; --out may replace any file",
  },
  'suite-edited': {
    type: 'boolean',
    help:
      'parts of one suite whose files were edited between them (an edit that changed no cell a part ' +
      "measured); each part's suite hash is kept",
  },
};

/** The run id of the result at `file`; null when it is not a result (not JSON, or no run). */
function runIdOf(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))?.run?.id ?? null;
  } catch {
    return null;
  }
}

export async function run(args) {
  const {values, positionals: files} = parseCommand({name, options}, args);
  if (!values.out) throw new UsageError('merge: give the result file to write with --out FILE');
  refuseOverwrite('merge', [values.out], files);
  let written = false;
  finishWritesOnSignals((signal) =>
    console.error(`merge: stopped by ${signal}; ${values.out} ${written ? 'was written whole' : 'was not written'}.`),
  );
  if (values.shards !== undefined && !isWhole(values.shards))
    throw new UsageError('merge: --shards takes the number of shards the suite ran as, e.g. --shards 4');
  if (files.length === 0) throw new UsageError('merge: name the result files to merge');
  const [{mergeResults}, {readResultFile, assertValidResult}, {writeResult}] = await Promise.all([
    import('../../lib/results/merge-results.mjs'),
    import('../../lib/results/validate-result.mjs'),
    import('../../lib/results/write-result.mjs'),
  ]);
  const parts = files.map((file) => ({file, result: assertValidResult(readResultFile(file), file)}));
  let expected = null;
  let suite = null;
  const suiteFile = path.join('benchmarks', String(parts[0].result.run.suite), 'suite.yaml');
  if (values.shards) {
    // The cells a lost shard should have measured come from the suite the shards ran.
    const {loadSuite} = await import('../../lib/suites/suite.mjs');
    expected = {suite: loadSuite(suiteFile), count: Number(values.shards)};
  } else if (existsSync(suiteFile)) {
    // How many repeats the run recorded, when this checkout has the suite it ran (mergeResults compares
    // hashes): a suite that no longer loads is not the one the parts ran, and says nothing of them.
    const {loadSuite} = await import('../../lib/suites/suite.mjs');
    try {
      suite = loadSuite(suiteFile);
    } catch {}
  }
  const merged = mergeResults(parts, {
    expected,
    suite,
    replace: values.replace === true,
    suiteEdited: values['suite-edited'] === true,
    // A result merged anew takes the name it is written under.
    ...(values.replace && {id: path.basename(values.out, '.json')}),
  });
  // Merging anew to the same file rewrites it; any other file there is someone's (a result of another run).
  refuseOverwrite('merge', [values.out], [], {
    what: `a result of this run (${merged.run.id})`,
    option: '--replace',
    given: values.replace === true,
    ours: (file) => runIdOf(file) === merged.run.id,
  });
  // A signal that came while merging stops it here, before anything is written.
  await new Promise((resolve) => setImmediate(resolve));
  if (merged.profiles) {
    // The parts' Cachegrind files, copied beside the merged result under its name.
    const {copyProfiles} = await import('../runner/profile-files.mjs');
    merged.profiles = copyProfiles(merged.profiles, values.out);
  }
  writeResult(values.out, merged);
  written = true;
  // A signal that came during the write is answered now (exit 128 + its number), not lost.
  await new Promise((resolve) => setImmediate(resolve));
  const lost = merged.run.overrides.missingCells;
  console.error(
    `Merged ${files.length} results into ${values.out}` +
      (lost ? `; ${lost} cells of lost or stopped shards recorded as failed.` : '.'),
  );
  return lost ? 3 : 0;
}
