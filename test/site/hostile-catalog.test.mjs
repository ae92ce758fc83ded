// A hostile translation, on a real build in real Chromium: script and markup in
// Japanese messages (the footer, the site title) never run or render as HTML,
// and the screenshots, which the translations workflow takes of every
// translation pull request, reach nothing but the local server. A link in
// static/ to a file outside the project stops the build, naming it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {catalogFile} from '../../lib/i18n/catalogs.mjs';
import {NAV_PAGES} from '../../lib/i18n/site-translations.mjs';
import {takeScreenshots} from '../../scripts/publish/page-screenshots.mjs';
import {launchChromium} from '../../scripts/site/chromium.mjs';
import {localesInBuild} from '../../scripts/site/locales-in-build.mjs';
import {serveBuild} from '../../scripts/site/serve-build.mjs';
import {freshCopy, root} from './site.mjs';

const PAYLOAD = '<img src=x onerror="alert(document.domain)"><script>fetch("http://192.0.2.1/x")</script>';

const build = (dir, args) =>
  spawnSync(process.execPath, [path.join(dir, 'scripts/build.mjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 600_000,
  });

test('script in a Japanese catalog runs nowhere, page or screenshots; a static link out is refused', async (t) => {
  const dir = freshCopy({fixtures: true});
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const file = catalogFile(dir, 'ja');
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  catalog.site.footer = `${catalog.site.footer}${PAYLOAD}`;
  catalog.site.title = `[${catalog.site.title}](javascript:alert(1))`;
  writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`);

  // The check refuses both messages, in Japanese, naming the keys.
  const check = spawnSync(process.execPath, [path.join(dir, 'scripts/i18n.mjs'), 'check'], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(check.status, 1, check.stdout);
  assert.match(check.stderr, /"site\.footer" に .*<img.* が含まれています/);
  assert.match(check.stderr, /"site\.title" に .*javascript:/);

  // A link out of the project in static/ stops the build before anything is built.
  symlinkSync('/etc/passwd', path.join(dir, 'static', 'passwd.txt'));
  const refused = build(dir, ['--locale', 'ja']);
  assert.equal(refused.status, 1, refused.stdout);
  assert.match(refused.stdout + refused.stderr, /static\/passwd\.txt leads to \/etc\/passwd, outside static\//);
  rmSync(path.join(dir, 'static', 'passwd.txt'));

  const built = build(dir, ['--locale', 'ja']);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  const out = path.join(dir, 'build');
  const [site] = localesInBuild(out);
  assert.equal(site.locale, 'ja');

  const server = await serveBuild({dir: out});
  const browser = await launchChromium();
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  const context = await browser.newContext();
  const elsewhere = [];
  await context.route('**/*', (route) => {
    if (new URL(route.request().url()).origin === new URL(server.url).origin) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });
  const english = JSON.parse(readFileSync(catalogFile(root, 'en'), 'utf8')).site;
  for (const {docId} of NAV_PAGES.filter((p) => ['index', 'translating'].includes(p.docId))) {
    const page = await context.newPage();
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    await page.goto(new URL(docId === 'index' ? '' : `${docId}/`, server.url).href, {waitUntil: 'networkidle'});
    await page.waitForSelector('html[data-has-hydrated="true"]');
    assert.deepEqual(dialogs, [], `${docId}: a dialog opened`);
    // Shown in English until fixed, as text: no element of the payload's made it into the page.
    assert.equal((await page.textContent('.footer__copyright')).trim(), english.footer);
    assert.equal(await page.locator('footer img, footer script').count(), 0);
    assert.ok(!(await page.title()).includes('javascript:'), await page.title());
    await page.close();
  }
  assert.deepEqual(elsewhere, [], 'a page asked for another host');
  // The screenshots of the same build: only the local server is reached.
  const taken = await takeScreenshots(out, [site], {pages: NAV_PAGES.filter((p) => p.docId === 'index')});
  assert.equal(taken.length, 1);
});

test("a locale's folder that is a link out of the build is never written to by the screenshots", async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'screenshot-link-'));
  const outside = mkdtempSync(path.join(tmpdir(), 'screenshot-outside-'));
  t.after(() => {
    rmSync(dir, {recursive: true, force: true});
    rmSync(outside, {recursive: true, force: true});
  });
  writeFileSync(path.join(dir, 'index.html'), '<html lang="en"><p>home</p></html>');
  writeFileSync(path.join(dir, '404.html'), '<p>not found</p>');
  mkdirSync(path.join(outside, 'screenshots'));
  writeFileSync(path.join(outside, 'screenshots', 'keep.txt'), 'not ours');
  symlinkSync(outside, path.join(dir, 'ja'));
  await assert.rejects(takeScreenshots(dir, [{locale: 'ja', path: '/ja/'}]), /ja\/? leads to .*, outside/);
  assert.equal(readFileSync(path.join(outside, 'screenshots', 'keep.txt'), 'utf8'), 'not ours');
});
