import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const BENCH = new URL('../bench.mjs', import.meta.url).pathname;
const FIXTURES = new URL('../../test/fixtures/results/', import.meta.url).pathname;
const QUICK = 'quick-20261122T125226Z.json';
const bench = (...args) => spawnSync(process.execPath, [BENCH, ...args], {encoding: 'utf8'});

function results(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'validate-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  return dir;
}

test('validate: a summary.tps multiplied by 10 by hand is not valid; the same file as written is', (t) => {
  const dir = results(t);
  const file = path.join(dir, QUICK);
  copyFileSync(path.join(FIXTURES, QUICK), file);
  assert.deepEqual([bench('validate', file).status, bench('validate', file).stdout], [0, `${file}: valid\n`]);
  const run = JSON.parse(readFileSync(file, 'utf8'));
  run.cells[0].summary.tps *= 10;
  writeFileSync(file, JSON.stringify(run));
  const {status, stdout, stderr} = bench('validate', file);
  assert.equal(status, 1);
  assert.equal(stdout, '');
  assert.equal(
    stderr,
    `${file}: cells[0] (pg17/select-only/small/c1/r1).summary.tps is 53908.95828; derived from its output, it is ` +
      '5390.895828: restore the file as the runner wrote it (from git), or run the cells again (bench run), ' +
      'instead of editing figures\n',
  );
});

test('validate: two files of one run are refused, naming both', (t) => {
  const dir = results(t);
  const [first, second] = [QUICK, 'quick-copy.json'].map((name) => path.join(dir, name));
  copyFileSync(path.join(FIXTURES, QUICK), first);
  copyFileSync(path.join(FIXTURES, QUICK), second);
  const {status, stdout, stderr} = bench('validate', first, second);
  assert.equal(status, 1);
  assert.equal(stdout, `${first}: valid\n`);
  assert.equal(
    stderr,
    `${second}: run.id "quick-20261122T125226Z" is the id of ${first} too: two files of one run would be ` +
      'published as one; keep one of them (a merged result takes the place of its parts: move the parts out of ' +
      'results/)\n',
  );
});

test("validate: the probe's profile, a link to a file of the machine, is not valid", (t) => {
  const dir = results(t);
  const fixture = new URL('../../test/fixtures/instructions/', import.meta.url).pathname;
  cpSync(fixture, dir, {recursive: true});
  const name = readdirSync(dir).find((f) => f.endsWith('.json'));
  const file = path.join(dir, name);
  assert.equal(bench('validate', file).status, 0);
  const long = path.join(dir, name.replace(/\.json$/, '.cachegrind'), 'pg17.s.tpcb.c1.long.out');
  rmSync(long);
  symlinkSync('/etc/passwd', long);
  const {status, stderr} = bench('validate', file);
  assert.equal(status, 1);
  assert.match(stderr, /"[^"]+pg17\.s\.tpcb\.c1\.long\.out" passes through a link \(pg17\.s\.tpcb\.c1\.long\.out\)/);
  assert.doesNotMatch(stderr, /root:/);
});
