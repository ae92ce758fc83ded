// A translator's pull request as the translations workflow runs it
// (.github/workflows/translations.yml), its steps run here as a runner would,
// on a git checkout of the fixture site: a base commit, and a pull request
// that puts script and markup into Japanese messages (the footer, the site
// title). The check annotates both catalog lines and fails; the changed
// language, and only it, builds alone; its screenshots reach nothing but the
// local server; and in real Chromium the messages run nowhere and show in
// English. A link in static/ to a file outside the project stops the build,
// naming it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {catalogFile} from '../../lib/i18n/catalogs.mjs';
import {NAV_PAGES} from '../../lib/load/site-translations.mjs';
import {launchChromium} from '../../scripts/site/chromium.mjs';
import {serveBuild} from '../../scripts/site/serve-build.mjs';
import {runStep} from '../ci/workflow-steps.mjs';
import {freshCopy, root} from './site.mjs';

const WORKFLOW = YAML.parse(readFileSync(path.join(root, '.github/workflows/translations.yml'), 'utf8'));
const PAYLOAD = '<img src=x onerror="alert(document.domain)"><script>fetch("http://192.0.2.1/x")</script>';

/** A git checkout of the fixture site: the base commit as origin/main, the pull request's as HEAD. */
function pullRequest(t, change) {
  const dir = freshCopy({fixtures: true});
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const git = (...args) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], {cwd: dir});
  git('init', '-q', '-b', 'main');
  // node_modules is this checkout's, linked: not part of the repository.
  writeFileSync(path.join(dir, '.git', 'info', 'exclude'), 'node_modules\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  git('update-ref', 'refs/remotes/origin/main', 'HEAD');
  git('checkout', '-q', '-b', 'translation');
  change(dir);
  git('commit', '-q', '-am', 'a translation');
  return dir;
}

test('a hostile Japanese pull request: annotated, built alone, screenshots local, shown in English', async (t) => {
  const dir = pullRequest(t, (checkout) => {
    const file = catalogFile(checkout, 'ja');
    const catalog = JSON.parse(readFileSync(file, 'utf8'));
    catalog.site.footer = `${catalog.site.footer}${PAYLOAD}`;
    catalog.site.title = `[${catalog.site.title}](javascript:alert(1))`;
    writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`);
  });
  const step = (job, id) => runStep(WORKFLOW, job, id, {cwd: dir, context: {}, env: {GITHUB_BASE_REF: 'main'}});

  // The check refuses both messages, in Japanese, each annotated on its line of the catalog.
  const check = await step('catalogs', 'check');
  assert.equal(check.code, 1, check.text);
  assert.match(
    check.text,
    /::error file=i18n\/ja\/benchmarks\.json,line=\d+,title=site\.footer::[^\n]*<img[^\n]*が含まれています/,
  );
  assert.match(check.text, /::error file=i18n\/ja\/benchmarks\.json,line=\d+,title=site\.title::[^\n]*javascript:/);
  const changed = await step('catalogs', 'changed');
  assert.equal(changed.code, 0, changed.text);

  // The changed language, and only it, builds alone, its messages that cannot be used shown in English; and
  // every page of it is taken for the reviewer with nothing but the local server reachable (the screenshots
  // script fails on a page that asks for another host or opens a dialog). The checking job's build step is
  // this step's loop without the screenshots (test/ci/translations.test.mjs): the build is made once here.
  const shots = await step('screenshots', 'screenshots');
  assert.equal(shots.code, 0, shots.text);
  assert.deepEqual(readdirSync(path.join(dir, '.preview')), ['ja']);
  assert.match(shots.text, /site\.footer.*\(shown in English until fixed\)/);
  const taken = JSON.parse(readFileSync(path.join(dir, '.preview/ja/screenshots/manifest.json'), 'utf8'));
  assert.deepEqual(
    taken.pages,
    NAV_PAGES.map((p) => p.docId),
  );

  // In Chromium: no dialog, no element of the payload, no request elsewhere; the messages in English.
  const server = await serveBuild({dir: path.join(dir, '.preview/ja')});
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
    assert.equal((await page.textContent('.footer__copyright')).trim(), english.footer);
    assert.equal(await page.locator('footer img, footer script').count(), 0);
    assert.ok(!(await page.title()).includes('javascript:'), await page.title());
    await page.close();
  }
  assert.deepEqual(elsewhere, [], 'a page asked for another host');
});

test('a link in static/ to a file outside the project stops the build before anything is built', (t) => {
  const dir = freshCopy({fixtures: true});
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  symlinkSync('/etc/passwd', path.join(dir, 'static', 'passwd.txt'));
  const refused = spawnSync(process.execPath, [path.join(dir, 'scripts/build.mjs'), '--locale', 'ja'], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(refused.status, 1, refused.stdout);
  assert.match(refused.stdout + refused.stderr, /static\/passwd\.txt leads to \/etc\/passwd, outside static\//);
  assert.ok(!existsSync(path.join(dir, 'build')), 'something was built');
});
