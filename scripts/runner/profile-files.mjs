// The function profiles of an instructions run, kept beside its result
// (<result>.cachegrind/): per target and comparison group, two function-level
// Cachegrind files, the pgbench backends of the group's shorter runs and of its
// longer runs, each added up over the group's cells. cg_annotate reads them;
// cg_diff of the two gives the work of the transactions the longer runs added.
// Each file's desc: line names the cells it holds, so that a resumed run never
// adds a cell twice; the two files of a cell are written together, whole or not at all.
import {existsSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {addProfiles, formatCachegrind, parseCachegrind} from '../../lib/cachegrind/read-cachegrind.mjs';
import {copyFileAtomically, writeFilesAtomically} from '../../lib/write-file-atomically.mjs';

/** The folder of a result's profiles. */
export const profileDir = (resultFile) => resultFile.replace(/\.json$/, '.cachegrind');

// A name's parts are joined by '.', which ids may hold too: (target a.s, scenario t) and (a, s.t) would name
// one file, and their profiles would be added up. Ids never hold '~' (schemas/suite.schema.json), so a '.'
// within a part is written '~', and each name is one group's. Ids without a '.' (every one in results/ when
// this came) keep the names they had: the files already listed in results stay where they are named.
const namePart = (id) => id.replaceAll('.', '~');

/** The start of a group's profile files: target.scenario.workload.cN, a '.' within an id written '~'. */
const profileBaseName = (cell) =>
  [cell.target, cell.scenario, cell.workload, `c${cell.clients}`].map(namePart).join('.');

const CELLS = /cells: (\S.*)$/;

/** The cells a profile file holds, from its description. */
export const cellsOf = (description) => (CELLS.exec(description ?? '')?.[1] ?? '').split(' ').filter(Boolean);

/** A group file with the cell's profile added: {cells it then holds, text to write (null: it holds it)}. */
function added(file, profile, cellId, runLabel) {
  const previous = existsSync(file) ? parseCachegrind(readFileSync(file, 'utf8'), file) : null;
  const cells = cellsOf(previous?.description);
  if (cells.includes(cellId)) return {cells, text: null};
  const sum = previous ? addProfiles([previous, profile]) : profile;
  const held = [...cells, cellId];
  const description =
    `the backends that served pgbench in the ${runLabel} run of each of these cells, added up; ` +
    `cells: ${held.join(' ')}`;
  return {cells: held, text: formatCachegrind({command: profile.command ?? null, ...sum}, description)};
}

/**
 * Adds a measured cell's profiles to its group's files.
 * @param {string} resultFile
 * @param {object} cell  the cell's record (target, scenario, workload, parameters, instructions)
 * @param {{short: object, long: object}} profiles  from measureInstructions
 * @returns {object} the result's entry for the group's profiles (schemas/result.md, profiles)
 */
export function addCellProfiles(resultFile, cell, profiles) {
  const dir = profileDir(resultFile);
  const name = profileBaseName({...cell, clients: cell.parameters.clients});
  const [short, long] = cell.instructions.runs;
  const files = {short: path.join(dir, `${name}.short.out`), long: path.join(dir, `${name}.long.out`)};
  const shorter = added(files.short, profiles.short, cell.id, 'shorter');
  const longer = added(files.long, profiles.long, cell.id, 'longer');
  // Both or neither: a full disk must not leave one file holding the cell and the other not.
  writeFilesAtomically(
    [
      [files.short, shorter.text],
      [files.long, longer.text],
    ].filter(([, text]) => text !== null),
  );
  const {cells} = longer;
  const relative = (f) => path.relative(path.dirname(resultFile), f);
  return {
    target: cell.target,
    scenario: cell.scenario,
    workload: cell.workload,
    clients: cell.parameters.clients,
    transactionsPerClient: {short: short.transactionsPerClient, long: long.transactionsPerClient},
    cells,
    files: {short: relative(files.short), long: relative(files.long)},
  };
}

/** A result's profiles list with `entry` in place of the one of the same target and group. */
export function withProfile(list, entry) {
  const same = (p) =>
    p.target === entry.target &&
    p.scenario === entry.scenario &&
    p.workload === entry.workload &&
    p.clients === entry.clients;
  return [...(list ?? []).filter((p) => !same(p)), entry];
}

/**
 * Copies profile files (paths as given, e.g. from a merge's parts) into the
 * folder of `resultFile`'s profiles; the entries, with paths relative to its folder.
 */
export function copyProfiles(entries, resultFile) {
  const dir = profileDir(resultFile);
  mkdirSync(dir, {recursive: true});
  const copy = (from) => {
    const to = path.join(dir, path.basename(from));
    // Whole or not at all: a merge killed mid-copy leaves no cut profile under the merged result's name.
    if (path.resolve(from) !== path.resolve(to)) copyFileAtomically(from, to);
    return path.relative(path.dirname(resultFile), to);
  };
  return entries.map((e) => ({...e, files: {short: copy(e.files.short), long: copy(e.files.long)}}));
}
