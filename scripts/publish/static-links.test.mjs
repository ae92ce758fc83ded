import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {linksOutside} from './static-links.mjs';

test("links in static/ to anything outside it are found, the project's own files too; links within it are not", (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-links-'));
  t.after(() => rmSync(root, {recursive: true, force: true}));
  const dir = path.join(root, 'static');
  mkdirSync(path.join(dir, 'img'), {recursive: true});
  writeFileSync(path.join(dir, 'logo.svg'), '<svg/>');
  symlinkSync(path.join(dir, 'logo.svg'), path.join(dir, 'img', 'logo.svg'));
  writeFileSync(path.join(root, '.env'), 'SECRET=1');
  symlinkSync('../.env', path.join(dir, 'env.txt'));
  symlinkSync('/etc/passwd', path.join(dir, 'passwd.txt'));
  symlinkSync('/proc/self/environ', path.join(dir, 'img', 'environ.txt'));
  symlinkSync('/etc', path.join(dir, 'etc'));
  symlinkSync(path.join(root, 'gone'), path.join(dir, 'dangling'));
  assert.deepEqual(
    linksOutside(dir, root).sort((a, b) => a.link.localeCompare(b.link)),
    [
      {link: 'static/dangling', target: null},
      {link: 'static/env.txt', target: path.join(root, '.env')},
      {link: 'static/etc', target: '/etc'},
      {link: 'static/img/environ.txt', target: path.join('/proc', String(process.pid), 'environ')},
      {link: 'static/passwd.txt', target: '/etc/passwd'},
    ],
  );
});

test('static/ that is itself a link is refused', (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-links-'));
  t.after(() => rmSync(root, {recursive: true, force: true}));
  symlinkSync('/etc', path.join(root, 'static'));
  assert.deepEqual(linksOutside(path.join(root, 'static'), root), [{link: 'static', target: '/etc'}]);
});
