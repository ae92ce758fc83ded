// The guide's one sidebar: its pages and their labels come from
// lib/i18n/site-translations.mjs (labels are translated from the catalogs).
import {catalogPath, readCatalog} from './lib/i18n/catalogs.mjs';
import {message, NAV_PAGES, SIDEBAR} from './lib/i18n/site-translations.mjs';

const english = readCatalog(new URL('.', import.meta.url).pathname, 'en');

export default {
  [SIDEBAR]: NAV_PAGES.map((p) => ({type: 'doc', id: p.docId, label: message(english, p.label, catalogPath('en'))})),
};
