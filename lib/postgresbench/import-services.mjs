// Imports PostgresBench result files into one services dataset
// (schemas/services.schema.json): every file read by read-postgresbench.mjs,
// with the repository and commit it came from. The dataset is checked against
// its schema before anyone writes it; one bad file fails the whole import.
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../list-files.mjs';
import validate from '../validation/compiled/services.mjs';
import {createChecker, readJsonFile} from '../validation/schema-checker.mjs';
import {PostgresBenchError, isPostgresBench, readPostgresBench} from './read-postgresbench.mjs';

const checker = createChecker({
  validate,
  doc: 'schemas/services.md',
  schemaVersion: 1,
});

/** Is this file a PostgresBench result? (JSON, by its content.) */
function isPostgresBenchFile(file) {
  if (!file.endsWith('.json') || !existsSync(file) || statSync(file).isDirectory()) return false;
  try {
    return isPostgresBench(readJsonFile(file));
  } catch {
    return false;
  }
}

/** The JSON files under the paths, each with its path in the repository (relative to the folder given). */
function filesOf(paths, root) {
  return paths.flatMap((p) => {
    if (!existsSync(p)) throw new PostgresBenchError(`${p}: no such file or folder.`);
    const base = root ?? (statSync(p).isDirectory() ? p : path.dirname(p));
    const files = statSync(p).isDirectory() ? listFiles(p, ['.json']) : [p];
    return files.map((file) => ({file, path: path.relative(base, file).split(path.sep).join('/')}));
  });
}

/**
 * @param {string[]} paths  PostgresBench result files, or folders of them
 * @param {object} [options]
 * @param {string} [options.id]  the dataset's id (its folder's name)
 * @param {string|null} [options.repository]  owner/name on GitHub
 * @param {string|null} [options.commit]  the commit the files were taken at
 * @param {string} [options.license]  SPDX id
 * @param {string} [options.root]  paths in the repository are relative to it (default: each folder given)
 * @returns {object} a valid services dataset
 */
export function importServices(paths, {id = 'postgresbench', repository = null, commit = null, license, root} = {}) {
  const found = filesOf(paths, root);
  if (found.length === 0) throw new PostgresBenchError(`${paths.join(', ')}: no JSON files to import.`);
  const seen = new Map();
  const files = found.map(({file, path: inRepo}) => {
    if (seen.has(inRepo)) {
      throw new PostgresBenchError(`${file}: ${seen.get(inRepo)} has the same path (${inRepo}): import one of them.`);
    }
    seen.set(inRepo, file);
    return readPostgresBench(readJsonFile(file), {file, path: inRepo});
  });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const dataset = {
    schemaVersion: 1,
    id,
    kind: 'services',
    source: {repository, commit, ...(license && {license})},
    files,
  };
  return checker.assertValid(dataset, `the import of ${paths.join(', ')}`, 'services dataset');
}

/** Reads and checks a services dataset (datasets/<id>/services.json). */
export const readServices = (file) => checker.assertValid(readJsonFile(file), file, 'services dataset');

/** Does the path hold PostgresBench results: a result file, or a folder with one among its JSON files? */
export function containsPostgresBench(p) {
  if (!existsSync(p)) return false;
  if (!statSync(p).isDirectory()) return isPostgresBenchFile(p);
  return listFiles(p, ['.json']).some(isPostgresBenchFile);
}
