// The guide's one sidebar: its pages and their labels come from
// lib/load/site-translations.mjs (labels are translated from the catalogs), a published suite's among them. A page
// of results is a route of the data plugin, linked by its address; every other page is a document.
import {catalogPath, readCatalog} from './lib/i18n/catalogs.mjs';
import {message, navPages, SIDEBAR} from './lib/load/site-translations.mjs';

const siteDir = new URL('.', import.meta.url).pathname;
const english = readCatalog(siteDir, 'en');

export default {
  [SIDEBAR]: navPages(siteDir).map((p) => ({
    ...(p.route ? {type: 'link', href: `/${p.docId}/`} : {type: 'doc', id: p.docId}),
    label: message(english, p.label, catalogPath('en')),
    // Translated by its page, not its label: two labels alike (a suite titled like a page) never share a key.
    key: p.docId,
  })),
};
