// `npm run screenshots` on the production build: JPEGs of the pages at
// desktop width in each language, where the Translating page links them
// (its links, in Japanese and to English, answer with the images); a folder
// with no build is refused with the command to run; a locale's folder that
// leads out of the build is never written to.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadImage} from '@napi-rs/canvas';
import {NAV_PAGES} from '../../lib/load/site-translations.mjs';
import {SCREENSHOT_WIDTH, takeScreenshots} from '../../scripts/publish/page-screenshots.mjs';
import {localesInBuild} from '../../scripts/site/locales-in-build.mjs';
import {serveBuild} from '../../scripts/site/serve-build.mjs';
import {openPage, serveSite} from './site.mjs';

const root = new URL('../../', import.meta.url).pathname;
const build = path.join(root, 'build');
const site = serveSite();
// Two pages in two languages keep this short; the publishing job takes them all.
const pages = NAV_PAGES.filter((p) => ['index', 'translating'].includes(p.docId));

test('screenshots of the pages in English and Japanese, linked from the Translating page', async (t) => {
  // Taken in a copy of the build: the tier's build stays as the other tests read it.
  const copy = mkdtempSync(path.join(tmpdir(), 'screenshots-build-'));
  t.after(() => rmSync(copy, {recursive: true, force: true}));
  cpSync(build, copy, {recursive: true});
  const sites = localesInBuild(copy).filter((b) => ['en', 'ja'].includes(b.locale));
  assert.equal(sites.length, 2, 'the full build holds en and ja');
  const taken = await takeScreenshots(copy, sites, {pages});
  assert.equal(taken.length, 4);
  for (const shot of taken) {
    const bytes = readFileSync(shot.file);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], `${shot.file} is a JPEG`);
    const image = await loadImage(bytes);
    assert.equal(image.width, SCREENSHOT_WIDTH);
    assert.ok(image.height > 800, `${shot.file}: the whole page, not the window (${image.height} px)`);
  }
  const server = await serveBuild({dir: copy});
  t.after(() => server.close());
  const {page, problems} = await openPage({browser: site.browser, url: server.url}, '/ja/translating/');
  // Linked once the page has read each build's list of screenshots: only the pages taken, the others said missing.
  // Each language's list comes on its own: wait for both (the first alone made the count 2 on a busy machine).
  await page
    .waitForFunction((n) => document.querySelectorAll('[data-screenshot]').length >= n, 2 * pages.length, {
      timeout: 15_000,
    })
    .catch(() => {}); // the count below then says what came
  const links = await page.$$eval('[data-screenshot]', (as) => as.map((a) => [a.dataset.screenshot, a.href]));
  assert.equal(links.length, 2 * pages.length, 'each page taken, in Japanese and in English');
  assert.equal(await page.locator('[data-screenshot-missing]').count(), 2 * (NAV_PAGES.length - pages.length));
  for (const [which, href] of links.filter(([w]) => pages.some((p) => w.endsWith(`/${p.docId}`)))) {
    const response = await page.request.get(href);
    assert.equal(response.status(), 200, `${which}: ${href}`);
    assert.equal(response.headers()['content-type'], 'image/jpeg');
  }
  assert.ok(links.some(([w, href]) => w === 'en/index' && new URL(href).pathname === '/screenshots/index.jpg'));
  assert.ok(links.some(([w, href]) => w === 'ja/index' && new URL(href).pathname === '/ja/screenshots/index.jpg'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a folder with no build, or an unknown language, is refused, with what to do', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'no-build-'));
  try {
    execFileSync(process.execPath, ['scripts/publish/page-screenshots.mjs', '--dir', empty], {
      cwd: root,
      stdio: 'pipe',
    });
    assert.fail('it ran');
  } catch (error) {
    assert.equal(error.status, 1);
    assert.match(error.stderr.toString(), /holds no build: run npm run build first/);
  }
  try {
    execFileSync(process.execPath, ['scripts/publish/page-screenshots.mjs', '--locale', 'xx'], {
      cwd: root,
      stdio: 'pipe',
    });
    assert.fail('it ran');
  } catch (error) {
    assert.equal(error.status, 1);
    assert.match(error.stderr.toString(), /Unknown locale xx: i18n\/locales\.json lists en, ja, ko, zh-Hans\./);
  } finally {
    rmSync(empty, {recursive: true, force: true});
  }
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
