import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {emitStatic} from './emit-static.mjs';

const root = new URL('../../../', import.meta.url).pathname;

/** A site with the project's data, catalogs and suites, and the fixture runs as its results. */
function tempSite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'emit-static-'));
  for (const sub of ['datasets', 'benchmarks', 'i18n']) cpSync(path.join(root, sub), path.join(dir, sub), {recursive: true});
  cpSync(path.join(root, 'test/fixtures/results'), path.join(dir, 'results'), {recursive: true, filter: (f) => !f.endsWith('sample-import.json')});
  return dir;
}

test('emits each result as JSON and CSV, and every chart of every locale as PNG', (t) => {
  const site = tempSite();
  t.after(() => rmSync(site, {recursive: true, force: true}));
  const cacheDir = path.join(site, 'cache');
  const {results, charts, drawn} = emitStatic(site, ['en', 'ko'], {cacheDir});
  assert.equal(results, 3);
  assert.equal(drawn, charts);
  const image = readFileSync(path.join(site, 'static/charts/ko/planner-speedup.png'));
  // Unchanged data: every image comes from the cache, byte for byte.
  assert.equal(emitStatic(site, ['en', 'ko'], {cacheDir}).drawn, 0);
  assert.deepEqual(readFileSync(path.join(site, 'static/charts/ko/planner-speedup.png')), image);
  // One changed figure: only the charts that show it are drawn again.
  const file = path.join(site, 'results/pg17-planner-20261122T105429Z.json');
  const edited = JSON.parse(readFileSync(file, 'utf8'));
  edited.cells.find((c) => c.target === 'pg17').summary.tps *= 2;
  writeFileSync(file, JSON.stringify(edited));
  assert.equal(emitStatic(site, ['en', 'ko'], {cacheDir}).drawn, 2);
  assert.notDeepEqual(readFileSync(path.join(site, 'static/charts/ko/planner-speedup.png')), image);
  assert.deepEqual(readdirSync(path.join(site, 'static/data')).sort(), [
    'pg-versions-20261122T110343Z.csv',
    'pg-versions-20261122T110343Z.json',
    'pg17-planner-20261122T105429Z.csv',
    'pg17-planner-20261122T105429Z.json',
    'quick-20261122T125226Z.csv',
    'quick-20261122T125226Z.json',
  ]);
  const json = JSON.parse(readFileSync(path.join(site, 'static/data/pg-versions-20261122T110343Z.json'), 'utf8'));
  assert.deepEqual(json, JSON.parse(readFileSync(path.join(site, 'results/pg-versions-20261122T110343Z.json'), 'utf8')));
  assert.deepEqual(readdirSync(path.join(site, 'static/charts')).sort(), ['en', 'ko']);
  assert.equal(readdirSync(path.join(site, 'static/charts/ko')).length, charts / 2);
  assert.ok(existsSync(path.join(site, 'static/charts/ko/planner-speedup.png')));
});

test('an invalid result stops the emit and leaves the files of the last build whole', (t) => {
  const site = tempSite();
  t.after(() => rmSync(site, {recursive: true, force: true}));
  emitStatic(site, ['en'], {cacheDir: path.join(site, 'cache')});
  const before = readdirSync(path.join(site, 'static/data')).sort();
  const file = path.join(site, 'results/pg-versions-20261122T110343Z.json');
  const broken = JSON.parse(readFileSync(file, 'utf8'));
  broken.cells[0].summary.tps = '84.8K';
  writeFileSync(file, JSON.stringify(broken));
  assert.throws(() => emitStatic(site, ['en'], {cacheDir: path.join(site, 'cache')}), /results\/pg-versions-20261122T110343Z\.json.*cells\[0\]\.summary\.tps/s);
  assert.deepEqual(readdirSync(path.join(site, 'static/data')).sort(), before);
  assert.ok(existsSync(path.join(site, 'static/charts/en/versions-small-tps.png')));
});
