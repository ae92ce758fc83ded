import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {chartHandoffFile, chartsOf} from '../../lib/charts/chart-handoff.mjs';
import {mountTinyDisk} from '../../test/helpers/tiny-disk.mjs';
import {buildLocalePages} from '../../lib/pages/site-data.mjs';
import {loadSiteData} from '../../lib/load/site.mjs';
import {scaledCell} from '../../lib/results/scaled-cell.mjs';
import {
  clearChartHandoffs,
  drawChartImages,
  emitResultFiles,
  emitResultFilesApart,
  publishResultFiles,
  stagedDataDir,
  workWhileBuilding,
} from './emit-static.mjs';

const root = new URL('../../', import.meta.url).pathname;

/** A site with the project's data, catalogs and suites, and the fixture runs as its results. */
function tempSite(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'emit-static-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  for (const sub of ['datasets', 'benchmarks', 'i18n'])
    cpSync(path.join(root, sub), path.join(dir, sub), {recursive: true});
  cpSync(path.join(root, 'test/fixtures/results'), path.join(dir, 'results'), {
    recursive: true,
    filter: (f) => !f.endsWith('sample-import.json'),
  });
  return dir;
}

/** Where a site's build stages its result files. */
const staged = (site) => stagedDataDir(path.join(site, '.docusaurus'));

/** What the data plugin leaves after building `locale` into `outDir`. */
function handOff(site, locale, outDir) {
  const file = chartHandoffFile(path.join(site, '.docusaurus'), locale);
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(
    file,
    JSON.stringify({locale, outDir, charts: chartsOf(buildLocalePages(loadSiteData(site), locale).pages)}),
  );
}

test('emits each result as JSON (the file as committed) and CSV, and an index of them, newest first', async (t) => {
  const site = tempSite(t);
  const runs = readdirSync(path.join(site, 'results')).map((f) => f.replace(/\.json$/, ''));
  assert.ok(runs.length >= 3, runs.join(', '));
  // In a thread of its own, as the build does.
  assert.equal(await emitResultFilesApart(site, staged(site)), runs.length);
  assert.deepEqual(
    readdirSync(staged(site)).sort(),
    [...runs.flatMap((r) => [`${r}.csv`, `${r}.json`]), 'datasets', 'index.json'].sort(),
  );
  const index = JSON.parse(readFileSync(path.join(staged(site), 'index.json'), 'utf8'));
  assert.deepEqual(index.map((r) => r.id).sort(), [...runs].sort());
  assert.ok(index.every((r, i) => i === 0 || index[i - 1].startedAt >= r.startedAt));
  assert.deepEqual(Object.keys(index[0]), ['id', 'kind', 'suite', 'startedAt', 'finishedAt', 'json', 'csv']);
  for (const run of runs) {
    assert.deepEqual(
      readFileSync(path.join(staged(site), `${run}.json`)),
      readFileSync(path.join(site, 'results', `${run}.json`)),
      run,
    );
  }
});

test('emits each published dataset as JSON and as CSV, a line per test and system', (t) => {
  const site = tempSite(t);
  emitResultFiles(site, staged(site));
  const dir = path.join(staged(site), 'datasets');
  assert.deepEqual(readdirSync(dir).sort(), ['managed-postgres.csv', 'managed-postgres.json']);
  const dataset = JSON.parse(readFileSync(path.join(site, 'datasets/managed-postgres.json'), 'utf8'));
  assert.deepEqual(JSON.parse(readFileSync(path.join(dir, 'managed-postgres.json'), 'utf8')), dataset);
  const [header, ...lines] = readFileSync(path.join(dir, 'managed-postgres.csv'), 'utf8').trimEnd().split('\r\n');
  assert.equal(lines.length, dataset.tests.flatMap((x) => x.figures).length);
  const rows = lines.map((l) => Object.fromEntries(header.split(',').map((h, i) => [h, l.split(',')[i]])));
  const rds = rows.find((r) => r.test === 'io-read-write' && r.system === 'rds');
  assert.deepEqual(
    [rds.tps_low, rds.tps_high, rds.iops, rds.name],
    ['4400', '4600', '16000', 'Amazon RDS for PostgreSQL'],
  );
  const nvme = rows.find((r) => r.test === 'io-read-write' && r.system === 'nvme');
  assert.deepEqual([nvme.tps_low, nvme.tps_high, nvme.iops], ['19800', '19800', '']);
});

