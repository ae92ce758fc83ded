import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {localesInBuild} from './locales-in-build.mjs';

/** A build folder with `pages`: {relative path: html}. */
function build(pages) {
  const dir = mkdtempSync(path.join(tmpdir(), 'built-'));
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), html);
  }
  return dir;
}

test('a full build: the default language at the root, the others in their folders', (t) => {
  const dir = build({'index.html': '<html lang="en">', 'ja/index.html': '<html lang="ja">', 'ko/index.html': ''});
  t.after(() => rmSync(dir, {recursive: true}));
  assert.deepEqual(localesInBuild(dir), [
    {locale: 'en', path: '/'},
    {locale: 'ja', path: '/ja/'},
    {locale: 'ko', path: '/ko/'},
  ]);
});

test('a one-language build is at the root, named by its page’s lang, quoted or (minified) not', (t) => {
  for (const html of ['<html lang=ja dir=ltr class="docs-wrapper">', '<html dir="ltr" lang="ja">']) {
    const dir = build({'index.html': html});
    t.after(() => rmSync(dir, {recursive: true}));
    assert.deepEqual(localesInBuild(dir), [{locale: 'ja', path: '/'}], html);
  }
  const dir = build({'index.html': '<html lang=zh-Hans>'});
  t.after(() => rmSync(dir, {recursive: true}));
  assert.deepEqual(localesInBuild(dir), [{locale: 'zh-Hans', path: '/'}]);
});

test('no build: nothing', (t) => {
  const dir = build({});
  t.after(() => rmSync(dir, {recursive: true}));
  assert.deepEqual(localesInBuild(dir), []);
});
