import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {buildPages} from './site-data.mjs';
import {newestRun} from '../model/newest-run.mjs';
import {loadResults, loadSiteData} from '../load/site.mjs';
import {scaledCell} from '../results/scaled-cell.mjs';
import {fixtureSite, plannerRun, quickRun, siteDir, suitePageSite, versionsRun} from '../../test/helpers/fixtures.mjs';
import {createRequire, syncBuiltinESMExports} from 'node:module';

const require = createRequire(import.meta.url);

test('a page uses the newest finished run of its suite', () => {
  const older = versionsRun();
  const newer = versionsRun();
  newer.run.startedAt = '2027-01-01T00:00:00.000Z';
  const unfinished = versionsRun();
  unfinished.run.startedAt = '2028-01-01T00:00:00.000Z';
  unfinished.run.finishedAt = null;
  assert.equal(newestRun([older, plannerRun(), unfinished, newer], 'pg-versions', {required: true}), newer);
});

test('without a run of its suite, the build stops and says how to make one', () => {
  assert.throws(
    () => newestRun([plannerRun()], 'pg-versions', {required: true}),
    /results\/ has no finished "pg-versions" run.*npm run bench -- run pg-versions/,
  );
});

test('the quick-run page shows the newest quick run, and builds without one', () => {
  const messages = JSON.parse(readFileSync(`${siteDir}i18n/ko/benchmarks.json`, 'utf8'));
  const content = {...loadSiteData(fixtureSite()), results: [versionsRun(), plannerRun(), quickRun()]};
  const pages = buildPages(content, 'ko', messages);
  assert.equal(pages['quick-run'].run.id, quickRun().run.id);
  // Every page also carries the terms it may explain (lib/i18n/terms.mjs).
  assert.deepEqual(Object.keys(pages['quick-run'].messages), ['common', 'suite', 'site', 'terms']);
  assert.deepEqual(Object.keys(pages.translating.messages), ['translate', 'common', 'site', 'terms']);
  const without = buildPages({...content, results: [versionsRun(), plannerRun()]}, 'ko', messages);
  assert.equal(without['quick-run'].run, null);
  assert.equal(without.runs.runs.length, 2);
});

test('each result file is parsed once for every locale, frozen, and again when it changes or goes', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-results-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  mkdirSync(path.join(dir, 'results'));
  const file = path.join(dir, 'results', 'quick.json');
  writeFileSync(file, JSON.stringify(quickRun()));
  const [first] = loadResults(dir);
  // Docusaurus evaluates the data plugin's modules anew for each locale: a new instance shares the parse.
  const again = await import(`../load/site.mjs?locale=${Date.now()}`);
  assert.equal(again.loadResults(dir)[0], first);
  assert.ok(Object.isFrozen(first.cells[0].summary), 'shared by every locale: nothing may change it');
  assert.throws(() => {
    first.cells[0].summary.tps = 1;
  }, TypeError);
  const changed = quickRun();
  // Its output too: the load derives the figures from it again.
  changed.cells[0] = scaledCell(changed.cells[0], 2);
  writeFileSync(file, JSON.stringify(changed));
  const [reread] = loadResults(dir);
  assert.notEqual(reread, first);
  assert.equal(reread.cells[0].summary.tps, 10781.791656, 'twice the 5390.895828 of the fixture');
  rmSync(file);
  assert.deepEqual(loadResults(dir), []);
});

test("a page's data leaves out the values of every repeat: data/ has them", () => {
  const messages = JSON.parse(readFileSync(`${siteDir}i18n/en/benchmarks.json`, 'utf8'));
  const content = {...loadSiteData(fixtureSite()), results: [versionsRun(), plannerRun(), quickRun()]};
  const quick = buildPages(content, 'en', messages)['quick-run'];
  // Compared from the values (three repeats a side), published as words and their text alone.
  assert.deepEqual(quick.groups[0].table.rows[0].cells[1], {figure: 'tps', text: '6,768', spread: '5,391–7,040'});
  // (A setting that differs lists each server's value: the only "values" a page carries.)
  assert.doesNotMatch(JSON.stringify({...quick, settings: null}), /"values"/);
});

test('builders are pure: once the site is loaded, every page of every locale is made without reading a file', () => {
  const content = loadSiteData(suitePageSite());
  const fs = require('node:fs');
  const names = ['readFileSync', 'readdirSync', 'statSync', 'lstatSync', 'existsSync', 'openSync', 'writeFileSync'];
  const saved = Object.fromEntries(names.map((n) => [n, fs[n]]));
  const touched = [];
  for (const n of names)
    fs[n] = (...args) => {
      touched.push(`${n}(${args[0]})`);
      return saved[n](...args);
    };
  syncBuiltinESMExports();
  try {
    for (const locale of ['en', 'ja']) {
      const {data, fallback, inEnglish} = content.catalogs.usable[locale];
      const pages = buildPages(content, locale, data, {fallback, inEnglish});
      assert.ok(pages['suite-commit-modes'] && pages.translating && pages['pg-versions'], Object.keys(pages).join());
    }
  } finally {
    Object.assign(fs, saved);
    syncBuiltinESMExports();
  }
  assert.deepEqual(touched, []);
});
