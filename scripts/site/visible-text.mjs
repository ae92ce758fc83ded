#!/usr/bin/env node
// The text a reader sees on every page of a build, one file a page, so that two builds (before and after a
// change to the code that makes the pages) can be compared with `diff -r`: every page each locale's sitemap
// lists, opened in Chromium, hydrated, its <main> as the browser lays it out (innerText: what is hidden is left
// out; a tab not chosen is hidden).
//
//   node scripts/site/visible-text.mjs --out DIR [--dir build]
//
// Reads:  the build in --dir (default build/), every locale it holds.
// Writes: DIR/<locale>/<page path, / as _>.txt
// Exit:   0 written; 1 no build in --dir, or a page that did not load.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {launchChromium} from './chromium.mjs';
import {localesInBuild} from './locales-in-build.mjs';
import {serveBuild} from './serve-build.mjs';

const {values} = parseArgs({options: {out: {type: 'string'}, dir: {type: 'string', default: 'build'}}});
if (!values.out) {
  console.error('usage: node scripts/site/visible-text.mjs --out DIR [--dir build]');
  process.exit(2);
}
const sites = localesInBuild(values.dir);
if (sites.length === 0) {
  console.error(`${values.dir} holds no build: npm run build first.`);
  process.exit(1);
}
const server = await serveBuild({dir: values.dir});
const browser = await launchChromium();
try {
  const page = await browser.newPage({viewport: {width: 1280, height: 800}});
  for (const {locale, path: where} of sites) {
    const sitemap = readFileSync(path.join(values.dir, where, 'sitemap.xml'), 'utf8');
    const addresses = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    mkdirSync(path.join(values.out, locale), {recursive: true});
    for (const address of addresses.filter((a) => a.startsWith(where))) {
      const response = await page.goto(new URL(address, server.url).href, {waitUntil: 'networkidle'});
      if (!response?.ok()) throw new Error(`${address}: HTTP ${response?.status()}`);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      // biome-ignore lint/performance/useDomNodeTextContent: the laid-out text is the point (hidden text left out)
      const text = await page.$eval('main', (m) => m.innerText);
      const name = address.slice(where.length).replace(/\/$/, '').replaceAll('/', '_') || 'index';
      writeFileSync(path.join(values.out, locale, `${name}.txt`), `${text.trim()}\n`);
    }
    console.log(`${locale}: ${addresses.length} pages`);
  }
} finally {
  await browser.close();
  await server.close();
}
