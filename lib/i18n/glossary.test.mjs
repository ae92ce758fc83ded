import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseCatalog} from './catalogs.mjs';
import {glossaryProblems, readGlossary} from './glossary.mjs';

const siteDir = new URL('../../', import.meta.url).pathname;

test('every translation keeps to its glossary as committed', () => {
  for (const locale of ['ja', 'ko', 'zh-Hans']) {
    const glossary = readGlossary(siteDir, locale);
    assert.ok(glossary.terms.length >= 5, locale);
    assert.deepEqual(glossaryProblems(parseCatalog(siteDir, locale), glossary, locale), [], locale);
  }
});

test('a word to avoid, and a page name not its glossary term, are each named with the key', () => {
  const glossary = readGlossary(siteDir, 'ko');
  const catalog = parseCatalog(siteDir, 'ko');
  const messages = new Map(catalog.messages);
  messages.set('site.nav.runs', '실행 기록');
  messages.set('common.verdict.short.below-margin', '허용 오차 이내');
  const problems = glossaryProblems({...catalog, messages}, glossary, 'ko');
  assert.deepEqual(
    problems.map((p) => [p.key, p.id, p.values.word ?? p.values.term]),
    [
      ['common.verdict.short.below-margin', 'checks.glossaryAvoid', '허용 오차'],
      ['site.nav.runs', 'checks.glossaryAvoid', '실행 기록'],
      ['site.nav.runs', 'checks.glossaryTerm', '실행 목록'],
    ],
  );
});

test('a glossary that is no JSON, or lacks a term, is refused with its file and the fix', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'glossary-'));
  mkdirSync(path.join(dir, 'i18n', 'ja'), {recursive: true});
  const file = path.join(dir, 'i18n', 'ja', 'glossary.json');
  writeFileSync(file, '{"terms": [');
  assert.throws(() => readGlossary(dir, 'ja'), /i18n\/ja\/glossary\.json is not valid JSON/);
  writeFileSync(file, '{"terms": [{"concept": "margin"}]}');
  assert.throws(() => readGlossary(dir, 'ja'), /terms\[0\] needs a "concept".*and a "term"/);
  assert.equal(readGlossary(dir, 'ko'), null);
});
