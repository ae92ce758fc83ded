import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {writeSearchIndexes} from './search-index.mjs';

function page(dir, text, script) {
  mkdirSync(dir, {recursive: true});
  writeFileSync(
    path.join(dir, 'index.html'),
    `<html lang="en"><head><script src="/assets/js/main.${script}.js"></script></head>` +
      `<body><article><h1>Throughput</h1><p>${text}</p></article></body></html>`,
  );
}

const files = (dir) => readdirSync(dir, {recursive: true}).sort();

test('an index whose pages did not change is copied from the cache; a changed page is indexed anew', async (t) => {
  const site = mkdtempSync(path.join(tmpdir(), 'search-index-'));
  t.after(() => rmSync(site, {recursive: true, force: true}));
  const out = path.join(site, 'build');
  const cacheDir = path.join(site, 'cache');
  page(out, 'PostgreSQL 17 reads faster', 'aaa');
  page(path.join(out, 'runs'), 'Every run of every suite', 'aaa');
  const built = [{locale: 'en', outDir: out}];

  const first = await writeSearchIndexes(built, {cacheDir});
  assert.deepEqual(first, [{locale: 'en', pages: 2, cached: false}]);
  const index = files(path.join(out, 'pagefind'));
  assert.ok(index.includes('pagefind.js'), index.join(', '));
  const entry = readFileSync(path.join(out, 'pagefind/pagefind-entry.json'));

  // A warm build: the same text, scripts under other names.
  page(out, 'PostgreSQL 17 reads faster', 'bbb');
  rmSync(path.join(out, 'pagefind'), {recursive: true});
  assert.deepEqual(await writeSearchIndexes(built, {cacheDir}), [{locale: 'en', pages: 2, cached: true}]);
  assert.deepEqual(files(path.join(out, 'pagefind')), index);
  assert.deepEqual(readFileSync(path.join(out, 'pagefind/pagefind-entry.json')), entry);

  page(out, 'PostgreSQL 18 reads faster', 'bbb');
  assert.deepEqual(await writeSearchIndexes(built, {cacheDir}), [{locale: 'en', pages: 2, cached: false}]);
});
