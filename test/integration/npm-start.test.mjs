// `npm start` end to end, on a copy of the project as a fresh clone has it (the
// files git tracks or would track, node_modules linked; the fixture runs as its
// results/, so that one language builds in seconds): with --locale ja it runs the
// real quick suite on embedded PostgreSQL, builds Japanese and serves it; the
// quick run's figures then show in real Chromium; Ctrl-C leaves no server. Then
// `--no-bench --locale ko` reuses that run and serves Korean alone. (`npm run
// serve` of the full build is in test/site/npm-serve.test.mjs.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {gunzipSync} from 'node:zlib';
import path from 'node:path';
import {launchChromium} from '../../scripts/site/chromium.mjs';
import {locales} from '../../lib/locales.mjs';
import {refuses, startSite} from '../helpers/npm-start.mjs';
import {assertQuickRunMedians, freshCopy, shots} from '../site/site.mjs';
import {ownTmp} from './own-tmp.mjs';

ownTmp('npm-start');

/** The files under dir holding text (Pagefind's gzipped index files read unzipped). */
function filesHolding(dir, text) {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => {
      let bytes = readFileSync(file);
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
      return bytes.includes(text);
    });
}

test('npm start -- --locale ja on a fresh copy: the quick suite on embedded servers, built, served', async (t) => {
  const dir = freshCopy({fixtures: true});
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  // The copy starts without a quick run: the one npm start makes is the only one.
  for (const f of readdirSync(path.join(dir, 'results')).filter((f) => f.startsWith('quick-'))) {
    rmSync(path.join(dir, 'results', f));
  }

  // An output measured elsewhere, imported with its command line and the password in it: the site built below
  // must not hold the password anywhere (pages, data files, search index).
  const secret = 'Xq7-S3cret-pw';
  const saved = path.join(dir, '.saved-run');
  mkdirSync(saved);
  cpSync(path.join(dir, 'test/fixtures/pgbench/17/run_T_progress/stdout'), path.join(saved, 'stdout'));
  writeFileSync(
    path.join(saved, 'cmd'),
    `pgbench -T 2 postgresql://bench:${secret}@db.example/x\nPGPASSWORD=${secret}\n`,
  );
  execFileSync(process.execPath, ['scripts/bench.mjs', 'import', saved, '--out', 'results/import-with-secret.json'], {
    cwd: dir,
  });

  // The quick suite as npm start runs it, with 1 s runs of one client count (three rounds, so that the page's
  // median is told from any one run's figure): the same path (measure, build, serve), in a fraction of the time.
  const demo = startSite(dir, ['--locale', 'ja', '--duration', '1s', '--only', 'clients=1']);
  t.after(() => demo.child.kill('SIGKILL'));
  const url = await demo.served;
  const runs = readdirSync(path.join(dir, 'results')).filter((f) => /^quick-.*\.json$/.test(f));
  assert.equal(runs.length, 1, demo.output());
  assert.match(demo.output(), /cell 1\/\d+ .*: ok/, 'the quick suite showed no progress');
  // The estimate first and again when served (start-estimate.test.mjs checks its figures); Docusaurus's own
  // hint to run npm run serve, which npm start is about to do, is not passed on.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes (ESC) are taken out
  const said = demo.output().replace(/\x1b\[[\d;]*m/g, '');
  assert.match(
    said.split('\n').find((l) => l.trim()),
    /^npm start: about 38 s: the quick suite about 28 s, /,
  );
  assert.match(said, /Serving the site at \S+ \(ready after [^;]+; estimated about 38 s: /);
  assert.doesNotMatch(said, /to test your build locally/);
  const run = JSON.parse(readFileSync(path.join(dir, 'results', runs[0]), 'utf8'));
  assert.ok(
    run.cells.every((c) => c.status === 'ok'),
    'a cell of the quick suite failed',
  );

  const built = path.join(dir, '.preview/ja');
  const leaks = filesHolding(built, secret);
  assert.deepEqual(leaks, [], 'the imported password was published');
  // …though the run itself is published (the search above looked where it is).
  const imported = JSON.parse(readFileSync(path.join(dir, 'results/import-with-secret.json'), 'utf8'));
  assert.ok(readFileSync(path.join(built, 'data/index.json'), 'utf8').includes(imported.run.id));
  assert.match(imported.cells[0].command, /postgresql:\/\/bench:\*\*\*@db\.example/);

  const browser = await launchChromium();
  try {
    // One language builds at the root of its site.
    const page = await browser.newPage();
    await page.goto(new URL('quick-run/', url).href, {waitUntil: 'networkidle'});
    assert.equal(await page.getAttribute('html', 'lang'), locales.ja.htmlLang);
    assert.ok((await page.textContent('main')).includes(run.run.id), 'the page names its run');
    await assertQuickRunMedians(page, run);
    await page.screenshot({path: `${shots}/npm-start.quick-run.ja.png`, fullPage: true});
  } finally {
    await browser.close();
  }

  demo.child.kill('SIGINT');
  assert.deepEqual(await demo.exited, {code: 0, signal: null});
  assert.ok(await refuses(url), `${url} still answers after Ctrl-C`);

  // A translator's preview: no measurement, one language, the same quick run.
  const preview = startSite(dir, ['--no-bench', '--locale', 'ko']);
  t.after(() => preview.child.kill('SIGKILL'));
  const previewUrl = await preview.served;
  assert.doesNotMatch(preview.output(), /Running the quick suite/);
  assert.match(preview.output(), new RegExp(`Using the newest quick run: results/${runs[0]}`));
  const html = await (await fetch(new URL('quick-run/', previewUrl))).text();
  assert.match(html, /<html lang="?ko"?/);
  assert.ok(html.includes(run.run.id), 'the preview shows the same quick run');
  assert.equal(
    readdirSync(path.join(dir, 'results')).filter((f) => f.startsWith('quick-')).length,
    1,
    '--no-bench ran the suite',
  );
  preview.child.kill('SIGINT');
  assert.deepEqual(await preview.exited, {code: 0, signal: null});
  assert.ok(await refuses(previewUrl));
});
