// The function profiles of an instructions run, read from the Cachegrind
// files beside its result (schemas/result.md, profiles) and turned into
// instructions per transaction, per target and comparison group.
import path from 'node:path';
import {perTransaction} from './function-changes.mjs';
import {parseCachegrind} from './read-cachegrind.mjs';
import {cellKey} from '../model/keys.mjs';
import {KeptFileError, readKeptFile} from '../results/kept-files.mjs';

/** The Cachegrind files a result names (schemas/result.md, profiles), relative to its folder. */
export const profileFiles = (result) => (result.profiles ?? []).flatMap((p) => [p.files.short, p.files.long]);

// A profile is its cells' backends added up, so its total per transaction is the mean of its cells' counts, to
// the last bits of a division (the committed runs: within 3e-16).
const ROUND_OFF = 1e-9;

/** One profile entry's instructions per transaction, in total and per function, read from its kept files. */
function readProfile(resultFile, entry, name = resultFile) {
  const read = (rel) => parseCachegrind(readKeptFile(resultFile, rel, {name}), path.join(path.dirname(name), rel));
  const added = (entry.transactionsPerClient.long - entry.transactionsPerClient.short) * entry.clients;
  return perTransaction(read(entry.files.short), read(entry.files.long), added * entry.cells.length);
}

/** What differs between a profile's total and the cells it adds up; null when they agree. */
function totalProblem(result, entry, profile) {
  const cells = entry.cells.map((id) => result.cells.find((c) => c.id === id && c.status === 'ok'));
  const missing = entry.cells.filter((_, i) => !cells[i]);
  if (missing.length > 0) return `adds up cells the result has not as ok: ${missing.join(', ')}`;
  const mean = cells.reduce((n, c) => n + c.instructions.perTransaction, 0) / cells.length;
  if (Math.abs(profile.total - mean) <= ROUND_OFF * Math.abs(mean)) return null;
  const shown = (n) => n.toLocaleString('en', {maximumFractionDigits: 3});
  return (
    `its functions add up to ${shown(profile.total)} instructions per transaction, its ${cells.length} cells to ` +
    `${shown(mean)} (their mean): a profile is its cells' counts, added up, so they agree to the last digit`
  );
}

/**
 * Every problem of a result's profiles, one line each: a file that is missing, leads out of the result's folder
 * or through a link (lib/results/kept-files.mjs), or is not Cachegrind's, and a total its cells do not give.
 * @param {string} resultFile  the result's path (its profiles' paths are relative to its folder)
 * @param {object} result  a result that passed its schema
 * @param {{name?: string}} [options]  name: the result's name in the messages (its path by default)
 * @returns {string[]}
 */
export function profileProblems(resultFile, result, {name = resultFile} = {}) {
  const problems = [];
  for (const [i, entry] of (result.profiles ?? []).entries()) {
    const at = `${name}: profiles[${i}] (${cellKey(entry)})`;
    let profile;
    try {
      profile = readProfile(resultFile, entry, name);
    } catch (error) {
      problems.push(error instanceof KeptFileError ? error.message : `${at}: ${error.message}`);
      continue;
    }
    const problem = totalProblem(result, entry, profile);
    if (problem) {
      problems.push(
        `${at}: ${problem}. Restore the files as the runner wrote them (from git), or run the suite again ` +
          'with --measure instructions.',
      );
    }
  }
  return problems;
}

/**
 * @param {string} resultFile  the result's path (its profiles' paths are relative to its folder)
 * @param {object} result  a valid instructions result, whose profiles profileProblems finds none in
 * @returns {Map<string, {total: number, functions: Map<string, number>, files: {short: string, long: string}}>}
 *   per profileKey: instructions per transaction, and the files' paths relative to the result's folder
 */
export function readRunProfiles(resultFile, result) {
  const problems = profileProblems(resultFile, result);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const profiles = new Map();
  for (const entry of result.profiles ?? []) {
    profiles.set(cellKey(entry), {...readProfile(resultFile, entry), files: entry.files});
  }
  return profiles;
}