test("draws every chart the plugin derived into its locale's output, drawing only what changed", (t) => {
  const site = tempSite(t);
  const generated = path.join(site, '.docusaurus');
  const cacheDir = path.join(site, 'cache');
  const out = {en: path.join(site, 'build'), ko: path.join(site, 'build/ko')};
  handOff(site, 'en', out.en);
  handOff(site, 'ko', out.ko);
  const {charts, images, drawn, locales} = drawChartImages(generated, {cacheDir});
  assert.deepEqual(locales, ['en', 'ko']);
  // 23 charts a locale on the fixture site: Managed Postgres's one, the versions page's overview and the three of
  // its one group, the planner's and the quick run's overview each, and 16 on History. Two sizes of each, wide and
  // narrow for phones, each in the light and the dark theme.
  assert.equal(charts, 46);
  assert.deepEqual([images, drawn], [184, 184]);
  assert.equal(readdirSync(path.join(out.ko, 'charts')).length, charts * 2);
  // The dark image is another drawing of the same chart.
  assert.notDeepEqual(
    readFileSync(path.join(out.ko, 'charts/pg17-planner-ratio-dark.png')),
    readFileSync(path.join(out.ko, 'charts/pg17-planner-ratio.png')),
  );
  // Every page's charts: the versions page's three per comparison group among them.
  const versions = buildLocalePages(loadSiteData(site), 'ko').pages['pg-versions'];
  // The newest pg-versions fixture run, the interleaved A/A run, has one group: small TPC-B.
  assert.deepEqual(
    versions.groups.map((g) => g.id),
    ['small-tpcb'],
  );
  for (const g of versions.groups) {
    for (const chart of ['tps', 'latency', 'progress'])
      for (const file of [`pg-versions-${g.id}-${chart}.png`, `pg-versions-${g.id}-${chart}-narrow.png`])
        assert.ok(existsSync(path.join(out.ko, 'charts', file)), file);
  }
  const image = readFileSync(path.join(out.ko, 'charts/pg17-planner-ratio.png'));
  // Unchanged data: every image comes from the cache, byte for byte.
  assert.equal(drawChartImages(generated, {cacheDir}).drawn, 0);
  assert.deepEqual(readFileSync(path.join(out.ko, 'charts/pg17-planner-ratio.png')), image);
  // One changed figure: only the charts that show it are drawn again.
  const file = path.join(site, 'results/pg17-planner-20261122T105429Z.json');
  const edited = JSON.parse(readFileSync(file, 'utf8'));
  // Its output too: the build derives the figures from it again.
  const pg17 = edited.cells.findIndex((c) => c.target === 'pg17');
  edited.cells[pg17] = scaledCell(edited.cells[pg17], 2);
  writeFileSync(file, JSON.stringify(edited));
  handOff(site, 'en', out.en);
  handOff(site, 'ko', out.ko);
  // The planner's overview chart and the history chart of that case, in each of the two locales, four images each.
  assert.equal(drawChartImages(generated, {cacheDir}).drawn, 16);
  assert.notDeepEqual(readFileSync(path.join(out.ko, 'charts/pg17-planner-ratio.png')), image);
  // A new build starts from no hand-offs: nothing of an older build is drawn.
  clearChartHandoffs(generated);
  assert.deepEqual(drawChartImages(generated, {cacheDir}), {charts: 0, images: 0, drawn: 0, locales: []});
});

test('an invalid result stops the emit and leaves the files of the last build whole', async (t) => {
  const site = tempSite(t);
  emitResultFiles(site, staged(site));
  const before = readdirSync(staged(site)).sort();
  const file = path.join(site, 'results/pg-versions-20261122T110343Z.json');
  const broken = JSON.parse(readFileSync(file, 'utf8'));
  broken.cells[0].summary.tps = '84.8K';
  writeFileSync(file, JSON.stringify(broken));
  assert.throws(
    () => emitResultFiles(site, staged(site)),
    /results\/pg-versions-20261122T110343Z\.json.*cells\[0\]\.summary\.tps/s,
  );
  await assert.rejects(emitResultFilesApart(site, staged(site)), /cells\[0\]\.summary\.tps/);
  assert.deepEqual(readdirSync(staged(site)).sort(), before);
  assert.ok(existsSync(path.join(staged(site), 'pg-versions-20261122T110343Z.csv')));
});

test('a profile that links to a file of the machine stops the emit: the file is never published', (t) => {
  const site = tempSite(t);
  const instructions = path.join(root, 'test/fixtures/instructions');
  for (const name of readdirSync(instructions).filter((f) => f !== 'suite.yaml')) {
    cpSync(path.join(instructions, name), path.join(site, 'results', name), {recursive: true});
  }
  // As the runner wrote them, its profiles are published beside it, as files.
  emitResultFiles(site, staged(site));
  const run = readdirSync(instructions).find((f) => f.endsWith('.json'));
  const folder = run.replace(/\.json$/, '.cachegrind');
  const published = readdirSync(path.join(staged(site), folder)).sort();
  assert.deepEqual(published, readdirSync(path.join(instructions, folder)).sort());
  // The probe: one of them a link to a secret of the machine.
  const secret = path.join(site, 'shadow');
  writeFileSync(secret, 'root:$6$probe-secret\n');
  const long = path.join(site, 'results', folder, published[0]);
  rmSync(long);
  symlinkSync(secret, long);
  assert.throws(
    () => emitResultFiles(site, staged(site)),
    new RegExp(`${published[0].replace(/\./g, '\\.')}" passes through a link`),
  );
  const everything = readdirSync(staged(site), {recursive: true}).map((f) => path.join(staged(site), f));
  const leaked = everything.filter((f) => statSync(f).isFile() && readFileSync(f, 'utf8').includes('probe-secret'));
  assert.deepEqual(leaked, []);
});

