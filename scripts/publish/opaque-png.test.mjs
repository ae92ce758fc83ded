import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createCanvas, loadImage} from '@napi-rs/canvas';
import {isOpaque, opaquePng} from './opaque-png.mjs';

/** A canvas with what a chart has: flat white, antialiased lines and text, solid bars. */
function drawing(width, height) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#dadde1';
  for (let x = 10; x < width; x += 37) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x * 0.7, height);
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(46, 133, 85, 0.6)';
  ctx.fillRect(20, height / 3, width / 4, height / 2);
  ctx.fillStyle = '#1c1e21';
  ctx.font = '14px sans-serif';
  ctx.fillText('PostgreSQL 17 — 1,234 TPS', 30, 40);
  return canvas;
}

/** The pixels a decoder reads from PNG bytes. */
async function decoded(png) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return {width: image.width, height: image.height, pixels: canvas.data()};
}

/** The chunk types of PNG bytes, in order. */
function chunkTypes(png) {
  const types = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) types.push(png.toString('latin1', at + 4, at + 8));
  return types;
}

test('an opaque drawing decodes to exactly its pixels, at its size', async () => {
  for (const [width, height] of [
    [640, 360],
    [1, 1],
    [333, 17],
  ]) {
    const canvas = drawing(width, height);
    const pixels = canvas.data();
    assert.equal(isOpaque(pixels), true);
    const png = opaquePng(width, height, pixels);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.deepEqual(chunkTypes(png), ['IHDR', 'sRGB', 'IDAT', 'IEND']);
    const back = await decoded(png);
    assert.deepEqual([back.width, back.height], [width, height]);
    assert.ok(back.pixels.equals(pixels), `${width} × ${height}: the decoded pixels differ`);
  }
});

test('is no larger than what Skia encodes for the same pixels', () => {
  const canvas = drawing(800, 420);
  const ours = opaquePng(800, 420, canvas.data());
  const skia = canvas.toBuffer('image/png');
  assert.ok(ours.length <= skia.length * 1.1, `${ours.length} bytes against Skia's ${skia.length}`);
});

test('a pixel that is not fully opaque is found, so the caller encodes it otherwise', () => {
  const canvas = drawing(64, 64);
  assert.equal(isOpaque(canvas.data()), true);
  canvas.getContext('2d').clearRect(63, 63, 1, 1);
  assert.equal(isOpaque(canvas.data()), false);
  assert.equal(isOpaque(createCanvas(8, 8).data()), false);
});

test('bytes that are not width × height RGBA pixels are refused, saying so', () => {
  assert.throws(() => opaquePng(10, 10, Buffer.alloc(399)), /399 bytes are not 10 × 10 RGBA pixels/);
});
