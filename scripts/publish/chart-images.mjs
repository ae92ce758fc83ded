// Every chart as PNG files per locale (wide and narrow, light and dark), drawn by the same Chart.js
// configuration as the pages (lib/charts/chart-config.mjs) on a Skia canvas, with the CJK font the
// system provides, so Japanese, Korean and Chinese labels are text; cached by what they are drawn from.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {createCanvas, GlobalFonts} from '@napi-rs/canvas';
import {chartConfig} from '../../lib/charts/chart-config.mjs';
import {Legend, SubTitle, Title} from 'chart.js';
import {Chart} from '../../lib/charts/register.mjs';
import {isOpaque, opaquePng} from './opaque-png.mjs';
import {darkImageOf, IMAGE_SIZES, narrowImageOf} from '../../lib/charts/chart-spec.mjs';
import {writeFileAtomically} from '../../lib/write-file-atomically.mjs';

// An image has no HTML around it: it draws its own title, legend and credit.
Chart.register(Legend, SubTitle, Title);

const CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
];
const FAMILY = 'Noto Sans CJK';
export const IMAGE = {...IMAGE_SIZES.wide, scale: 2};
/** The size drawn for phones: shown at about 340 px wide, its text stays legible. */
export const NARROW_IMAGE = {...IMAGE_SIZES.narrow, scale: 2};

let fontsReady = false;
function registerFonts() {
  if (fontsReady) return;
  const missing = CJK_FONTS.filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `Chart images need the Noto CJK fonts (${missing.join(', ')} missing): run \`sudo bash ` +
        `scripts/setup-system.sh\` (installs fonts-noto-cjk).`,
    );
  }
  for (const file of CJK_FONTS) GlobalFonts.registerFromPath(file, FAMILY);
  fontsReady = true;
}

/** The colours of an image in each of the site's themes (Infima's text, a grid line, the page's background). */
export const IMAGE_THEMES = {
  light: {text: '#1c1e21', grid: '#dadde1', background: '#ffffff'},
  dark: {text: '#e3e3e3', grid: '#606770', background: '#1b1b1d'},
};

/** One chart spec as PNG bytes (in the `theme`'s colours, its background painted, title drawn in), at `size`. */
export function renderChartPng(spec, size = IMAGE, theme = 'light') {
  registerFonts();
  // Made at the CSS size: Chart.js then sizes it once, at `scale` (a canvas made at the drawn size would be
  // taken for the CSS size and first scaled to four times the pixels).
  const canvas = createCanvas(size.width, size.height);
  const config = chartConfig(spec, {
    ...IMAGE_THEMES[theme],
    font: {family: FAMILY, size: 12},
    showTitle: true,
    showLegend: true,
    responsive: false,
    animation: false,
    // As the page draws a chart for a phone: names wrapped, not tilted.
    narrow: size.width < 480,
  });
  config.options.devicePixelRatio = size.scale;
  canvas.style = {};
  const chart = new Chart(canvas.getContext('2d'), config);
  // The background is painted, so every pixel is opaque; Skia's encoder stays for any that is not.
  const pixels = canvas.data();
  const png = isOpaque(pixels) ? opaquePng(canvas.width, canvas.height, pixels) : canvas.toBuffer('image/png');
  chart.destroy();
  return png;
}

// A chart image depends only on its spec and on the code that draws it: an
// image whose spec and drawing code are unchanged is copied from this cache
// instead of drawn again (any change to either draws it anew).
const drawingCode = createHash('sha256')
  .update(
    [
      '../../lib/charts/chart-config.mjs',
      '../../lib/charts/register.mjs',
      '../../lib/charts/register-bar.mjs',
      '../../lib/charts/register-line.mjs',
      './chart-images.mjs',
      './opaque-png.mjs',
    ]
      .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
      .join('\0'),
  )
  .update(Chart.version)
  .digest('hex');

/** One image of a chart as a PNG file in `cacheDir`: drawn, or (`drawn` false) found there from an earlier build. */
export function chartPng(spec, {size, theme}, cacheDir) {
  const key = createHash('sha256')
    .update(drawingCode)
    .update(JSON.stringify([spec, size, theme]))
    .digest('hex');
  const cached = path.join(cacheDir, `${key}.png`);
  if (existsSync(cached)) return {file: cached, drawn: false};
  writeFileAtomically(cached, renderChartPng(spec, size, theme));
  return {file: cached, drawn: true};
}

/**
 * The files of each chart (name: its file name from the chart's id), each cached by chartPng. Each chart is
 * drawn four times: for wide screens and for phones (shown with <picture>), each in the light
 * and the dark theme (the page shows the reader's).
 */
export const IMAGE_FILES = ['light', 'dark'].flatMap((theme) => {
  const themed = (image) => (theme === 'dark' ? darkImageOf(image) : image);
  return [
    {size: IMAGE, theme, name: (id) => themed(`${id}.png`)},
    {size: NARROW_IMAGE, theme, name: (id) => path.basename(themed(narrowImageOf(`${id}.png`)))},
  ];
});
