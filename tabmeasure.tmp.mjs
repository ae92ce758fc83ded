import {chromium} from 'playwright-core';
import {serveBuild} from './scripts/site/serve-build.mjs';
const server = await serveBuild({dir: 'build'});
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
const page = await browser.newPage({viewport: {width: 1280, height: 900}});
await page.goto(`${server.url}pg-versions/`);
await page.click('[data-tab="small-simple-update"]');
const r = await page.evaluate(async () => {
  for (let y = 0; y < document.documentElement.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 30)); }
  const sec = document.querySelector('section[data-group="small-simple-update"]');
  const kids = [...sec.children].map((k) => [k.tagName + '.' + (k.className||'').toString().slice(0,30) + (k.dataset && Object.keys(k.dataset).join(',')), Math.round(k.getBoundingClientRect().height)]);
  return {total: document.documentElement.scrollHeight, top: Math.round(sec.getBoundingClientRect().top + window.scrollY), sec: Math.round(sec.getBoundingClientRect().height), kids};
});
console.log(JSON.stringify(r, null, 1));
await page.screenshot({path: '/tmp/tab-ssu.png', fullPage: true});
await browser.close(); server.close();
