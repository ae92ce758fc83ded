import {chromium} from 'playwright-core';
import {serveBuild} from './scripts/site/serve-build.mjs';
const server = await serveBuild({dir: 'build'});
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
const page = await browser.newPage({viewport: {width: 1280, height: 900}});
await page.goto(`${server.url}${process.argv[2] ?? ''}pg-versions/`);
await page.click('[data-tab="small-simple-update"]');
await page.evaluate(async () => {for (let y = 0; y < document.documentElement.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 30)); }});
let i = 0;
for (const [y, h] of [[2400, 1300], [3700, 1300], [5000, 1400], [6400, 1368]]) {
  await page.screenshot({path: `/tmp/ssu-${i++}.png`, fullPage: true, clip: {x: 0, y, width: 1280, height: h}});
}
await browser.close(); server.close();
