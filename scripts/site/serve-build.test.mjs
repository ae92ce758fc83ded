import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {serveBuild} from './serve-build.mjs';

function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-'));
  writeFileSync(path.join(dir, 'index.html'), '<html lang="en">home</html>');
  mkdirSync(path.join(dir, 'ja'));
  writeFileSync(path.join(dir, 'ja', 'index.html'), '<html lang="ja">ホーム</html>');
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

test('an unknown path is a 404, not the home page', async (t) => {
  const server = await serveBuild({dir: fakeBuild()});
  t.after(server.close);
  assert.equal((await fetch(new URL('nope/', server.url))).status, 404);
});

test('a folder without a build is refused with the command to make one', async () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'empty-'));
  await assert.rejects(serveBuild({dir: empty}), /index\.html not found: build the site first \(npm run build\)/);
});
