// The function profiles of an instructions run, read from the Cachegrind
// files beside its result (schemas/result.md, profiles) and turned into
// instructions per transaction, per target and comparison group.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {perTransaction} from './function-changes.mjs';
import {parseCachegrind} from './read-cachegrind.mjs';

import {cellKey} from '../results/keys.mjs';

/**
 * The Cachegrind files a result names (schemas/result.md, profiles), relative
 * to its folder; a path that would leave that folder is refused.
 */
export function profileFiles(result) {
  const files = (result.profiles ?? []).flatMap((p) => [p.files.short, p.files.long]);
  for (const rel of files) {
    if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) {
      throw new Error(
        `${result.run.id}: profile path ${rel} leaves the results folder: name a file beside the result.`,
      );
    }
  }
  return files;
}

/**
 * @param {string} resultFile  the result's path (its profiles' paths are relative to its folder)
 * @param {object} result  a valid instructions result
 * @returns {Map<string, {total: number, functions: Map<string, number>, files: {short: string, long: string}}>}
 *   per profileKey: instructions per transaction, and the files' paths relative to the result's folder
 */
export function readRunProfiles(resultFile, result) {
  const profiles = new Map();
  profileFiles(result);
  for (const entry of result.profiles ?? []) {
    const read = (rel) => {
      const file = path.join(path.dirname(resultFile), rel);
      if (!existsSync(file)) {
        throw new Error(
          `${resultFile}: its profile ${rel} is missing (profiles[] names it): restore it from git, or run the ` +
            'suite again with --measure instructions.',
        );
      }
      return parseCachegrind(readFileSync(file, 'utf8'), file);
    };
    const added = (entry.transactionsPerClient.long - entry.transactionsPerClient.short) * entry.clients;
    const profile = perTransaction(read(entry.files.short), read(entry.files.long), added * entry.cells.length);
    profiles.set(cellKey(entry), {...profile, files: entry.files});
  }
  return profiles;
}
