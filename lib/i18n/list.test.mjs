import {test} from 'node:test';
import assert from 'node:assert/strict';
import {bracketed, clauseSeparator, gapBetween, labelMark, listOf} from './list.mjs';

test('a list in each language; Chinese 和 spaced where it touches a Latin name', () => {
  assert.equal(listOf(['A', 'B', 'C'], 'en'), 'A, B, and C');
  assert.equal(listOf(['甲', '乙', '丙'], 'ja'), '甲、乙、丙');
  assert.equal(listOf(['가', '나', '다'], 'ko'), '가, 나, 다');
  assert.equal(listOf(['Amazon RDS', 'Amazon Aurora'], 'zh-Hans'), 'Amazon RDS 和 Amazon Aurora');
  assert.equal(listOf(['甲', '乙', '丙'], 'zh-Hans'), '甲、乙和丙');
  assert.equal(listOf(['10', '20'], 'zh-Hans'), '10 和 20');
  assert.equal(listOf(['一'], 'zh-Hans'), '一');
});

test('clauses of a sentence: joined by semicolons in Chinese, as a list elsewhere', () => {
  assert.equal(listOf(['读写为甲', '只读为乙'], 'zh-Hans', {clauses: true}), '读写为甲；只读为乙');
  assert.equal(listOf(['x faster', 'y slower'], 'en', {clauses: true}), 'x faster and y slower');
});

test('pieces set side by side: no space beside a full-width mark in Japanese and Chinese, a space elsewhere', () => {
  assert.equal(gapBetween('出典：', 'Performance', 'ja'), '');
  assert.equal(gapBetween('benchmarks', '（掲載日の記載なし）', 'ja'), '');
  assert.equal(gapBetween('原始数据：', 'JSON', 'zh-Hans'), '');
  assert.equal(gapBetween('Source:', 'Performance', 'en'), ' ');
  assert.equal(gapBetween('출처:', 'Performance', 'ko'), ' ');
  assert.equal(gapBetween('サーバー', 'PostgreSQL', 'ja'), ' ');
  assert.equal(bracketed('off', 'PostgreSQL 15、16', 'ja'), 'off（PostgreSQL 15、16）');
  assert.equal(bracketed('off', 'PostgreSQL 15, 16', 'ko'), 'off (PostgreSQL 15, 16)');
  assert.deepEqual(
    ['en', 'ja', 'ko', 'zh-Hans'].map((l) => [labelMark(l), clauseSeparator(l)]),
    [
      [': ', '; '],
      ['：', '；'],
      [': ', '; '],
      ['：', '；'],
    ],
  );
});