test('a full disk: the error names the folder and the fix, and no half-written folder is left', (t) => {
  const site = tempSite(t);
  const generated = path.join(site, '.docusaurus');
  mkdirSync(generated);
  const unmount = mountTinyDisk(generated);
  if (!unmount) return t.skip('mounting a tmpfs needs root');
  try {
    assert.throws(
      () => emitResultFiles(site, staged(site)),
      new RegExp(`^Error: ${generated}/data: could not be written \\(ENOSPC\\): the disk is full: .*unchanged\\.$`),
    );
    assert.deepEqual(readdirSync(generated), []);
  } finally {
    unmount();
  }
});

test('while the build runs, each locale handed over is drawn into the cache; afterwards only copied', async (t) => {
  const site = tempSite(t);
  const generated = path.join(site, '.docusaurus');
  const cacheDir = path.join(site, 'cache');
  const out = {en: path.join(site, 'build'), ko: path.join(site, 'build/ko')};
  const drawing = workWhileBuilding(generated, {cacheDir});
  // The locales are handed over one after the other, as Docusaurus builds them.
  handOff(site, 'en', out.en);
  await new Promise((resolve) => setTimeout(resolve, 300));
  handOff(site, 'ko', out.ko);
  const drawn = await drawing.finish();
  const {images} = drawChartImages(generated, {cacheDir});
  assert.equal(images, 184, "two sizes in two themes of the fixture site's 23 charts, in two locales");
  assert.equal(drawn, images, 'every image drawn during the build');
  assert.equal(readdirSync(cacheDir).length, images);
  assert.equal(readdirSync(path.join(out.ko, 'charts')).length, images / 2, 'each of the two locales, its own');
  // Nothing handed over: finish returns at once, having drawn nothing.
  clearChartHandoffs(generated);
  assert.equal(await workWhileBuilding(generated, {cacheDir}).finish(), 0);
});

test('with search, the same thread indexes each built locale once the build is done, or says why not', async (t) => {
  const site = tempSite(t);
  const generated = path.join(site, '.docusaurus');
  const out = {en: path.join(site, 'build'), ko: path.join(site, 'build/ko')};
  const options = {cacheDir: path.join(site, 'cache'), search: {cacheDir: path.join(site, 'search-cache')}};
  const beside = workWhileBuilding(generated, options);
  for (const [locale, dir] of Object.entries(out)) {
    handOff(site, locale, dir);
    mkdirSync(dir, {recursive: true});
    writeFileSync(
      path.join(dir, 'index.html'),
      `<html lang="${locale}"><body><article><h1>PostgreSQL 17</h1><p>pgbench 처리량</p></article></body></html>`,
    );
  }
  await beside.finish();
  assert.deepEqual(await beside.searchIndexes(), [
    {locale: 'en', pages: 1, cached: false},
    {locale: 'ko', pages: 1, cached: false},
  ]);
  for (const dir of Object.values(out)) assert.ok(existsSync(path.join(dir, 'pagefind', 'pagefind.js')), dir);

  // A locale handed over whose pages are missing: the indexes are not written, and the answer says where.
  clearChartHandoffs(generated);
  handOff(site, 'ja', path.join(site, 'build/ja'));
  const failing = workWhileBuilding(generated, options);
  await failing.finish();
  await assert.rejects(failing.searchIndexes(), /ENOENT.*build\/ja/);
});

test("a build of several languages publishes one data/, at the root; a single language's at its own", (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'emit-data-once-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const generated = path.join(dir, '.docusaurus');
  const stage = () => {
    mkdirSync(stagedDataDir(generated), {recursive: true});
    writeFileSync(path.join(stagedDataDir(generated), 'index.json'), '[]');
  };
  const handOff = (locale, outDir) => {
    mkdirSync(path.dirname(chartHandoffFile(generated, locale)), {recursive: true});
    writeFileSync(chartHandoffFile(generated, locale), JSON.stringify({locale, outDir, charts: []}));
    mkdirSync(outDir, {recursive: true});
  };
  stage();
  assert.equal(publishResultFiles(generated, 'en'), null, 'nothing built: nothing published');
  handOff('ja', path.join(dir, 'single'));
  assert.equal(publishResultFiles(generated, 'en'), path.join(dir, 'single', 'data'));
  assert.ok(existsSync(path.join(dir, 'single', 'data', 'index.json')));
  assert.ok(!existsSync(stagedDataDir(generated)), 'moved, not copied');
  clearChartHandoffs(generated);
  const build = path.join(dir, 'build');
  handOff('ja', path.join(build, 'ja'));
  handOff('en', build);
  handOff('ko', path.join(build, 'ko'));
  // An older build's data/ is replaced whole.
  mkdirSync(path.join(build, 'data'));
  writeFileSync(path.join(build, 'data', 'gone.json'), '{}');
  stage();
  assert.equal(publishResultFiles(generated, 'en'), path.join(build, 'data'));
  assert.deepEqual(readdirSync(path.join(build, 'data')), ['index.json']);
  for (const locale of ['ja', 'ko']) assert.ok(!existsSync(path.join(build, locale, 'data')), locale);
});
