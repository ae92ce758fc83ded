import {chromium} from 'playwright-core';
import {serveBuild} from './scripts/site/serve-build.mjs';
const dir = process.argv[2];
const pages = process.argv.slice(3);
const server = await serveBuild({dir});
const port = server.port;
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
for (const p of pages) {
  const [path, width = '1280', name] = p.split('@');
  const page = await browser.newPage({viewport: {width: Number(width), height: name.endsWith('-top') ? 1400 : 900}});
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${port}${path}`, {waitUntil: 'networkidle'});
  await page.waitForTimeout(500);
  await page.screenshot({path: `/tmp/${name}.png`, fullPage: !name.endsWith('-top')});
  console.log(path, errors);
  await page.close();
}
await browser.close();
await server.close();
