import {test} from 'node:test';
import assert from 'node:assert/strict';
import {barChart} from './chart-spec.mjs';
import {chartConfig} from './chart-config.mjs';
import {cutText, wrapLabel, wrapText} from './chart-text.mjs';

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
  // Two names on a phone: twelve columns each, broken at a space or beside a CJK character.
  assert.deepEqual(narrow.x.ticks.callback(1), ['GROUP BY の', '順序']);
  assert.deepEqual(narrow.y.title.text, ['PostgreSQL 16', 'に対するスループット（倍）']);
  const wide = chartConfig(spec, theme).options.scales;
  assert.equal(wide.x.ticks.callback(1), 'GROUP BY の順序');
  assert.equal(wide.y.title.text, 'PostgreSQL 16 に対するスループット（倍）');
});

test('an opening bracket never ends a line: it goes down with what it opens', () => {
  const lines = wrapText('TPC-B 風（pgbench の既定）', 10);
  assert.deepEqual(lines, ['TPC-B 風', '（pgbench', 'の既定）']);
});

test("an image's text is wrapped at spaces or beside a CJK character, never before a closing mark", () => {
  assert.deepEqual(wrapText('An outlined bar: a figure the source did not print, derived.', 32), [
    'An outlined bar: a figure the',
    'source did not print, derived.',
  ]);
  assert.deepEqual(wrapText('大きいデータ・多数の接続', 10), ['大きいデー', 'タ・多数の', '接続']);
  // "ー" and "、" stay on the line before them.
  assert.deepEqual(wrapText('データ、ー', 6), ['データ、ー']);
  assert.deepEqual(wrapText('short', 64), ['short']);
});

test('a derived bar is an outline, and the note says so above the credit on the image', () => {
  const spec = barChart({
    id: 'managed-tps',
    locale: 'en',
    image: '/charts/managed-tps.png',
    title: 'Throughput',
    xTitle: 'Test',
    yTitle: 'TPS',
    kind: 'tps',
    note: 'An outlined bar: derived.',
    credit: 'Site · source',
    categories: ['a', 'b'],
    series: [
      {
        label: 'RDS',
        points: [
          {y: 10, text: '10', tooltip: '10'},
          {y: 20, text: '20 *', tooltip: '20 *', derived: true},
        ],
      },
    ],
  });
  const image = chartConfig(spec, {text: '#000', grid: '#ccc', font: {size: 12}, background: '#fff', showTitle: true});
  const [bars] = image.data.datasets;
  assert.deepEqual(bars.backgroundColor, ['#0072B2', '#fff']);
  assert.deepEqual(bars.borderWidth, [0, 2]);
  assert.deepEqual(image.options.plugins.subtitle.text, ['An outlined bar: derived.', 'Site · source']);
  // On the page (no background), the outline is see-through and neither note nor credit is drawn in.
  const page = chartConfig(spec, {text: '#000', grid: '#ccc', font: {size: 12}});
  assert.equal(page.data.datasets[0].backgroundColor[1], 'transparent');
  assert.equal(page.options.plugins.subtitle.display, false);
});

test('long category names are wrapped on a desktop, and stand on end on a phone when a word is too wide', () => {
  const names = ['PostgreSQL 17', 'PostgreSQL 18 (data_checksums off, io_method sync)'];
  const spec = barChart({
    id: 'versions-small-tpcb-tps',
    locale: 'en',
    image: '/charts/versions-small-tpcb-tps.png',
    title: 'Throughput per version',
    xTitle: 'Server',
    yTitle: 'TPS',
    kind: 'tps',
    categories: names,
    series: [{label: 'Median TPS', points: [1, 2].map((y) => ({y, text: String(y), tooltip: String(y)}))}],
  });
  const theme = {text: '#000', grid: '#ccc', font: {size: 12}};
  const wide = chartConfig(spec, theme).options.scales.x.ticks;
  assert.deepEqual(wide.callback(1), ['PostgreSQL 18', '(data_checksums off,', 'io_method sync)']);
  assert.equal(wide.maxRotation, 0);
  const narrow = chartConfig(spec, {...theme, narrow: true}).options.scales.x.ticks;
  assert.equal(narrow.minRotation, 90);
  // Standing on end, lines of about 14 columns: a longer one would run past the half of the chart the axis may take.
  assert.deepEqual(narrow.callback(1), ['PostgreSQL 18', '(data_checksums', 'off, io_method', 'sync)']);
});

test('a CJK name with one space stands on end in short lines, broken beside its characters', () => {
  const spec = barChart({
    id: 'quick-run-tps',
    locale: 'ja',
    image: '/charts/quick-run-tps.png',
    title: 'サーバーごとのスループットの中央値',
    xTitle: 'グループ',
    yTitle: '毎秒トランザクション数',
    kind: 'tps',
    categories: ['select-only、クライアント数 1', 'tpcb-like、クライアント数 4'],
    series: [{label: 'PostgreSQL 17', points: [1, 2].map((y) => ({y, text: String(y), tooltip: String(y)}))}],
  });
  const narrow = chartConfig(spec, {text: '#000', grid: '#ccc', font: {size: 12}, narrow: true}).options.scales.x;
  assert.equal(narrow.ticks.minRotation, 90);
  assert.deepEqual(narrow.ticks.callback(0), ['select-only、', 'クライアント数', '1']);
});

test("an image's legend label too wide for the canvas is cut with an ellipsis", () => {
  assert.equal(cutText('PostgreSQL 15', 20), 'PostgreSQL 15');
  assert.equal(cutText('PostgreSQL 18 (data_checksums on, io_method worker)', 20), 'PostgreSQL 18 (data…');
  assert.equal(cutText('バージョン別スループット', 10), 'バージョ…');
});
