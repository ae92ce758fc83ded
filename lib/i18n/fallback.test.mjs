import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {catalogFile} from './catalogs.mjs';
import {usableCatalog} from './fallback.mjs';

const root = new URL('../../', import.meta.url).pathname;

function siteWith(t, locale, edit) {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-fallback-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  cpSync(path.join(root, 'i18n'), path.join(dir, 'i18n'), {recursive: true});
  const file = catalogFile(dir, locale);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return dir;
}

test('a message with a problem is shown in English, the others stay translated', (t) => {
  const dir = siteWith(t, 'ja', (text) =>
    text
      .replace('"tpsValue": "{{value}} TPS"', '"tpsValue": "{{value}}万 TPS"')
      .replace(/\n\s*"baseline": "[^"]*",/, ''),
  );
  const {data, fallback, reasons} = usableCatalog(dir, 'ja');
  assert.deepEqual(fallback.sort(), ['common.baseline', 'common.tpsValue']);
  assert.equal(data.common.tpsValue, '{{value}} TPS');
  assert.equal(data.common.baseline, JSON.parse(readFileSync(catalogFile(dir, 'en'), 'utf8')).common.baseline);
  assert.match(data.site.title, /[\u3040-\u30ff\u4e00-\u9fff]/, 'the rest is still Japanese');
  assert.equal(reasons.length, 2);
});

test('a catalog that is not JSON builds entirely in English, the reason naming its line', (t) => {
  const dir = siteWith(t, 'ko', (text) => text.replace('"server": "서버",', '"server": "서버"'));
  const {data, fallback, reasons, whole} = usableCatalog(dir, 'ko');
  assert.equal(data.site.title, JSON.parse(readFileSync(catalogFile(dir, 'en'), 'utf8')).site.title);
  assert.ok(fallback.length > 400);
  assert.equal(whole, true);
  // Said in Korean: the check's own words are read from the broken file where its mistake is not.
  assert.match(reasons[0], /^i18n\/ko\/benchmarks\.json:\d+: 파일이 올바른 JSON이 아닙니다\(\d+번째 열\)/);
});
