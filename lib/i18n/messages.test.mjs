import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createPartsTranslator, createTranslator} from './messages.mjs';

const t = createTranslator('ja', {page: {lead: '{{tps}} TPS を記録しました。'}});

test('a message with its values', () => {
  assert.equal(t('page.lead', {tps: '84,800'}), '84,800 TPS を記録しました。');
});

test('a missing key is an error naming the catalog', () => {
  assert.throws(() => t('page.title'), /i18n\/ja\/benchmarks\.json has no message "page\.title"/);
});

test('a missing value is an error, not a blank or a raw placeholder', () => {
  assert.throws(() => t('page.lead'), /The message "page\.lead" \(ja\) needs a value for \{\{tps\}\}/);
});

test('a message as parts keeps each value whole, an element as well as text', () => {
  const link = {type: 'a', path: 'schemas/result.md'};
  const parts = createPartsTranslator('ja', {runs: {files: '説明は {{schema}} にあります（{{n}} 件）。'}});
  assert.deepEqual(parts('runs.files', {schema: link, n: '3'}), ['説明は ', link, ' にあります（', '3', ' 件）。']);
  assert.throws(() => parts('runs.files', {schema: link}), /needs a value for \{\{n\}\}/);
});

test('Japanese and Chinese take no half-width space beside a value that ends or begins full-width', () => {
  const catalog = {against: '{{base}} に対する {{name}}', pair: '{{name}} {{note}}'};
  const ja = createTranslator('ja', catalog);
  assert.equal(
    ja('against', {base: 'PostgreSQL 17（-O2）', name: 'PostgreSQL 18'}),
    'PostgreSQL 17（-O2）に対する PostgreSQL 18',
  );
  assert.equal(ja('against', {base: 'PostgreSQL 17', name: 'PostgreSQL 18'}), 'PostgreSQL 17 に対する PostgreSQL 18');
  assert.equal(
    createTranslator('zh-Hans', catalog)('pair', {name: 'PostgreSQL 18', note: '（-O2）'}),
    'PostgreSQL 18（-O2）',
  );
  // Other languages keep their spaces as written.
  assert.equal(createTranslator('ko', catalog)('against', {base: '17（-O2）', name: '18'}), '17（-O2） に対する 18');
});

test('Japanese and Chinese: no half-width space where a value and a word meet in their own script', () => {
  const catalog = {
    latest: '最新は {{date}} の {{run}} です',
    warm: '{{warmup}} のウォームアップ',
    on: '在 {{date}} 运行',
  };
  const ja = createTranslator('ja', catalog);
  // A date ends in 日: no space before の; a run id is Latin: spaced as written.
  assert.equal(
    ja('latest', {date: '2026年11月27日', run: 'pg-versions-1'}),
    '最新は 2026年11月27日の pg-versions-1 です',
  );
  assert.equal(ja('warm', {warmup: '10 秒'}), '10 秒のウォームアップ');
  // A value that begins in the language's script takes the space before it too.
  assert.equal(createTranslator('zh-Hans', catalog)('on', {date: '十一月'}), '在十一月运行');
  assert.equal(ja('warm', {warmup: '10 s'}), '10 s のウォームアップ');
});
