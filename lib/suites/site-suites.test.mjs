import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {siteSuites} from './site-suites.mjs';
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
  // Broken: the catalogs and the sidebar go on without it, the build names it.
  writeFileSync(path.join(dir, 'suite.yaml'), `${SUITE}nonsense: [\n`);
  assert.deepEqual(siteSuites(site), []);
  assert.throws(() => siteSuites(site, {strict: true}), /suite\.yaml/);
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
