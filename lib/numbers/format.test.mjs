import {test} from 'node:test';
import assert from 'node:assert/strict';
import {KINDS, displayedValue, formatChange, formatFigure, formatIntervalEnd, rangeText} from './format.mjs';

const LOCALES = ['en', 'ja', 'ko', 'zh-Hans'];
const all = (value, kind) => LOCALES.map((l) => formatFigure(value, kind, l));

test('one style: each kind writes a figure identically in all four locales, grouped, without short forms', () => {
  const figures = [0.000123, 0.5, 4.2609, 37.4, 999.5, 4400, 19849, 100000, 1234567];
  for (const kind of Object.keys(KINDS)) {
    for (const value of figures) {
      const texts = all(kind === 'percent' ? value / 100 : value, kind);
      assert.equal(new Set(texts).size, 1, `${kind} ${value}: ${texts.join(' / ')}`);
      assert.doesNotMatch(texts[0], /^[+-]?\d{4}|[^\d.,%+-]/, `${kind} ${value}: ${texts[0]}`);
    }
  }
  assert.deepEqual(all(4400, 'count'), ['4,400', '4,400', '4,400', '4,400']);
  assert.deepEqual(all(100000, 'count'), ['100,000', '100,000', '100,000', '100,000']);
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
  assert.equal(displayedValue(19849.6, 'tps'), 19850);
  assert.equal(displayedValue(37.449, 'tps'), 37.4);
  assert.equal(displayedValue(4.2609, 'ratio'), 4.3);
});

test('no figure is formatted from something that is not a number', () => {
  assert.throws(
    () => formatFigure('84.8K', 'tps', 'en'),
    /Cannot format "84.8K" as tps: a figure must be a finite number/,
  );
  assert.throws(() => formatFigure(1, 'speed', 'en'), /Unknown kind of figure "speed"/);
});

test('a change is written to the precision of its interval, never beyond three significant digits', () => {
  // -0.0732% inside an interval 40 points wide is no change that can be told: 0%.
  assert.equal(formatChange(-0.000732, 0.4, 'en'), '0%');
  assert.equal(formatChange(-0.0247, 0.21, 'en'), '-2%');
  assert.equal(formatChange(0.0261, 0.02, 'en'), '+2.6%');
  assert.equal(formatChange(0.00436, 0.002, 'en'), '+0.44%');
  assert.equal(formatChange(0.011482, 0.0002, 'en'), '+1.15%');
  // Without an interval, as the percent kind.
  assert.equal(formatChange(-0.000732, null, 'en'), '-0.0732%');
  assert.equal(formatFigure(0.2684, 'approximatePercent', 'en'), '27%');
});

test("a range is written as each language's pages write one", () => {
  assert.equal(rangeText('4.3', '4.5', 'en'), '4.3–4.5');
  assert.equal(rangeText('4.3', '4.5', 'ja'), '4.3〜4.5');
  assert.equal(rangeText('4.3', '4.5', 'ko'), '4.3~4.5');
  assert.equal(rangeText('4.3', '4.5', 'zh-Hans'), '4.3 至 4.5');
  assert.equal(rangeText('4.3', '4.3', 'ja'), '4.3');
});

test("an interval's ends as sizes: the nearer never reads 0%, the farther never less than it is", () => {
  // An interval 17.4 points wide (-18% to -0.6%) supports whole percents: -0.6% would read "-1%" there, and
  // -0.4% "0%"; as the nearer end it keeps what it takes to stay above zero, rounded toward it.
  assert.equal(formatIntervalEnd(-0.006, 0.174, 'en', 'least'), '0.6%');
  assert.equal(formatIntervalEnd(-0.004, 0.176, 'en', 'least'), '0.4%');
  assert.equal(formatIntervalEnd(-0.00004, 0.18, 'en', 'least'), '0.004%');
  assert.equal(formatIntervalEnd(-0.18, 0.174, 'en', 'most'), '18%');
  // 2.4% in an interval 30 points wide: 3%, not 2%; 2.04% in one 4 points wide: 2.1%.
  assert.equal(formatIntervalEnd(0.024, 0.3, 'en', 'most'), '3%');
  assert.equal(formatIntervalEnd(0.0204, 0.04, 'en', 'most'), '2.1%');
  assert.equal(formatIntervalEnd(0.0204, 0.04, 'ja', 'most'), '2.1%');
});
