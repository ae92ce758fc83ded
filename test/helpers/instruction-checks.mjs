// What the function tables and profiles of every instructions run must be: the
// unit tests apply these to the fixture run, the site tier to the published ones.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parseCachegrind, splitKey} from '../../lib/cachegrind/read-cachegrind.mjs';
import {countedByCallgrind} from '../../lib/cachegrind/read-callgrind.mjs';
import {RENAMES, withoutCloneSuffix} from '../../lib/cachegrind/function-names.mjs';
import {instructionGroup} from '../../lib/pages/instruction-figures.mjs';

/**
 * The problems of the function rows the page shows for each group of an instructions run: a rename listed as
 * two rows or under its old name, a recursion level or a clone suffix as a function, a split shown as a new
 * function, a negative count, a share beyond the whole.
 */
export function functionRowProblems(run, profiles, t) {
  const problems = [];
  for (const {workload, scenario} of new Map(run.cells.map((c) => [`${c.workload}/${c.scenario}`, c])).values()) {
    const g = instructionGroup(run, {
      scenario,
      workload,
      id: 'g',
      title: 'G',
      locale: 'en',
      t,
      name: (x) => x,
      profiles,
    });
    for (const changes of g?.functions ?? []) {
      const at = `${run.run.id} ${workload} ${changes.name}`;
      const names = changes.rows.map((r) => r.function);
      for (const r of RENAMES.filter((x) => x.from)) {
        if (names.includes(r.from)) problems.push(`${at}: ${r.from} is listed under its old name`);
      }
      for (const n of names) {
        if (/'\d+$/.test(n)) problems.push(`${at}: a recursion level listed as a function: ${n}`);
        if (n !== withoutCloneSuffix(n)) problems.push(`${at}: a clone suffix: ${n}`);
      }
      // A function new in the later version named after another row (ReleaseCatCache and
      // ReleaseCatCacheWithOwner) is most likely that row's work moved: a split for the table.
      for (const fresh of changes.rows.filter((r) => r.before === '0')) {
        const elder = changes.rows.find((r) => r !== fresh && fresh.function.startsWith(r.function));
        if (elder) problems.push(`${at}: ${elder.function} and ${fresh.function}, a split?`);
      }
      for (const row of changes.rows) {
        if (row.before.startsWith('-') || row.after.startsWith('-')) problems.push(`${at}: ${row.function} < 0`);
        const share = Number.parseFloat(row.share.replace(/[^\d.+-]/g, ''));
        if (!(Math.abs(share) <= 100)) problems.push(`${at}: ${row.function} is ${row.share} of the baseline`);
      }
    }
  }
  return problems;
}

const POSTMASTER = ['ServerLoop', 'PostmasterMain', 'BackendStartup', 'reaper', 'postmaster_child_launch'];

/**
 * The postmaster's functions found in the backend profiles of a run counted inside PostgresMain (a forked
 * backend would otherwise carry its parent's counts); `dir` holds the run's result file.
 */
export function postmasterWork(run, dir) {
  if (!run.cells.some((c) => countedByCallgrind(c.instructions?.counted))) return [];
  const found = [];
  for (const entry of run.profiles ?? []) {
    for (const rel of [entry.files.short, entry.files.long]) {
      const file = path.join(dir, rel);
      const names = [...parseCachegrind(readFileSync(file, 'utf8'), file).functions.keys()].map((k) =>
        withoutCloneSuffix(splitKey(k).name),
      );
      if (names.length <= 100) found.push(`${rel}: only ${names.length} functions`);
      for (const name of POSTMASTER) if (names.includes(name)) found.push(`${rel} holds ${name}`);
    }
  }
  return found;
}
