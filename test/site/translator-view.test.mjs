// Messages marked where they stand, and the translator's view: a copy of the project whose Korean catalog has
// English pasted into the Managed page's answer (a sentence written by the page's build) and a translation of
// the Versions page's lead made from an older English (its review record holds other English) is built in Korean
// alone and read in Chromium. Each is marked in place, the English one English to the browser; with ?keys, each
// message shows its key, and the key leads to its entry on the Translating page, opened and in view. Last, the
// build, moved to where a preview of Korean is, gets its screenshots with no second build.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {catalogFile, reviewedFile} from '../../lib/i18n/catalogs.mjs';
import {NAV_PAGES} from '../../lib/load/site-translations.mjs';
import {startSite} from '../helpers/npm-start.mjs';
import {axeViolations, openPage, serveCopy} from './site.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const editJson = (file, edit) => {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  edit(data);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
};

const ENGLISH = 'In the figures ClickHouse published, Postgres managed by ClickHouse has the highest throughput';
const site = serveCopy(
  (dir) => {
    const english = JSON.parse(readFileSync(catalogFile(dir, 'en'), 'utf8'));
    editJson(catalogFile(dir, 'ko'), (ko) => {
      ko.managed.answer.sentence = english.managed.answer.sentence;
    });
    editJson(reviewedFile(dir, 'ko'), (reviewed) => {
      reviewed['versions.lead'] = 'The transactions pgbench ships with, on each major version.';
    });
  },
  ['--locale', 'ko'],
);

test('a message shown in English and one translated from an older English are marked where they stand', async () => {
  const {page, problems} = await openPage(site, '/managed-postgres/', {width: 375, height: 800});
  const english = page.locator('[data-msg="managed.answer.sentence"]');
  assert.equal(await english.getAttribute('lang'), 'en');
  assert.equal(await english.getAttribute('data-msg-state'), 'english');
  // Its values are the page's language's: an English sentence around Korean parts, marked as such.
  assert.match(await english.textContent(), new RegExp(`^${ENGLISH} in 3건 모두에서 tests: .*의 1\\.1배\\.$`));
  // Its mark opens a line in the reader's language, saying why.
  const mark = page.locator('[data-msg="managed.answer.sentence"] + button[data-mark="english"]');
  assert.equal(await mark.textContent(), 'EN');
  await mark.click();
  assert.equal(
    await page.locator('#mark-english:popover-open').textContent(),
    '영어로 표시합니다. 이 메시지에는 아직 쓸 수 있는 번역이 없습니다.',
  );
  assert.deepEqual(await axeViolations(page, 'managed-postgres'), []);

  await page.goto(new URL('/pg-versions/', site.url).href);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const stale = page.locator('[data-msg="versions.lead"]');
  assert.equal(await stale.getAttribute('data-msg-state'), 'stale');
  assert.equal(await stale.getAttribute('lang'), null, 'a translation stays in the page language');
  assert.match(await stale.textContent(), /^pgbench에 포함된 트랜잭션을/);
  const staleMark = page.locator('[data-msg="versions.lead"] + button[data-mark="stale"]');
  assert.equal(await staleMark.textContent(), '이전 번역');
  // Nothing else is marked: the rest of the catalog is translated and reviewed.
  assert.equal(await page.locator('[data-msg-state]').count(), 1);
  assert.equal(await page.locator('[data-msg-key]').count(), 0, 'keys only in the translator view');
  assert.deepEqual(await axeViolations(page, 'pg-versions'), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the translator's view: each message's key beside it, linked to its entry on the Translating page", async () => {
  const {page, problems} = await openPage(site, '/pg-versions/?keys');
  const lead = page.locator('a[data-msg-key="versions.lead"]');
  await lead.waitFor();
  assert.equal(await lead.getAttribute('href'), '/translating/#message-versions.lead');
  // A sentence the page's build wrote, found by its words, and a heading.
  assert.ok((await page.locator('a[data-msg-key^="versions.answer."]').count()) > 0);
  assert.equal(await page.locator('h1 a[data-msg-key="versions.title"]').count(), 1);
  // The stale mark stays in the translator's view.
  assert.equal(await page.locator('[data-msg="versions.lead"][data-msg-state="stale"]').count(), 1);

  await lead.click();
  await page.waitForURL(/\/translating\/#message-versions\.lead$/);
  const row = page.locator('tr[id="message-versions.lead"]');
  await row.waitFor();
  assert.equal(await page.locator('details#messages-versions').getAttribute('open'), '');
  // In view, below the sticky navbar.
  await page.waitForFunction(() => {
    const box = document.getElementById('message-versions.lead').getBoundingClientRect();
    const navbar = document.querySelector('.navbar').getBoundingClientRect().bottom;
    return box.top >= navbar && box.top < window.innerHeight - 100;
  });
  assert.match(await row.textContent(), /pgbench에 포함된 트랜잭션을/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("one language's preview: npm run serve and its screenshots say --locale ko, with no second build", async (t) => {
  // npm run serve on this copy's build, Korean alone, names the command for its language (it had said "null").
  const serve = startSite(site.dir, ['--no-build']);
  t.after(() => serve.child.kill('SIGKILL'));
  await serve.served;
  for (let i = 0; i < 100 && !serve.output().includes('Press Ctrl-C to stop.'); i++) await sleep(50);
  assert.match(serve.output(), /Screenshots of every page of this preview: npm run screenshots -- --locale ko\b/);
  assert.doesNotMatch(serve.output(), /--locale null/);
  serve.child.kill('SIGINT');
  await serve.exited;
  // The build of this copy is Korean alone, as npm run preview -- --locale ko leaves it in .preview/ko/.
  mkdirSync(path.join(site.dir, '.preview'));
  renameSync(path.join(site.dir, 'build'), path.join(site.dir, '.preview/ko'));
  const out = execFileSync(process.execPath, ['scripts/publish/page-screenshots.mjs', '--locale', 'ko'], {
    cwd: site.dir,
    encoding: 'utf8',
  });
  assert.match(out, /^Taking the screenshots of the preview in \.preview\/ko\/\.$/m);
  assert.deepEqual(
    JSON.parse(readFileSync(path.join(site.dir, '.preview/ko/screenshots/manifest.json'), 'utf8')).pages,
    NAV_PAGES.map((p) => p.docId),
  );
});
