// The reader's theme, in real Chromium over the build: a theme chosen on an English page is kept on the
// Japanese one (one stored choice for every language); the toggle names the modes in the page's language
// (Docusaurus's Korean and Chinese say "system mode" in English); the home page's chart images follow the
// theme (each is drawn light and dark).
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {translator} from '../helpers/fixtures.mjs';
import {openPage, serveSite} from './site.mjs';

const site = serveSite();
const TOGGLE = '.navbar button[title]';

/** Presses the theme toggle until the page is dark (it goes system → light → dark, from where it starts). */
async function chooseDark(page) {
  for (let i = 0; i < 3 && (await page.getAttribute('html', 'data-theme')) !== 'dark'; i++) await page.click(TOGGLE);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', 'the toggle never chose dark');
}

test('a dark theme chosen in English is kept in Japanese; the toggle speaks each language', async () => {
  const {page, problems} = await openPage(site, '/');
  await page.emulateMedia({colorScheme: 'light'});
  await chooseDark(page);
  await page.goto(new URL('/ja/pg-versions/', site.url).href);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', 'the Japanese page forgot the choice');
  assert.deepEqual(problems, []);
  await page.close();
  for (const locale of ['ko', 'zh-Hans']) {
    const {page: other} = await openPage(site, `/${locale}/`);
    // The toggle starts in the system's mode, and its title names that mode.
    const title = await other.getAttribute(TOGGLE, 'title');
    assert.ok(title.includes(translator(locale)('site.theme.system')), `${locale}: "${title}"`);
    assert.doesNotMatch(title, /system mode/, `${locale}: "${title}"`);
    await other.close();
  }
});

test('the home page’s chart images are drawn in the dark theme when the reader’s is dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await site.browser.newPage({colorScheme, viewport: {width: 1280, height: 900}});
    await page.goto(new URL('/', site.url).href);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const shown = await page.$$eval('[data-headline] img', (imgs) =>
      imgs.filter((img) => img.checkVisibility()).map((img) => new URL(img.src).pathname),
    );
    assert.ok(shown.length > 0, `${colorScheme}: no chart image shown`);
    for (const src of shown)
      assert.equal(src.endsWith('-dark.png'), colorScheme === 'dark', `${colorScheme}: ${src} is shown`);
    const response = await fetch(new URL(shown[0], site.url));
    assert.equal(response.status, 200, `${shown[0]}: HTTP ${response.status}`);
    await page.close();
  }
});
