// The translators' side of CI: translations.yml runs on pull requests that
// change i18n/ only (and benchmark.yml does not), with no benchmark step; and
// crowdin.yml maps Crowdin's languages onto the very catalog files, which are
// written the way an i18next JSON export writes them, so a download changes
// nothing that was not translated.
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

test('translations.yml: on i18n/ pull requests, checks, builds one language, screenshots it, no benchmark', () => {
  const run = spawnSync(VALIDATOR, [`${root}.github/workflows/translations.yml`], {encoding: 'utf8'});
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const w = read('.github/workflows/translations.yml');
  assert.deepEqual(w.on.pull_request.paths, ['i18n/**']);
  const commands = w.jobs.catalogs.steps.map((s) => s.run ?? '').join('\n');
  assert.match(commands, /i18n\.mjs check --github/);
  assert.match(commands, /i18n\.mjs changed/);
  assert.match(commands, /build\.mjs --locale "\$locale"/);
  assert.doesNotMatch(commands, /bench\.mjs|setup-system|chromium/, 'Node only: no pgbench, no browser, no benchmark');
  // For the reviewer, a job of its own: each changed language built alone, every page's screenshot uploaded.
  const shots = w.jobs.screenshots.steps;
  const shotCommands = shots.map((s) => s.run ?? '').join('\n');
  assert.match(shotCommands, /apt-get install .*chromium fonts-noto-cjk/);
  assert.match(shotCommands, /build\.mjs --locale "\$locale" --out-dir "\.preview\/\$locale"/);
  assert.match(shotCommands, /page-screenshots\.mjs --dir "\.preview\/\$locale"/);
  assert.doesNotMatch(shotCommands, /bench\.mjs|setup-system/);
  assert.equal(shots.at(-1).with.path, '.preview/*/screenshots/');
  assert.deepEqual(read('.github/workflows/benchmark.yml').on.pull_request['paths-ignore'], ['i18n/**']);
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
