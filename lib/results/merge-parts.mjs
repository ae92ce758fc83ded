// What may be merged (merge-results.mjs): parts of one suite version and one
// measure, run alike and finished, whose figures are what their own output
// gives, and whose cells are the run's: no repeat beyond the count it
// recorded, no target's repeats in two parts unless the parts split them
// (--only repeat=N). A copy of a part, its repeats renumbered, would add
// runs to a median that were never measured.
import {measureOf} from '../model/measures.mjs';
import {derivationProblems} from './rederive.mjs';

/** Refuses parts that are not of one run: another suite version or measure, other lengths, unfinished. */
export function checkParts(parts, expected, {suiteEdited = false} = {}) {
  if (parts.length === 0) throw new Error('merge: give the results to merge.');
  if (parts.length < 2 && !expected) throw new Error('merge: give at least two results (the shards of one run).');
  const [first] = parts;
  const shards = new Map();
  for (const {file, result} of parts) {
    if (result.run.kind !== 'run') throw new Error(`${file}: an import, not a run; only shards of a run merge.`);
    // A part whose figures its own output does not give would pass them on to the merged result.
    const edited = derivationProblems(result, file, {limit: 5});
    if (edited.length > 0) throw new Error(`${file} cannot be merged:\n  ${edited.join('\n  ')}`);
    if (result.run.suite !== first.result.run.suite) {
      throw new Error(
        `${file}: suite ${result.run.suite} is not the suite of ${first.file}; merge parts of one suite.`,
      );
    }
    if (result.run.suiteHash !== first.result.run.suiteHash && !suiteEdited) {
      throw new Error(
        `${file}: suite ${result.run.suite} (hash ${result.run.suiteHash?.slice(0, 12)}) is not the suite of ` +
          `${first.file}; merge shards of one suite version, or, when the edit changed no cell either part ` +
          'measured, --suite-edited (each part keeps its hash).',
      );
    }
    if (measureOf(result) !== measureOf(first.result)) {
      throw new Error(
        `${file} measured ${measureOf(result)}, ${first.file} ${measureOf(first.result)}: merge runs of one measure.`,
      );
    }
    const method = (r) => r.run.design?.method ?? null;
    if (method(result) !== method(first.result)) {
      throw new Error(
        `${file} was measured by the runner's method of ${method(result) ?? 'before 2026-11-28'}, ${first.file} ` +
          `by that of ${method(first.result) ?? 'before 2026-11-28'}: parts measured two ways do not make one ` +
          'run; measure the older part again with this runner.',
      );
    }
    const cpus = (r) =>
      r.run.design?.cpus ? `server ${r.run.design.cpus.server}, pgbench ${r.run.design.cpus.client}` : null;
    if (cpus(result) !== cpus(first.result)) {
      throw new Error(
        `${file} kept its CPUs ${cpus(result) ?? 'unpinned'}, ${first.file} ${cpus(first.result) ?? 'unpinned'}: ` +
          'merge parts run alike (bench run --pin for both, or for neither).',
      );
    }
    // The merged result records one set of overrides: parts run at other lengths, repeats or scales
    // would be recorded as the first part's.
    for (const [key, option] of [
      ['durationS', '--duration'],
      ['repeat', '--repeat'],
      ['scale', '--scale'],
    ]) {
      const [a, b] = [result.run.overrides?.[key] ?? null, first.result.run.overrides?.[key] ?? null];
      if (a !== b) {
        throw new Error(
          `${file} ran with ${option} ${a ?? "(the suite's)"}, ${first.file} with ${b ?? "(the suite's)"}: ` +
            'merge parts run alike.',
        );
      }
    }
    if (result.run.finishedAt === null && !expected)
      throw new Error(
        `${file}: this shard has not finished; finish it with run --resume first, or merge with --shards N ` +
          'to record its missing cells as failed.',
      );
    if (expected) {
      const shard = result.run.overrides?.shard;
      const [k, n] = (shard ?? '').split('/').map(Number);
      if (n !== expected.count)
        throw new Error(`${file}: ran as shard ${shard ?? '(none)'}, not as one of ${expected.count} shards.`);
      if (shards.has(k)) throw new Error(`${file} and ${shards.get(k)} are both shard ${shard}.`);
      shards.set(k, file);
    }
  }
  if (expected && expected.suite.hash !== first.result.run.suiteHash) {
    throw new Error(
      `${expected.suite.file} has changed since the shards ran (hash ${expected.suite.hash.slice(0, 12)}, not ` +
        `${first.result.run.suiteHash?.slice(0, 12)}): merge with the suite they ran, e.g. from their commit.`,
    );
  }
}

/** A target's repeats of one comparison group: target/workload/scenario/cN. */
const seriesOf = (cell) => `${cell.target}/${cell.workload}/${cell.scenario}/c${cell.parameters.clients}`;

/**
 * How many repeats the run recorded: its --repeat, else its suite's (when the suite the parts ran is
 * given); null when neither is known.
 */
export function recordedRepeats(parts, suite) {
  const {run} = parts[0].result;
  if (run.overrides?.repeat != null) return {count: run.overrides.repeat, from: `--repeat ${run.overrides.repeat}`};
  if (suite && suite.hash === run.suiteHash) return {count: suite.repeat, from: `suite ${run.suite}'s repeat`};
  return null;
}

/**
 * Refuses what a part holds beyond its run: a repeat past the run's count, or repeats of a target's group
 * that another part holds too (a part has every repeat of its cells, unless it ran --only repeat=N). Either
 * would add repeats to a median that the run never measured: a copy of a part with its repeats renumbered.
 */
export function checkRepeats(file, part, cell, recorded, series) {
  if (recorded && cell.repeat > recorded.count) {
    throw new Error(
      `${file}: cell ${cell.id} is repeat ${cell.repeat}, but the run recorded ${recorded.count} repeats ` +
        `(${recorded.from}): merge the parts as the runner wrote them`,
    );
  }
  const only = part.result.run.overrides?.only?.repeat;
  if (only && !only.includes(String(cell.repeat))) {
    throw new Error(
      `${file}: cell ${cell.id} is repeat ${cell.repeat}, but this part ran --only repeat=${only.join(',')}: ` +
        'merge the parts as the runner wrote them',
    );
  }
  const other = series.get(seriesOf(cell));
  if (other && other.part !== part && !(only && other.part.result.run.overrides?.only?.repeat)) {
    throw new Error(
      `${file} holds repeats of ${seriesOf(cell)} (${cell.id}), and so does ${other.file} (${other.id}): a part ` +
        'holds every repeat of its cells unless it ran --only repeat=N, so one of them was copied or renumbered; ' +
        'merge the parts as the runner wrote them',
    );
  }
  if (!other) series.set(seriesOf(cell), {file, part, id: cell.id});
}
