import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chartConfig} from './chart-config.mjs';
import {barChart, chartTable, drawable, lineChart, MAX_SERIES} from './chart-spec.mjs';

const seconds = (n) => `${n} s`;
const spec = lineChart({
  id: 'progress',
  locale: 'en',
  title: 'Throughput over the run',
  xTitle: 'Seconds',
  yTitle: 'TPS',
  xKind: 'integer',
  yKind: 'tps',
  image: '/charts/progress.png',
  series: ['PostgreSQL 17', 'PostgreSQL 18'].map((label, i) => ({
    label,
    points: [1, 2, 3].map((x) => ({x, y: 100 * x + i, xText: seconds(x), text: String(100 * x + i)})),
  })),
});

test('a line chart keeps each x value’s words once, not on every series’ point', () => {
  assert.deepEqual(spec.x.texts, {1: '1 s', 2: '2 s', 3: '3 s'});
  for (const s of spec.series) for (const p of s.points) assert.equal(p.xText, undefined);
  assert.deepEqual(spec.series[1].points[2], {x: 3, y: 301, text: '301'});
});

test('the data table and the tooltip name each x by those words', () => {
  assert.deepEqual(
    chartTable(spec).map((r) => [r.label, r.cells.map((c) => c.text)]),
    [
      ['1 s', ['100', '101']],
      ['2 s', ['200', '201']],
      ['3 s', ['300', '301']],
    ],
  );
  const config = chartConfig(spec, {});
  const title = config.options.plugins.tooltip.callbacks.title([{datasetIndex: 1, dataIndex: 1}]);
  assert.equal(title, '2 s');
});

test('a chart of more series than colours and shapes tell apart (30) is not drawn; it says how many', () => {
  const bars = (n, locale = 'en') =>
    barChart({
      id: `b${n}`,
      locale,
      title: 'TPS',
      xTitle: 'Group',
      yTitle: 'TPS',
      kind: 'tps',
      categories: ['c1'],
      series: Array.from({length: n}, (_, i) => ({label: `s${i}`, points: [{y: i + 1, text: String(i + 1)}]})),
      image: `/charts/b${n}.png`,
    });
  assert.equal(MAX_SERIES, 30);
  assert.equal(bars(30).tooMany, undefined);
  assert.equal(bars(31).tooMany, '31');
  assert.equal(bars(1000).tooMany, '1,000');
  assert.equal(bars(1000, 'de').tooMany, '1.000');
  assert.equal(bars(1000).series.length, 1000, 'its table keeps every series');
  assert.deepEqual(
    drawable([bars(2), bars(31), bars(30)]).map((c) => c.id),
    ['b2', 'b30'],
  );
  const lines = lineChart({
    id: 'l',
    locale: 'en',
    title: 't',
    xTitle: 'x',
    yTitle: 'y',
    xKind: 'integer',
    yKind: 'tps',
    image: '/charts/l.png',
    series: Array.from({length: 40}, (_, i) => ({label: `s${i}`, points: [{x: 1, y: i + 1, xText: '1', text: 'a'}]})),
  });
  assert.equal(lines.tooMany, '40');
});
