import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {readCatalog} from '../i18n/catalogs.mjs';
import {NAV_PAGES, NAVBAR_PAGES} from '../load/site-translations.mjs';
import {siteSuites} from '../suites/site-suites.mjs';
import {SITE_PAGES, sitePages} from './site-pages.mjs';

const siteDir = new URL('../../', import.meta.url).pathname;

test('a page is one module: its document shows its own data, its words and label are in the catalog', () => {
  const english = readCatalog(siteDir, 'en');
  const pages = sitePages(siteSuites(siteDir));
  assert.equal(new Set(pages.map((p) => p.id)).size, pages.length, 'ids are unique');
  for (const p of pages) {
    // A page of results is a route of the data plugin; any other, a document that shows its own data.
    if (!p.route) {
      const mdx = readFileSync(`${siteDir}docs/${p.doc}.mdx`, 'utf8');
      assert.match(mdx, new RegExp(`@generated/benchmark-data/default/${p.id}\\.json`), `docs/${p.doc}.mdx`);
    }
    assert.equal(typeof p.build, 'function', p.id);
    // A namespace or a message: either is there.
    const at = (key) => key.split('.').reduce((node, part) => node?.[part], english);
    for (const key of [...p.messages, p.label])
      assert.notEqual(at(key.replace(/^!/, '')), undefined, `${p.id}: ${key}`);
  }
});

test('the navigation is the page list, in its order', () => {
  assert.deepEqual(
    NAV_PAGES.map((p) => p.docId),
    SITE_PAGES.map((p) => p.doc),
  );
  assert.deepEqual(NAVBAR_PAGES, ['managed-postgres', 'pg-versions', 'pg17-planner', 'methodology', 'runs']);
});
