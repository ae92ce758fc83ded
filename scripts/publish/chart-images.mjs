// Every chart as a PNG per locale, drawn by the same Chart.js configuration
// as the pages (lib/charts/chart-config.mjs) on a Skia canvas, with the CJK
// font the system provides, so Japanese, Korean and Chinese labels are text.
import {existsSync} from 'node:fs';
import {createCanvas, GlobalFonts} from '@napi-rs/canvas';
import {chartConfig} from '../../lib/charts/chart-config.mjs';
import {Legend, SubTitle, Title} from 'chart.js';
import {Chart} from '../../lib/charts/register.mjs';
import {isOpaque, opaquePng} from './opaque-png.mjs';

// An image has no HTML around it: it draws its own title, legend and credit.
Chart.register(Legend, SubTitle, Title);

const CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
];
const FAMILY = 'Noto Sans CJK';
export const IMAGE = {width: 800, height: 420, scale: 2};
/** The size drawn for phones: shown at about 340 px wide, its text stays legible. */
export const NARROW_IMAGE = {width: 420, height: 440, scale: 2};

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

/** One chart spec as PNG bytes (light theme, white background, title drawn in), at `size`. */
export function renderChartPng(spec, size = IMAGE) {
  registerFonts();
  // Made at the CSS size: Chart.js then sizes it once, at `scale` (a canvas made at the drawn size would be
  // taken for the CSS size and first scaled to four times the pixels).
  const canvas = createCanvas(size.width, size.height);
  const config = chartConfig(spec, {
    text: '#1c1e21',
    grid: '#dadde1',
    background: '#ffffff',
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
