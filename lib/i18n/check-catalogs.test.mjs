import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {checkCatalogs, formatProblem, markReviewed} from './check-catalogs.mjs';
import {catalogFile} from './catalogs.mjs';

const root = new URL('../../', import.meta.url).pathname;
const LOCALES = ['en', 'ja', 'ko', 'zh-Hans'];

/** A copy of the project's catalogs, edited by `edit(text)` for one locale. */
function siteWith(t, locale, edit) {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  cpSync(path.join(root, 'i18n'), path.join(dir, 'i18n'), {recursive: true});
  if (locale) {
    const file = catalogFile(dir, locale);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
  }
  return dir;
}
const lineOf = (text, fragment) => text.slice(0, text.indexOf(fragment)).split('\n').length;
const check = (dir) => checkCatalogs(dir, LOCALES, 'en').problems.map(formatProblem);

test("the project's catalogs pass, with every translation reviewed", (t) => {
  const {problems, stale, status} = checkCatalogs(siteWith(t), LOCALES, 'en');
  assert.deepEqual(problems, []);
  assert.deepEqual(stale, []);
  assert.deepEqual(Object.keys(status), ['ja', 'ko', 'zh-Hans']);
});

test('a digit injected into a Japanese message is reported with its file, line and key', (t) => {
  let line;
  const dir = siteWith(t, 'ja', (text) => {
    line = lineOf(text, '"lead": "pgbench に付属する');
    return text.replace('"lead": "pgbench に付属する', '"lead": "pgbench 12.3% に付属する');
  });
  assert.deepEqual(check(dir), [
    `i18n/ja/benchmarks.json:${line}: "versions.lead" contains "12", "3": numbers come from the data, never from a ` +
      `message; use a {{placeholder}} the page fills (or, for a name such as gp3, add it to DIGIT_ALLOWLIST in ` +
      `lib/i18n/catalog-checks/stray-digits.mjs and i18n/README.md)`,
  ]);
});

test('a deleted Korean key is reported as missing, with the English line', (t) => {
  const dir = siteWith(t, 'ko', (text) => {
    const data = JSON.parse(text);
    delete data.runs.imported;
    return JSON.stringify(data, null, 2);
  });
  const [problem] = check(dir);
  assert.match(
    problem,
    new RegExp(
      String.raw`^i18n/ko/benchmarks\.json: "runs\.imported" is missing ` +
        String.raw`\(English: i18n/en/benchmarks\.json line \d+\): add its translation$`,
    ),
  );
});

test('a renamed Chinese placeholder is reported with both sets of names', (t) => {
  const dir = siteWith(t, 'zh-Hans', (text) => text.replace('"allOk": "{{cells}} 项', '"allOk": "{{count}} 项'));
  const problems = check(dir);
  assert.equal(problems.length, 1);
  assert.match(
    problems[0],
    /^i18n\/zh-Hans\/benchmarks\.json:\d+: "runs\.allOk" has placeholders \{count\} but English has \{cells\}/,
  );
});

test('formatter options and extra keys are refused; invalid JSON names its line', (t) => {
  const formatted = siteWith(t, 'ja', (text) =>
    text.replace('"tpsValue": "{{value}} TPS"', '"tpsValue": "{{value, number}} TPS", "bonus": "x"'),
  );
  const problems = check(formatted);
  assert.ok(
    problems.some((p) => /"common\.tpsValue" .*not a plain \{\{name\}\}/.test(p)),
    problems.join('\n'),
  );
  assert.ok(problems.some((p) => /"common\.bonus" is not in English/.test(p)));
  const broken = siteWith(t, 'ko', (text) => text.replace('"server": "서버",', '"server": "서버"'));
  assert.match(check(broken)[0], /^i18n\/ko\/benchmarks\.json:\d+: is not valid JSON \(column \d+\)/);
});

test('a translation goes stale when its English changes, until it is marked reviewed', (t) => {
  const dir = siteWith(t, 'en', (text) => text.replace('"baseline": "baseline"', '"baseline": "reference"'));
  const {stale, status} = checkCatalogs(dir, LOCALES, 'en');
  assert.deepEqual(
    stale.map((s) => [s.locale, s.key]),
    [
      ['ja', 'common.baseline'],
      ['ko', 'common.baseline'],
      ['zh-Hans', 'common.baseline'],
    ],
  );
  assert.equal(status.ja.stale, 1);
  markReviewed(dir, 'ja', 'en', ['common.baseline']);
  assert.deepEqual(
    checkCatalogs(dir, LOCALES, 'en').stale.map((s) => s.locale),
    ['ko', 'zh-Hans'],
  );
});

test('a key written twice in a Korean catalog is reported at its second line, naming the first', (t) => {
  let first;
  let second;
  const dir = siteWith(t, 'ko', (text) => {
    first = lineOf(text, '"imported":');
    const doubled = text.replace(/("imported": "[^"]*",)/, '$1\n    "imported": "두 번째",');
    second = first + 1;
    return doubled;
  });
  assert.deepEqual(check(dir), [
    `i18n/ko/benchmarks.json:${second}: "runs.imported" is written twice (first on line ${first}); only the last ` +
      `one would be used: keep one`,
  ]);
});

test('npm run i18n:check passes on the project catalogs', () => {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/i18n.mjs'), 'check'], {encoding: 'utf8'});
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /4 catalogs agree with English/);
});
