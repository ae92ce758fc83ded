// One language never blocks another, in a real build: `npm run build -- --locale
// en` on the fixture site with a Japanese catalog that is not JSON builds
// English, and its log and its Translating page say what is wrong with Japanese.
// Every way of breaking every translation is tried on the page data in
// test/i18n/one-locale-never-blocks.test.mjs.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {catalogFile} from '../../lib/i18n/catalogs.mjs';
import {freshCopy} from './site.mjs';

test('npm run build -- --locale en with a Japanese catalog that is not JSON: English builds, the log says why', (t) => {
  const dir = freshCopy({fixtures: true});
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const file = catalogFile(dir, 'ja');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/",\n/, '"\n'));
  const build = spawnSync(process.execPath, [path.join(dir, 'scripts/build.mjs'), '--locale', 'en'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 600_000,
  });
  const log = build.stdout + build.stderr;
  assert.equal(build.status, 0, log);
  // Said in Japanese: the check's words are read from the part of the file that is not broken.
  assert.match(log, /i18n\/ja\/benchmarks\.json:\d+: は正しい JSON ではありません（\d+ 列目）/);
  const page = readFileSync(path.join(dir, 'build/translating/index.html'), 'utf8');
  assert.match(page, /data-catalog-problems="?ja"?[ >]/, 'the Translating page does not say what is wrong with ja');
});
