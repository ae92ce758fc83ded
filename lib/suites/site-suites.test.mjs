import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {siteSuiteProblems, siteSuites} from './site-suites.mjs';
import {parseCatalog} from '../i18n/catalogs.mjs';

const SUITE = `id: mine
published: true
title: Mine
targets:
  - {id: a, embedded: 17}
workloads:
  - {id: w, script: w.sql}
scenarios:
  - {id: s, clients: 1, duration: 2s}
repeat: 5
`;

test('a site loads each suite once per change; one that cannot load is left out, or named where it must load', (t) => {
  const site = mkdtempSync(path.join(tmpdir(), 'site-suites-'));
  t.after(() => rmSync(site, {recursive: true, force: true}));
  const dir = path.join(site, 'benchmarks', 'mine');
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, 'suite.yaml'), SUITE);
  writeFileSync(path.join(dir, 'w.sql'), 'SELECT 1;\n');
  const [first] = siteSuites(site);
  assert.equal(first.id, 'mine');
  assert.equal(siteSuites(site)[0], first, 'unchanged files: the same suite, not loaded again');
  // Its SQL changed: loaded again, with the new hash.
  writeFileSync(path.join(dir, 'w.sql'), 'SELECT 2;\n');
  utimesSync(path.join(dir, 'w.sql'), new Date(), new Date(Date.now() + 5000));
  assert.notEqual(siteSuites(site)[0].hash, first.hash);
  // Broken: the catalogs, the sidebar and the pages go on without it, and the build names it.
  writeFileSync(path.join(dir, 'suite.yaml'), `${SUITE}nonsense: [\n`);
  assert.deepEqual(siteSuites(site), []);
  assert.match(siteSuiteProblems(site).join('\n'), /^benchmarks\/mine\/suite\.yaml:\d+: not valid YAML/);
});

/** A site of the given suites (folder → suite.yaml text), with a catalog that labels one page "Methodology". */
function siteOf(t, suites) {
  const site = mkdtempSync(path.join(tmpdir(), 'site-suites-'));
  t.after(() => rmSync(site, {recursive: true, force: true}));
  mkdirSync(path.join(site, 'i18n', 'en'), {recursive: true});
  writeFileSync(
    path.join(site, 'i18n', 'en', 'benchmarks.json'),
    JSON.stringify({site: {nav: {method: 'Methodology', runs: 'Runs'}}}),
  );
  for (const [folder, yaml] of Object.entries(suites)) {
    mkdirSync(path.join(site, 'benchmarks', folder), {recursive: true});
    writeFileSync(path.join(site, 'benchmarks', folder, 'suite.yaml'), yaml);
    writeFileSync(path.join(site, 'benchmarks', folder, 'w.sql'), 'SELECT 1;\n');
  }
  return site;
}
const named = (id, title) => SUITE.replace('id: mine', `id: ${id}`).replace('title: Mine', `title: ${title}`);

test('collisions are refused by name, each suite in one left out, the others kept', (t) => {
  const site = siteOf(t, {
    // Two folders of one id: the second is not its folder's.
    one: named('one', 'One'),
    copy: named('one', 'Copy'),
    // Ids apart only by case.
    Case: named('Case', 'Upper'),
    case: named('case', 'Lower'),
    // A title that is a page's label, in another case; two suites of one title.
    method: named('method', 'METHODOLOGY'),
    first: named('first', 'Same title'),
    second: named('second', 'same TITLE'),
    // A suite that is not published may be titled anything: it has no page.
    quiet: named('quiet', 'Runs').replace('published: true', 'published: false'),
  });
  assert.deepEqual(
    siteSuites(site).map((s) => s.id),
    ['one', 'quiet'],
  );
  assert.deepEqual(siteSuiteProblems(site), [
    'benchmarks/copy/suite.yaml: id: "one" is not its folder\'s name, "copy": a suite of the site is ' +
      'benchmarks/<id>/suite.yaml, so that no two folders hold one id; rename the folder, or the id',
    'benchmarks/Case/suite.yaml, benchmarks/case/suite.yaml: ids "Case" and "case" differ only by case: one ' +
      "page's address on a host that ignores case; give them ids apart",
    'benchmarks/first/suite.yaml, benchmarks/second/suite.yaml: each is titled "Same title" (case and width ' +
      'apart): the sidebar would show one label twice; give each suite a title of its own',
    'benchmarks/method/suite.yaml: title: "METHODOLOGY" is the navigation label of the site\'s page ' +
      '"Methodology": readers could not tell the two apart; give the suite a title of its own',
  ]);
});

test("the project's own suites all load, and none collides: the build leaves none out", () => {
  const root = new URL('../../', import.meta.url).pathname;
  assert.deepEqual(siteSuiteProblems(root), []);
  assert.ok(siteSuites(root).length >= 4);
});

test("a suite that cannot load takes no catalog with it: English parses, without that suite's words", () => {
  const english = parseCatalog(new URL('../../', import.meta.url).pathname, 'en');
  assert.equal(english.problem, undefined);
  const site = mkdtempSync(path.join(tmpdir(), 'site-suites-'));
  try {
    mkdirSync(path.join(site, 'benchmarks', 'broken'), {recursive: true});
    mkdirSync(path.join(site, 'i18n', 'en'), {recursive: true});
    writeFileSync(path.join(site, 'benchmarks', 'broken', 'suite.yaml'), 'id: [\n');
    writeFileSync(path.join(site, 'i18n', 'en', 'benchmarks.json'), '{"site": {"title": "T"}}\n');
    const parsed = parseCatalog(site, 'en');
    assert.deepEqual([...parsed.messages.keys()], ['site.title']);
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
});
