import {test} from 'node:test';
import assert from 'node:assert/strict';
import {displayedValue, formatFigure} from './format.mjs';

const LOCALES = ['en', 'ja', 'ko', 'zh-Hans'];
const all = (value, kind) => LOCALES.map((l) => formatFigure(value, kind, l));

test('compact tps follow each locale: thousands in English, 万 and 만 in Japanese, Chinese and Korean', () => {
  assert.deepEqual(all(19800, 'tpsCompact'), ['19.8K', '1.98万', '1.98만', '1.98万']);
  assert.deepEqual(all(100000, 'countCompact'), ['100K', '10万', '10만', '10万']);
});

test('full tps are grouped, percentages keep three significant digits, ratios one decimal', () => {
  assert.deepEqual(all(84800, 'tps'), ['84,800', '84,800', '84,800', '84,800']);
  assert.deepEqual(all(0.1231, 'percent'), ['+12.3%', '+12.3%', '+12.3%', '+12.3%']);
  assert.equal(formatFigure(3.2609, 'percent', 'en'), '+326%');
  assert.equal(formatFigure(-0.05, 'percent', 'en'), '-5%');
  assert.equal(formatFigure(9.0213, 'ratio', 'ja'), '9.0');
  assert.equal(formatFigure(0.79876, 'ms', 'en'), '0.799');
});

test('the displayed value is the number the text shows', () => {
  assert.equal(displayedValue(0.12307, 'percent'), 0.123);
  assert.equal(displayedValue(19849, 'tpsCompact'), 19800);
  assert.equal(displayedValue(4.2609, 'ratio'), 4.3);
});

test('no figure is formatted from something that is not a number', () => {
  assert.throws(
    () => formatFigure('84.8K', 'tps', 'en'),
    /Cannot format "84.8K" as tps: a figure must be a finite number/,
  );
  assert.throws(() => formatFigure(1, 'speed', 'en'), /Unknown kind of figure "speed"/);
});
