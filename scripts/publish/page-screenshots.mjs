#!/usr/bin/env node
// `npm run screenshots`: every page of the built site, in every language the
// build holds, as a reader sees it at desktop width, so a translator sees
// where each message shows (the Translating page links them). Run after
// `npm run build`, or after `npm run preview -- --locale ja` (then
// `npm run screenshots -- --locale ja` takes the preview's); the publishing job runs it before it uploads the site.
//
//   node scripts/publish/page-screenshots.mjs [--dir build] [--locale ja ...]
//
// Reads:  the built site in --dir (default: .preview/<locale>/ for one --locale that has a preview, else build/);
//         BASE_URL as the build had it.
// Writes: <each locale's output>/screenshots/<page>.jpg (full page, 1280 px wide) and manifest.json (the
//         pages taken), replacing the folder whole once every page of that locale is taken.
// Needs:  Chromium (bash scripts/setup-system.sh), nothing else: no PostgreSQL, no network (a page that
//         asks for anything but the local server is stopped, and the run fails naming it).
// Exit:   0 written; 1 no build of a locale asked for, a page that did not load, or one that asked for
//         another host or opened a dialog (its address said).
import {mkdirSync, realpathSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {NAV_PAGES, SCREENSHOT_MANIFEST, screenshotPath} from '../../lib/load/site-translations.mjs';
import {launchChromium} from '../site/chromium.mjs';
import {locales} from '../../lib/locales.mjs';
import {localesInBuild} from '../site/locales-in-build.mjs';
import {drawCharts} from '../site/page-charts.mjs';
import {serveBuild} from '../site/serve-build.mjs';

export const SCREENSHOT_WIDTH = 1280;
const slugOf = (docId) => (docId === 'index' ? '' : `${docId}/`);

/**
 * Takes every page of `sites` (locales and where the build in `dir` has them,
 * as localesInBuild gives them), served as a static host would, with the build's base URL.
 * `pages` (default: all) lets a test take a few.
 * @returns {Promise<{locale: string, docId: string, file: string, bytes: number}[]>}
 */
export async function takeScreenshots(dir, sites, {baseUrl = '/', log = () => {}, pages = NAV_PAGES} = {}) {
  const server = await serveBuild({dir});
  const browser = await launchChromium();
  const taken = [];
  try {
    const context = await browser.newContext({viewport: {width: SCREENSHOT_WIDTH, height: 800}});
    // Only the local server is reached: a page that asks for anything else (a script a catalog smuggled in)
    // is stopped, and the run fails naming it. The build's pages ask for <base>assets/…; the files are at
    // assets/… of `dir`.
    const {origin} = new URL(server.url);
    const refused = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== origin) {
        refused.push(url.href);
        return route.abort('blockedbyclient');
      }
      if (baseUrl !== '/' && url.pathname.startsWith(baseUrl)) url.pathname = `/${url.pathname.slice(baseUrl.length)}`;
      return route.continue({url: url.href});
    });
    const realDir = realpathSync(dir);
    for (const {locale, path: where} of sites) {
      // A locale's folder that leads out of the build (a link) is never written to.
      const real = realpathSync(path.join(dir, where));
      if (real !== realDir && !real.startsWith(realDir + path.sep)) {
        throw new Error(`${path.join(dir, where)} leads to ${real}, outside ${dir}: build the site again.`);
      }
      // Every page's screenshot shares one folder (screenshotPath).
      const out = path.join(real, path.dirname(screenshotPath('index')));
      const next = `${out}.new`;
      rmSync(next, {recursive: true, force: true});
      mkdirSync(next, {recursive: true});
      for (const {docId} of pages) {
        const address = `${baseUrl.replace(/\/$/, '')}${where}${slugOf(docId)}`;
        const page = await context.newPage();
        const dialogs = [];
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          dialog.dismiss().catch(() => {});
        });
        const response = await page.goto(new URL(address, server.url).href, {waitUntil: 'networkidle'});
        if (!response?.ok()) throw new Error(`${address}: HTTP ${response?.status()} (is ${dir} a full build?)`);
        await page.waitForSelector('html[data-has-hydrated="true"]');
        // Every chart drawn, as a reader scrolling through sees it; the page from its top.
        await drawCharts(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        if (refused.length > 0 || dialogs.length > 0) {
          const what = [...refused.map((u) => `a request to ${u}`), ...dialogs.map((m) => `a dialog (${m})`)];
          throw new Error(`${address} made ${what.join(', ')}: a page runs only the site's own code.`);
        }
        const image = await page.screenshot({fullPage: true, type: 'jpeg', quality: 70});
        const name = path.basename(screenshotPath(docId));
        writeFileSync(path.join(next, name), image);
        taken.push({
          locale,
          docId,
          file: path.join(dir, where, path.dirname(screenshotPath('index')), name),
          bytes: image.length,
        });
        log(`${address} → ${path.relative(realDir, path.join(out, name))}`);
        await page.close();
      }
      // The list the Translating page links from (only files that are there), then the set replaces the old one.
      writeFileSync(
        path.join(next, path.basename(SCREENSHOT_MANIFEST)),
        `${JSON.stringify({pages: pages.map((p) => p.docId)})}\n`,
      );
      rmSync(out, {recursive: true, force: true});
      renameSync(next, out);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return taken;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({options: {dir: {type: 'string'}, locale: {type: 'string', multiple: true}}});
  // One language asked for, no --dir: its preview (npm run preview -- --locale L builds it in .preview/L/), when
  // there is one, so a translator takes the screenshots of what they just previewed, with no second build.
  const preview = values.locale?.length === 1 ? path.join('.preview', values.locale[0]) : null;
  values.dir ??= preview && localesInBuild(path.resolve(preview)).length > 0 ? preview : 'build';
  if (values.dir === preview) console.log(`Taking the screenshots of the preview in ${preview}/.`);
  const dir = path.resolve(values.dir);
  const built = localesInBuild(dir);
  const asked = values.locale ?? built.map((b) => b.locale);
  const unknown = asked.filter((code) => !Object.hasOwn(locales, code));
  if (unknown.length > 0) {
    console.error(`Unknown locale ${unknown.join(', ')}: i18n/locales.json lists ${Object.keys(locales).join(', ')}.`);
    process.exit(1);
  }
  const missing = asked.filter((code) => !built.some((b) => b.locale === code));
  if (built.length === 0 || missing.length > 0) {
    console.error(
      `${values.dir} holds no build${missing.length ? ` of ${missing.join(', ')}` : ''}: ` +
        `run npm run build${missing.length ? ` -- --locale ${missing[0]}` : ''} first.`,
    );
    process.exit(1);
  }
  const baseUrl = process.env.BASE_URL ?? '/';
  try {
    const sites = built.filter((b) => asked.includes(b.locale));
    const taken = await takeScreenshots(dir, sites, {baseUrl, log: console.log});
    const mb = taken.reduce((sum, t) => sum + t.bytes, 0) / 1e6;
    console.log(`${taken.length} screenshots (${asked.join(', ')}), ${mb.toFixed(1)} MB.`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
