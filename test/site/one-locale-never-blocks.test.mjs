// One problem never blocks another page or language, in a real build: `npm run
// build -- --locale en` on the fixture site with a Japanese catalog that is not
// JSON, and suites whose words are hostile or collide with another page, builds
// English; its log and its Translating page say what is wrong with Japanese,
// the log names each suite left out, and a suite's words that are allowed
// (quotes, <, &) stay text on its page, in Chromium too. Every way of breaking
// every translation is tried on the page data in
// test/i18n/one-locale-never-blocks.test.mjs.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {catalogFile} from '../../lib/i18n/catalogs.mjs';
import {launchChromium} from '../../scripts/site/chromium.mjs';
import {serveBuild} from '../../scripts/site/serve-build.mjs';
import {selectOnly} from '../integration/run-kit.mjs';
import {freshCopy} from './site.mjs';

/** A published suite of one embedded server, with `words` (YAML lines) for its title and descriptions. */
const suite = (id, words) =>
  selectOnly(id, {pg17: 'embedded: 17'}, {duration: '2s', repeat: 5}).replace(
    /^id: .*\n/,
    (line) => `${line}published: true\n${words}\n`,
  );

// Words that are text, to be shown as written; and suites the build leaves out, naming each.
const PLAIN_TITLE = 'Reads "quoted" & a < b';
const SUITES = {
  plain: suite('plain', `title: '${PLAIN_TITLE}'\ndescription: 'Quotes ", a < b, a > b and & as written.'`),
  hostile: suite('hostile', `title: "Fast suite</script><script>document.title='pwned'</script>"`),
  reversed: suite('reversed', 'title: "Fast \\u202Eetius"'),
  zero: suite('zero', 'title: "Fast\\u200Bsuite"'),
  method: suite('method', 'title: Methodology'),
  Twin: suite('Twin', 'title: Twin one'),
  twin: suite('twin', 'title: Twin two'),
  // An id Docusaurus would read a number prefix in, and one every JavaScript object has.
  '1-probe': suite('1-probe', 'title: Numbered'),
  constructor: suite('constructor', 'title: Built'),
};

const build = {};
before(() => {
  const dir = freshCopy({fixtures: true});
  build.dir = dir;
  const file = catalogFile(dir, 'ja');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/",\n/, '"\n'));
  for (const [id, yaml] of Object.entries(SUITES)) {
    mkdirSync(path.join(dir, 'benchmarks', id));
    writeFileSync(path.join(dir, 'benchmarks', id, 'suite.yaml'), yaml);
  }
  const out = spawnSync(process.execPath, [path.join(dir, 'scripts/build.mjs'), '--locale', 'en'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 600_000,
  });
  Object.assign(build, {status: out.status, log: out.stdout + out.stderr});
});
after(() => rmSync(build.dir, {recursive: true, force: true}));

test('npm run build -- --locale en with a Japanese catalog that is not JSON: English builds, the log says why', () => {
  const {dir, log} = build;
  assert.equal(build.status, 0, log);
  // Said in Japanese: the check's words are read from the part of the file that is not broken.
  assert.match(log, /i18n\/ja\/benchmarks\.json:\d+: は正しい JSON ではありません（\d+ 列目）/);
  const page = readFileSync(path.join(dir, 'build/translating/index.html'), 'utf8');
  assert.match(page, /data-catalog-problems="?ja"?[ >]/, 'the Translating page does not say what is wrong with ja');
});

test('hostile or colliding suites are left out by name, the others built; allowed words stay text', async (t) => {
  const {dir, log} = build;
  assert.equal(build.status, 0, log);
  for (const said of [
    /benchmarks\/hostile\/suite\.yaml:3: title: holds markup \("<\/script>"\)/,
    /benchmarks\/reversed\/suite\.yaml:3: title: holds U\+202E \(a bidirectional control/,
    /benchmarks\/zero\/suite\.yaml:3: title: holds U\+200B \(a zero-width character\)/,
    /benchmarks\/method\/suite\.yaml: title: "Methodology" is the navigation label of the site's page/,
    /benchmarks\/Twin\/suite\.yaml, benchmarks\/twin\/suite\.yaml: ids "Twin" and "twin" differ only by case/,
    /benchmarks\/constructor\/suite\.yaml:1: id: "constructor" is a name every JavaScript object has/,
  ]) {
    assert.match(log, said);
  }
  for (const id of ['hostile', 'reversed', 'zero', 'method', 'Twin', 'twin', 'constructor']) {
    assert.equal(existsSync(path.join(dir, 'build', 'suites', id)), false, `${id} has no page`);
  }
  assert.ok(existsSync(path.join(dir, 'build/suites/1-probe/index.html')), 'a numbered id keeps its number');
  const html = readFileSync(path.join(dir, 'build/suites/plain/index.html'), 'utf8');
  // The breadcrumbs' JSON-LD (attributes unquoted where the minifier could): the title in it as data, no < as is.
  const ld = [...html.matchAll(/<script[^>]*type="?application\/ld\+json"?[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]);
  assert.ok(ld.length > 0, 'the breadcrumbs have their JSON-LD');
  for (const json of ld) assert.doesNotMatch(json, /</);
  assert.ok(ld.some((json) => JSON.parse(json).itemListElement?.some((i) => i.name === PLAIN_TITLE)));

  const server = await serveBuild({dir: path.join(dir, 'build')});
  const browser = await launchChromium();
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  const page = await browser.newPage();
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss();
  });
  await page.goto(`${server.url}/suites/plain/`, {waitUntil: 'networkidle'});
  assert.match(await page.title(), new RegExp(`^${PLAIN_TITLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.equal(await page.locator('h1').first().textContent(), PLAIN_TITLE);
  assert.ok((await page.locator('article').textContent()).includes('Quotes ", a < b, a > b and & as written.'));
  assert.ok((await page.locator('nav.menu').textContent()).includes(PLAIN_TITLE), 'the sidebar shows it as written');
  assert.deepEqual(dialogs, []);
});
