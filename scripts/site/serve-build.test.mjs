// The server of a build, on a small real build folder: links never serve a
// file from outside it, impossible paths are answered before the disk, and
// finding a 404 page costs the same for any path.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {impossiblePath, serveBuild} from './serve-build.mjs';

function buildFolder(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'serve-build-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  writeFileSync(path.join(dir, 'index.html'), '<p>home</p>');
  writeFileSync(path.join(dir, '404.html'), '<p>not found</p>');
  mkdirSync(path.join(dir, 'ja'));
  writeFileSync(path.join(dir, 'ja', 'index.html'), '<p>ホーム</p>');
  writeFileSync(path.join(dir, 'ja', '404.html'), '<p>見つかりません</p>');
  return dir;
}

/** GET or HEAD without a keep-alive agent: {status, body}. */
const get = (url, method = 'GET') =>
  new Promise((resolve, reject) => {
    const req = http.request(url, {method, agent: false}, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d) => (body += d));
      res.on('end', () => resolve({status: res.statusCode, body}));
    });
    req.on('error', reject);
    req.end();
  });

test('a link inside the build never serves a file from outside it, folder or file', async (t) => {
  const dir = buildFolder(t);
  const outside = mkdtempSync(path.join(tmpdir(), 'serve-outside-'));
  t.after(() => rmSync(outside, {recursive: true, force: true}));
  writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  symlinkSync(outside, path.join(dir, 'etc'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'secret.txt'));
  symlinkSync('/etc/passwd', path.join(dir, 'passwd.txt'));
  const server = await serveBuild({dir});
  t.after(() => server.close());
  for (const p of ['etc/secret.txt', 'secret.txt', 'passwd.txt', 'etc/']) {
    const {status, body} = await get(new URL(p, server.url));
    assert.equal(status, 404, p);
    assert.ok(!body.includes('secret') && !body.includes('root:'), p);
  }
  assert.equal((await get(server.url)).status, 200);
});

test("a build whose 404 page is a link is refused; a locale's linked 404 page gives way to the root's", async (t) => {
  const dir = buildFolder(t);
  rmSync(path.join(dir, 'ja', '404.html'));
  symlinkSync('/etc/hostname', path.join(dir, 'ja', '404.html'));
  const server = await serveBuild({dir});
  t.after(() => server.close());
  const {status, body} = await get(new URL('ja/nothing/', server.url));
  assert.deepEqual([status, body], [404, '<p>not found</p>']);
  const other = buildFolder(t);
  rmSync(path.join(other, '404.html'));
  symlinkSync('/etc/hostname', path.join(other, '404.html'));
  await assert.rejects(serveBuild({dir: other}), /404\.html is a link/);
});

test('paths no file can have are answered from their text: 400, 404 or 414, never 500', async (t) => {
  const dir = buildFolder(t);
  const server = await serveBuild({dir});
  t.after(() => server.close());
  for (const length of [4000, 4081, 4090, 4095, 5000]) {
    const url = new URL(`${'a/'.repeat(length / 2)}`.slice(0, length), server.url);
    const {status} = await get(url);
    assert.ok([404, 414].includes(status), `${length}: ${status}`);
  }
  assert.equal((await get(new URL('%E0%A4%A', server.url))).status, 400);
  assert.equal(impossiblePath('/a%00b'), 400);
  assert.equal(impossiblePath(`/${'x'.repeat(251)}`), 404);
  assert.equal(impossiblePath(`/${'a/'.repeat(40)}`), 404);
  assert.equal(impossiblePath('/ja/pg-versions/'), null);
  assert.equal((await get(new URL('ja/none/', server.url))).body, '<p>見つかりません</p>');
});

test('a deep not-found path is answered from its text, whatever its depth', async (t) => {
  const dir = buildFolder(t);
  const server = await serveBuild({dir});
  t.after(() => server.close());
  // 2,000 segments: refused from the text (npm run bench:serve times it beside plain requests).
  assert.equal(impossiblePath(`/${'a/'.repeat(2000)}`, dir), 404);
  const {status, body} = await get(new URL('a/'.repeat(2000), server.url));
  assert.deepEqual([status, body], [404, '<p>not found</p>']);
});
