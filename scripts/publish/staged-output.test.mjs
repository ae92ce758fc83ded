import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {clearLeftovers, outputFolder, putInPlace, stagingDir} from './staged-output.mjs';

/** A folder removed after the test, with `sites` ({name: text of its index.html}) made in it. */
function folderWith(t, sites) {
  const dir = mkdtempSync(path.join(tmpdir(), 'staged-output-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  for (const [name, text] of Object.entries(sites)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'index.html'), text);
  }
  return dir;
}

const page = (dir, name) => readFileSync(path.join(dir, name, 'index.html'), 'utf8');

test('a staged site takes the place of the old one, which is removed', (t) => {
  const dir = folderWith(t, {build: 'old', 'build.tmp-77': 'new'});
  assert.equal(stagingDir(path.join(dir, 'build'), 77), path.join(dir, 'build.tmp-77'));
  putInPlace(path.join(dir, 'build.tmp-77'), path.join(dir, 'build'));
  assert.equal(page(dir, 'build'), 'new');
  assert.deepEqual(readdirSync(dir), ['build']);
});

test('the first build: the staged site is put where there was none', (t) => {
  const dir = folderWith(t, {'build.tmp-77': 'new'});
  putInPlace(path.join(dir, 'build.tmp-77'), path.join(dir, 'build'));
  assert.equal(page(dir, 'build'), 'new');
  assert.deepEqual(readdirSync(dir), ['build']);
});

test("what stopped builds left beside the output is removed; others' folders are kept", (t) => {
  const dir = folderWith(t, {
    build: 'site',
    'build.tmp-12': 'half',
    'build.old-34': 'older',
    'build.tmp-x': 'not a build of ours',
    'builds.tmp-12': 'another output',
  });
  assert.deepEqual(clearLeftovers(path.join(dir, 'build')).sort(), [
    'build.old-34 removed: a build that was stopped left it.',
    'build.tmp-12 removed: a build that was stopped left it.',
  ]);
  assert.equal(page(dir, 'build'), 'site');
  assert.deepEqual(readdirSync(dir).sort(), ['build', 'build.tmp-x', 'builds.tmp-12']);
  assert.deepEqual(clearLeftovers(path.join(dir, 'build')), []);
});

test('a build killed between its two renames: the old site is put back, the new one removed', (t) => {
  const dir = folderWith(t, {'build.old-56': 'last complete', 'build.tmp-56': 'new'});
  assert.deepEqual(clearLeftovers(path.join(dir, 'build')), [
    'build.old-56 put back as build: a build was stopped as it replaced it.',
    'build.tmp-56 removed: a build that was stopped left it.',
  ]);
  assert.equal(page(dir, 'build'), 'last complete');
  assert.deepEqual(readdirSync(dir), ['build']);
});

test('an output that is a link: the folder it leads to is replaced, the link kept', (t) => {
  const dir = folderWith(t, {'www-site': 'old'});
  symlinkSync(path.join(dir, 'www-site'), path.join(dir, 'build'));
  const out = outputFolder(path.join(dir, 'build'));
  assert.equal(out, path.join(dir, 'www-site'));
  mkdirSync(stagingDir(out, 9));
  writeFileSync(path.join(stagingDir(out, 9), 'index.html'), 'new');
  putInPlace(stagingDir(out, 9), out);
  assert.equal(page(dir, 'build'), 'new');
  assert.deepEqual(readdirSync(dir).sort(), ['build', 'www-site']);
});
