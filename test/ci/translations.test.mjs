// The translators' side of CI, as configuration: translations.yml runs on pull
// requests that change i18n/ only (and benchmark.yml does not), and its job
// that checks and builds needs Node alone; crowdin.yml maps Crowdin's languages
// onto the very catalog files, which are written the way an i18next JSON export
// writes them, so a download changes nothing that was not translated. Its steps
// run on a real pull request in test/site/translation-pull-request.test.mjs.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import YAML from 'yaml';
import {catalogPath} from '../../lib/i18n/catalogs.mjs';
import {locales, defaultLocale} from '../../lib/locales.mjs';

const root = new URL('../../', import.meta.url).pathname;
const VALIDATOR = `${root}node_modules/.bin/action-validator`;
const read = (file) => YAML.parse(readFileSync(`${root}${file}`, 'utf8'));

test('translations.yml: valid, on i18n/ pull requests only, its checking job on Node alone', () => {
  const run = spawnSync(VALIDATOR, [`${root}.github/workflows/translations.yml`], {encoding: 'utf8'});
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const w = read('.github/workflows/translations.yml');
  assert.deepEqual(w.on, {pull_request: {paths: ['i18n/**']}});
  assert.deepEqual(read('.github/workflows/benchmark.yml').on.pull_request['paths-ignore'], ['i18n/**']);
  // The steps a translator's pull request gets, by id (the site tier runs them), each after a failed check too.
  assert.deepEqual(
    w.jobs.catalogs.steps.filter((s) => s.id).map((s) => [s.id, s.if ?? null]),
    [
      ['check', null],
      ['changed', 'always()'],
      ['number-style', 'always()'],
      ['build', 'always()'],
    ],
  );
  assert.equal(w.jobs.catalogs.container, 'node:20-bookworm');
  // Node only: no step of the checking job installs a system package, starts a server or runs a benchmark.
  // The program of each line (a variable set from a command counts as that command); shell keywords aside.
  const SHELL = new Set(['for', 'if', 'then', 'do', 'done', 'fi']);
  for (const step of w.jobs.catalogs.steps.filter((s) => s.run)) {
    const programs = step.run
      .split('\n')
      .map((line) => /^\s*(?:\w+="\$\()?([\w./-]+)/.exec(line)?.[1])
      .filter((p) => p && !SHELL.has(p));
    assert.deepEqual(
      programs.filter((p) => !['npm', 'node', 'git'].includes(p)),
      [],
      step.id ?? step.name,
    );
  }
  // For the reviewer, a job of its own installs Chromium and the CJK fonts (and nothing for a benchmark), takes
  // the screenshots, and uploads them from where the step writes them.
  const install = w.jobs.screenshots.steps.find((s) => s.run?.includes('apt-get install'));
  assert.match(install.run, /apt-get install -y --no-install-recommends chromium fonts-noto-cjk\n/);
  assert.ok(
    w.jobs.screenshots.steps.every((s) => !/bench\.mjs|setup-system/.test(s.run ?? '')),
    'the screenshots job runs no benchmark',
  );
  assert.equal(w.jobs.screenshots.steps.at(-1).with.path, '.preview/*/screenshots/');
  // The checking job builds each changed language as the screenshots job does, but takes no screenshots: the
  // site tier runs the screenshots job's step on a pull request, and so this build too.
  const build = w.jobs.catalogs.steps.find((s) => s.id === 'build').run;
  const screenshots = w.jobs.screenshots.steps.find((s) => s.id === 'screenshots').run;
  // Statement by statement, whatever the lines: `; then x` and `then\n x` alike.
  const statements = (run) =>
    run
      .replaceAll(';', '\n')
      .replace(/\b(do|then) /g, '$1\n')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('node scripts/publish/page-screenshots.mjs'));
  assert.deepEqual(statements(build), statements(screenshots));
});

test('crowdin.yml maps every language to its catalog, in i18next JSON, and the catalogs are in export form', () => {
  const config = read('crowdin.yml');
  const [file] = config.files;
  assert.equal(file.type, 'i18next_json');
  assert.equal(file.source, `/${catalogPath(defaultLocale)}`);
  // Crowdin's two-letter codes, as its docs list them, with the one mapping Simplified Chinese needs.
  const crowdinCode = {ja: 'ja', ko: 'ko', 'zh-Hans': 'zh'};
  const mapping = file.languages_mapping.two_letters_code;
  for (const locale of Object.keys(locales).filter((l) => l !== defaultLocale)) {
    const code = Object.entries(mapping).find(([, to]) => to === locale)?.[0] ?? crowdinCode[locale];
    const resolved = file.translation.replace('%two_letters_code%', mapping[code] ?? code);
    assert.equal(resolved, `/${catalogPath(locale)}`, locale);
  }
  // A tool re-serialises what it downloads: two-space JSON, UTF-8 unescaped, a final newline. Ours is already so.
  for (const locale of Object.keys(locales)) {
    const text = readFileSync(`${root}${catalogPath(locale)}`, 'utf8');
    assert.equal(`${JSON.stringify(JSON.parse(text), null, 2)}\n`, text, catalogPath(locale));
  }
});
