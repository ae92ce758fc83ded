// The build's first step lists the result files it checked in full; the data plugin then parses them
// without deriving every figure again (lib/results/checked-files.mjs).
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {emitResultFiles} from './emit-static.mjs';
import {quickRun, siteDir} from '../../test/helpers/fixtures.mjs';
import {loadResults} from '../../lib/load/site.mjs';
import {checkedEarlier, checkedListFile, recordChecked} from '../../lib/results/checked-files.mjs';

const QUICK = 'quick-20261122T125226Z.json';

/** A site with one result file of its own (the quick fixture), and the project's datasets and suites. */
function site() {
  const dir = mkdtempSync(path.join(tmpdir(), 'checked-site-'));
  for (const entry of ['datasets', 'benchmarks', 'i18n']) symlinkSync(path.join(siteDir, entry), path.join(dir, entry));
  mkdirSync(path.join(dir, 'results'));
  mkdirSync(path.join(dir, '.docusaurus'));
  copyFileSync(new URL(`../../test/fixtures/results/${QUICK}`, import.meta.url), path.join(dir, 'results', QUICK));
  return dir;
}

test('the build lists the files it checked; a file changed since is no longer on the list', () => {
  const dir = site();
  const file = path.join(dir, 'results', QUICK);
  emitResultFiles(dir, path.join(dir, '.docusaurus', 'data'), {record: true});
  const list = JSON.parse(readFileSync(checkedListFile(dir), 'utf8'));
  assert.deepEqual(
    list.map((e) => e.file),
    [path.join('results', QUICK)],
  );
  const checked = checkedEarlier(dir);
  assert.equal(checked(file, statSync(file)), true);
  utimesSync(file, new Date(), new Date(Date.now() - 60_000));
  assert.equal(checked(file, statSync(file)), false, 'another time: checked again');
});

test('a listed file is parsed without deriving its figures; changed, it is checked in full again', () => {
  const dir = site();
  const file = path.join(dir, 'results', QUICK);
  // Figures its output cannot give (the probe's hand edit), listed as checked by a forged list.
  const result = quickRun();
  result.cells[0].summary.tps *= 10;
  writeFileSync(file, JSON.stringify(result));
  assert.throws(() => loadResults(dir), /summary\.tps/, 'without a list, the figures are derived again');
  const dir2 = site();
  const file2 = path.join(dir2, 'results', QUICK);
  writeFileSync(file2, JSON.stringify(result));
  recordChecked(dir2, [file2]);
  assert.equal(loadResults(dir2)[0].cells[0].summary.tps, result.cells[0].summary.tps, 'on the list: parsed only');
  // A build's first step checks everything and removes the list before: a failed check leaves none.
  assert.throws(() => emitResultFiles(dir2, path.join(dir2, '.docusaurus', 'data'), {record: true}), /summary\.tps/);
  assert.equal(existsSync(checkedListFile(dir2)), false);
});
