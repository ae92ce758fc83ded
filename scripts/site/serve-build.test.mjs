import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
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

/** A raw request (fetch refuses some of these paths), resolving with status, headers and body. */
const raw = (server, {method = 'GET', path: p, headers = {}}) =>
  new Promise((resolve, reject) => {
    const req = http.request(new URL(server.url), {method, path: p, headers}, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({status: res.statusCode, headers: res.headers, body}));
    });
    req.on('error', reject);
    req.end();
  });

test('hostile paths get 400 or 404, never a stack trace or a path of this machine', async (t) => {
  const dir = fakeBuild();
  const server = await serveBuild({dir});
  t.after(server.close);
  const errors = [];
  const log = console.error;
  console.error = (...args) => errors.push(args.join(' '));
  t.after(() => (console.error = log));
  for (const [p, status] of [
    ['/%00', 400],
    ['/ja/%00/x', 400],
    ['/%E0%A4%A', 400],
    [`/${'a'.repeat(251)}`, 404],
    [`/ja/${encodeURIComponent('é'.repeat(130))}/`, 404],
    [`/${'a/'.repeat(3000)}`, 404],
  ]) {
    const r = await raw(server, {path: p});
    assert.equal(r.status, status, p.slice(0, 40));
    assert.ok(!r.body.includes(dir) && !/\bat \S+ \(/.test(r.body), `${p.slice(0, 40)}: ${r.body.slice(0, 200)}`);
  }
  assert.deepEqual(errors, []);
});

test('only GET and HEAD: anything else is 405 with Allow', async (t) => {
  const server = await serveBuild({dir: fakeBuild()});
  t.after(server.close);
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const r = await raw(server, {method, path: '/'});
    assert.equal(r.status, 405, method);
    assert.equal(r.headers.allow, 'GET, HEAD');
  }
  const head = await raw(server, {method: 'HEAD', path: '/'});
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
});

test('nosniff, a referrer policy, ETags answered 304, hashed assets cached a year and pages revalidated', async (t) => {
  const dir = fakeBuild();
  mkdirSync(path.join(dir, 'ja', 'assets', 'js'), {recursive: true});
  writeFileSync(path.join(dir, 'ja', 'assets', 'js', 'main.0a1b2c3d.js'), 'x');
  const server = await serveBuild({dir});
  t.after(server.close);
  const home = await raw(server, {path: '/'});
  assert.equal(home.headers['x-content-type-options'], 'nosniff');
  assert.equal(home.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.equal(home.headers['cache-control'], 'no-cache');
  assert.match(home.headers.etag, /^"[0-9a-f]+"$/);
  const again = await raw(server, {path: '/', headers: {'if-none-match': home.headers.etag}});
  assert.equal(again.status, 304);
  assert.equal(again.body, '');
  const asset = await raw(server, {path: '/ja/assets/js/main.0a1b2c3d.js'});
  assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
});

test('a range is of the file as stored: answered uncompressed, its Content-Range true to the bytes sent', async (t) => {
  const dir = fakeBuild();
  const server = await serveBuild({dir});
  t.after(server.close);
  const r = await raw(server, {path: '/app.js', headers: {range: 'bytes=0-99', 'accept-encoding': 'gzip, br'}});
  assert.equal(r.status, 206);
  assert.equal(r.headers['content-encoding'], undefined);
  assert.equal(r.headers['content-range'], `bytes 0-99/${readFileSync(path.join(dir, 'app.js')).length}`);
  assert.equal(r.body, readFileSync(path.join(dir, 'app.js'), 'latin1').slice(0, 100));
});
