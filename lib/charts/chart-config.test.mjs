import {test} from 'node:test';
import assert from 'node:assert/strict';
import {barChart} from './chart-spec.mjs';
import {chartConfig, wrapLabel} from './chart-config.mjs';

test('labels are wrapped at spaces only, a word never cut, a CJK character counted as two columns', () => {
  assert.deepEqual(wrapLabel('GROUP BY の順序', 10), ['GROUP BY', 'の順序']);
  assert.deepEqual(wrapLabel('ソート済み CTE', 10), ['ソート済み', 'CTE']);
  assert.equal(wrapLabel('範囲 @>', 10), '範囲 @>');
  assert.deepEqual(wrapLabel('GROUP BY order', 10), ['GROUP BY', 'order']);
  assert.equal(wrapLabel('PostgreSQL', 4), 'PostgreSQL');
});

test('on a phone, category names are wrapped upright and axis titles take lines; on a desktop, as written', () => {
  const spec = barChart({
    id: 'planner-speedup',
    locale: 'ja',
    image: '/charts/planner-speedup.png',
    title: 'ケース別スループット',
    xTitle: 'ケース',
    yTitle: 'PostgreSQL 16 に対するスループット（倍）',
    kind: 'ratio',
    categories: ['ソート済み CTE', 'GROUP BY の順序'],
    series: [{label: 'PostgreSQL 17', points: [1.2, 3.4].map((y) => ({y, text: String(y), tooltip: String(y)}))}],
  });
  const theme = {text: '#000', grid: '#ccc', font: {size: 12}};
  const narrow = chartConfig(spec, {...theme, narrow: true}).options.scales;
  assert.equal(narrow.x.ticks.maxRotation, 0);
  assert.deepEqual(narrow.x.ticks.callback(1), ['GROUP BY', 'の順序']);
  assert.deepEqual(narrow.y.title.text, ['PostgreSQL 16', 'に対するスループット（倍）']);
  const wide = chartConfig(spec, theme).options.scales;
  assert.equal(wide.x.ticks.callback, undefined);
  assert.equal(wide.y.title.text, 'PostgreSQL 16 に対するスループット（倍）');
});
