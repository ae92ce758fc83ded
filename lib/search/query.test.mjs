import assert from 'node:assert/strict';
import {test} from 'node:test';
import {holdsWholeWords, searchQuery, termLists, wholeWords, withoutParticle} from './query.mjs';

test('Korean particles come off a word that stays two syllables or longer', () => {
  assert.equal(withoutParticle('처리량이'), '처리량');
  assert.equal(withoutParticle('처리량을'), '처리량');
  assert.equal(withoutParticle('버전에서'), '버전');
  assert.equal(withoutParticle('서버로'), '서버');
  assert.equal(withoutParticle('속도'), '속도', 'a two-syllable word keeps its last syllable');
  assert.equal(withoutParticle('지연'), '지연');
  assert.equal(withoutParticle('p99'), 'p99');
  assert.equal(withoutParticle('PostgreSQL의'), 'PostgreSQL의', 'only all-Hangul words');
});

test('the query of a Korean reader loses its particles, other locales keep theirs', () => {
  assert.equal(searchQuery(' 버전별  처리량이 ', {locale: 'ko'}), '버전별 처리량');
  assert.equal(searchQuery('처리량이', {locale: 'ja'}), '처리량이');
});

test('a reader’s word for a term becomes the pages’ word', () => {
  const terms = termLists(['レイテンシ、遅延', 'TPS, throughput']);
  assert.deepEqual(terms, [
    ['レイテンシ', '遅延'],
    ['TPS', 'throughput'],
  ]);
  assert.equal(searchQuery('遅延', {locale: 'ja', terms}), 'レイテンシ');
  assert.equal(searchQuery('p99 遅延', {locale: 'ja', terms}), 'p99 レイテンシ');
  assert.equal(searchQuery('Throughput', {locale: 'en', terms}), 'TPS');
  assert.equal(searchQuery('レイテンシ', {locale: 'ja', terms}), 'レイテンシ');
});

test('a term is replaced where it stands, even where lowercasing would change the query’s length', () => {
  const terms = [['latency', 'gecikme']];
  // "İ".toLowerCase() is two code units: offsets found in the lowercased query fell one short.
  assert.equal(searchQuery('İİİ GECIKME p95', {locale: 'en', terms}), 'İİİ latency p95');
  assert.equal(searchQuery('İstanbul gecikme', {locale: 'en', terms}), 'İstanbul latency');
  assert.equal(searchQuery('tps (x+1) gecikme', {locale: 'en', terms: [['a+b', 'x+1']]}), 'tps (a+b) gecikme');
});

test('a Japanese, Chinese or Korean word of a query must be found whole, not in pieces', () => {
  assert.deepEqual(wholeWords('チェックポイント'), ['チェックポイント']);
  assert.deepEqual(wholeWords('PostgreSQL 17 の実行計画'), ['の実行計画']);
  assert.deepEqual(wholeWords('CHECKPOINT'), []);
  assert.deepEqual(wholeWords('처리량 지연'), ['처리량', '지연']);
  assert.equal(holdsWholeWords('各計測の前に CHECKPOINT を実行し、チェックポイントが…', ['チェックポイント']), true);
  assert.equal(holdsWholeWords('チェックサムを計算します', ['チェックポイント']), false);
});
