import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createCanvas, loadImage} from '@napi-rs/canvas';
import {barChart} from '../../lib/charts/chart-spec.mjs';
import {IMAGE, NARROW_IMAGE, renderChartPng} from './chart-images.mjs';

const spec = (title, values, credit) =>
  barChart({
    credit,
    id: 'test',
    locale: 'ja',
    image: '/charts/ja/test.png',
    title,
    xTitle: 'サーバー',
    yTitle: '毎秒トランザクション数',
    kind: 'tps',
    categories: ['PostgreSQL 15', 'PostgreSQL 16'],
    series: [
      {
        label: 'TPS',
        points: values.map((y) => ({y, low: y * 0.9, high: y * 1.1, text: String(y), tooltip: String(y)})),
      },
    ],
  });

/** The image's pixels, and how many of them are not white. */
async function inked(png) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const {data} = ctx.getImageData(0, 0, image.width, image.height);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] < 250 || data[i + 1] < 250 || data[i + 2] < 250) count++;
  return {width: image.width, height: image.height, count, ctx};
}

test('a chart becomes a PNG of the stated size with bars, axes and text drawn', async () => {
  const png = renderChartPng(spec('バージョン別スループット', [400, 600]));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const {width, height, count} = await inked(png);
  assert.deepEqual([width, height], [IMAGE.width * IMAGE.scale, IMAGE.height * IMAGE.scale]);
  assert.ok(count > width * height * 0.1, `only ${count} pixels drawn`);
});

test('different data draws a different image', () => {
  assert.notDeepEqual(renderChartPng(spec('タイトル', [400, 600])), renderChartPng(spec('タイトル', [600, 400])));
});

test('Japanese titles are drawn with a CJK font, not as empty boxes', async () => {
  // Tofu boxes of one missing glyph all look alike: two different titles of the
  // same length would then draw the same title area. Real glyphs differ.
  const a = await inked(renderChartPng(spec('毎秒処理数の比較', [500, 500])));
  const b = await inked(renderChartPng(spec('遅延時間の分布図', [500, 500])));
  const title = (x) => [...x.ctx.getImageData(0, 0, x.width, 60).data].join(',');
  assert.notEqual(title(a), title(b));
});

test('an image carries its credit at the bottom, and a narrow size is drawn for phones', async () => {
  const bottom = (x) => [...x.ctx.getImageData(0, x.height - 40, x.width, 40).data].join(',');
  const plain = await inked(renderChartPng(spec('タイトル', [500, 500])));
  const credited = await inked(
    renderChartPng(spec('タイトル', [500, 500], '実行 pg-versions-20261123T140307Z（2026年11月23日）')),
  );
  assert.notEqual(bottom(credited), bottom(plain), 'the credit line is drawn under the chart');
  const narrow = await inked(renderChartPng(spec('タイトル', [500, 500]), NARROW_IMAGE));
  assert.deepEqual(
    [narrow.width, narrow.height],
    [NARROW_IMAGE.width * NARROW_IMAGE.scale, NARROW_IMAGE.height * NARROW_IMAGE.scale],
  );
});
