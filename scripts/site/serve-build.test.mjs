import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {serveBuild} from './serve-build.mjs';

function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-'));
  writeFileSync(path.join(dir, 'index.html'), '<html lang="en">home</html>');
  writeFileSync(path.join(dir, '404.html'), '<html lang="en">not found</html>');
  writeFileSync(path.join(dir, 'app.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  mkdirSync(path.join(dir, 'ja'));
  writeFileSync(path.join(dir, 'ja', 'index.html'), '<html lang="ja">ホーム</html>');
  writeFileSync(path.join(dir, 'ja', '404.html'), '<html lang="ja">見つかりません</html>');
  return dir;
}

test('serves each locale folder at its own path', async (t) => {
  const server = await serveBuild({dir: fakeBuild()});
  t.after(server.close);
  const home = await fetch(server.url);
  assert.equal(home.status, 200);
  assert.equal(await home.text(), '<html lang="en">home</html>');
  const ja = await fetch(new URL('ja/', server.url));
  assert.equal(await ja.text(), '<html lang="ja">ホーム</html>');
});

test('an unknown path is a 404, not the home page, in the language of its folder', async (t) => {
  const server = await serveBuild({dir: fakeBuild()});
  t.after(server.close);
  const en = await fetch(new URL('nope/', server.url));
  assert.equal(en.status, 404);
  assert.equal(await en.text(), '<html lang="en">not found</html>');
  const ja = await fetch(new URL('ja/nope/deeper/', server.url));
  assert.equal(ja.status, 404);
  assert.equal(await ja.text(), '<html lang="ja">見つかりません</html>');
});

test('text is sent compressed to a browser that accepts it, and whole to one that does not', async (t) => {
  const server = await serveBuild({dir: fakeBuild()});
  t.after(server.close);
  const zipped = await fetch(new URL('app.js', server.url), {headers: {'accept-encoding': 'gzip'}});
  assert.equal(zipped.headers.get('content-encoding'), 'gzip');
  assert.equal((await zipped.text()).length, 4000 + 'console.log("");'.length, 'fetch unzips it whole');
  const plain = await new Promise((resolve) =>
    http.get(new URL('app.js', server.url), {headers: {'accept-encoding': 'identity'}}, resolve),
  );
  assert.equal(plain.headers['content-encoding'], undefined);
  plain.resume();
});

test('a folder without a build is refused with the command to make one', async () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'empty-'));
  await assert.rejects(serveBuild({dir: empty}), /index\.html not found: build the site first \(npm run build\)/);
});
