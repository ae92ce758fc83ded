// The guide's one sidebar: its pages and their labels come from
// src/i18n/site-translations.mjs (labels are translated from the catalogs).
import {readFileSync} from 'node:fs';
import {message, NAV_PAGES, SIDEBAR} from './src/i18n/site-translations.mjs';

const english = JSON.parse(readFileSync(new URL('./i18n/en/benchmarks.json', import.meta.url), 'utf8'));

export default {
  [SIDEBAR]: NAV_PAGES.map((p) => ({type: 'doc', id: p.docId, label: message(english, p.label, 'i18n/en/benchmarks.json')})),
};
