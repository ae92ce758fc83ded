import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseCatalog} from './catalogs.mjs';
import {checkCatalogs} from './check-catalogs.mjs';
import {usableCatalog} from './fallback.mjs';
import {suiteWord, suiteWordsOf} from './suite-words.mjs';
import {suitePageSite} from '../../test/helpers/fixtures.mjs';

const site = suitePageSite();
const CODES = ['en', 'ja', 'ko', 'zh-Hans'];

test("a suite's words are its title (its id until it has one), description and each part's description", () => {
  const suite = {
    id: 'mine',
    words: {title: null, description: 'Two settings.', targets: {a: 'the default', 'b.c': 'dotted'}, workloads: {}},
  };
  assert.deepEqual(suiteWordsOf(suite), [
    ['suites.mine.title', 'mine'],
    ['suites.mine.description', 'Two settings.'],
    // A dotted id could not be a key: that word stays English everywhere.
    ['suites.mine.targets.a', 'the default'],
  ]);
});

test("English holds a page's suite words, optional, each from its suite; a suite with its own page has none", () => {
  const english = parseCatalog(site, 'en');
  const keys = [...english.optional];
  assert.deepEqual(keys, [
    'suites.commit-modes.title',
    'suites.commit-modes.description',
    'suites.commit-modes.targets.sync-on',
    'suites.commit-modes.targets.sync-off',
    'suites.commit-modes.workloads.tpcb',
    'suites.commit-modes.workloads.counter',
    'suites.commit-modes.scenarios.short',
  ]);
  assert.equal(english.messages.get('suites.commit-modes.targets.sync-off'), 'synchronous_commit off');
  assert.equal(english.sources.get('suites.commit-modes.title'), 'benchmarks/commit-modes/suite.yaml');
  // Its figures are the suite's ("PostgreSQL 17", "100 counters"): no problem, and nothing a translation lacks is one.
  const {problems, inEnglish} = checkCatalogs(site, CODES, 'en');
  assert.deepEqual(problems, []);
  assert.equal(inEnglish.length, 3 * keys.length);
  assert.deepEqual(inEnglish[0], {
    file: 'benchmarks/commit-modes/suite.yaml',
    line: null,
    key: 'suites.commit-modes.title',
    locale: 'ja',
  });
});

test('a translated word is shown translated; the others stay in English, listed', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'suite-words-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  cpSync(path.join(site, 'i18n'), path.join(dir, 'i18n'), {recursive: true, dereference: true});
  cpSync(path.join(site, 'benchmarks'), path.join(dir, 'benchmarks'), {recursive: true});
  symlinkSync(path.join(site, 'datasets'), path.join(dir, 'datasets'));
  const file = path.join(dir, 'i18n/ja/benchmarks.json');
  const ja = JSON.parse(readFileSync(file, 'utf8'));
  ja.suites = {'commit-modes': {title: 'コミット時に WAL のフラッシュを待つか'}};
  writeFileSync(file, JSON.stringify(ja));
  const {data, inEnglish, fallback} = usableCatalog(dir, 'ja');
  assert.equal(
    suiteWord(data, new Set(inEnglish), 'commit-modes', 'title').text,
    'コミット時に WAL のフラッシュを待つか',
  );
  assert.equal(suiteWord(data, new Set(inEnglish), 'commit-modes', 'title').lang, undefined);
  assert.deepEqual(suiteWord(data, new Set(inEnglish), 'commit-modes', 'targets', 'sync-off'), {
    text: 'synchronous_commit off',
    lang: 'en',
    key: 'suites.commit-modes.targets.sync-off',
  });
  assert.equal(inEnglish.length, 6);
  assert.deepEqual(fallback, [], 'a word not yet translated is no problem of the catalog');
  // A key of no suite's words is still a typo.
  ja.suites['commit-modes'].titel = 'x';
  writeFileSync(file, JSON.stringify(ja));
  const {problems} = checkCatalogs(dir, CODES, 'en');
  assert.ok(
    problems.some((p) => p.key === 'suites.commit-modes.titel'),
    JSON.stringify(problems),
  );
});
