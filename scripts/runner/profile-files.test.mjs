import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {functionKey, parseCachegrind} from '../../lib/cachegrind/read-cachegrind.mjs';
import {addCellProfiles, cellsOf} from './profile-files.mjs';

/** An instructions cell of a target and scenario (workload w, 1 client), and its two profiles. */
function measured(target, scenario, ir) {
  const profile = (n) => ({command: 'postgres', total: n, functions: new Map([[functionKey('x.c', 'f'), n]])});
  return {
    cell: {
      id: `${target}/w/${scenario}/c1/r1`,
      target,
      scenario,
      workload: 'w',
      parameters: {clients: 1},
      instructions: {runs: [{transactionsPerClient: 10}, {transactionsPerClient: 20}]},
    },
    profiles: {short: profile(ir), long: profile(2 * ir)},
  };
}

test('target a.s with scenario t and target a with scenario s.t keep their profiles apart', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'profile-files-'));
  try {
    const resultFile = path.join(dir, 'r-instructions-20261127T000000Z.json');
    const one = measured('a.s', 't', 100);
    const other = measured('a', 's.t', 7);
    const first = addCellProfiles(resultFile, one.cell, one.profiles);
    const second = addCellProfiles(resultFile, other.cell, other.profiles);
    assert.deepEqual(first.files, {
      short: 'r-instructions-20261127T000000Z.cachegrind/a~s.t.w.c1.short.out',
      long: 'r-instructions-20261127T000000Z.cachegrind/a~s.t.w.c1.long.out',
    });
    assert.deepEqual(second.files, {
      short: 'r-instructions-20261127T000000Z.cachegrind/a.s~t.w.c1.short.out',
      long: 'r-instructions-20261127T000000Z.cachegrind/a.s~t.w.c1.long.out',
    });
    assert.equal(readdirSync(path.join(dir, 'r-instructions-20261127T000000Z.cachegrind')).length, 4);
    // Each file holds its own cell's counts, not the two added up.
    const read = (rel) => parseCachegrind(readFileSync(path.join(dir, rel), 'utf8'));
    assert.equal(read(first.files.long).total, 200);
    assert.deepEqual(cellsOf(read(first.files.long).description), ['a.s/w/t/c1/r1']);
    assert.equal(read(second.files.short).total, 7);
    assert.deepEqual(cellsOf(read(second.files.short).description), ['a/w/s.t/c1/r1']);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('ids without a dot keep the names the committed runs list', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'profile-files-'));
  try {
    const {cell, profiles} = measured('pg15-aa', 'small', 5);
    const entry = addCellProfiles(
      path.join(dir, 'pg-versions-instructions-x.json'),
      {...cell, workload: 'tpcb'},
      profiles,
    );
    // As in results/pg-versions-instructions-20261125T172209Z-merged.json.
    assert.deepEqual(entry.files, {
      short: 'pg-versions-instructions-x.cachegrind/pg15-aa.small.tpcb.c1.short.out',
      long: 'pg-versions-instructions-x.cachegrind/pg15-aa.small.tpcb.c1.long.out',
    });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
