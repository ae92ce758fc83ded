// The site's pages, in the order of its navigation. Each page is one module of
// lib/pages/ exporting `page`, its whole identity:
//   id        the name of its data (@generated/benchmark-data/default/<id>.json)
//   doc       its document, docs/<doc>.mdx (its address, and its screenshot's name)
//   label     its navigation label, a catalog key
//   navbar    whether the navbar links it (the sidebar has every page)
//   messages  the catalog namespaces or keys its data carries (a page downloads only its own words)
//   build     its data for one locale: build(context) (lib/pages/site-data.mjs buildPages makes the context;
//             context.page(id) gives another page's data, built once)
//   split     what its first load leaves to be loaded on demand, if anything: split(data)
// Besides these, each published suite without a page of its own gets one made from its runs (sitePages).
import {page as home} from './home-page.mjs';
import {page as history} from './history-page.mjs';
import {page as managed} from './managed-postgres-page.mjs';
import {page as methodology} from './methodology-page.mjs';
import {page as planner} from './planner-page.mjs';
import {page as quickRun} from './quick-run-page.mjs';
import {page as runs} from './runs-page.mjs';
import {page as services} from './services-page.mjs';
import {page as translating} from './translating-page.mjs';
import {page as versions} from './versions-page.mjs';
import {suitePageModule} from './suite-page.mjs';
import {hasSuitePage} from './suite-page-ids.mjs';

export const SITE_PAGES = [
  home,
  managed,
  services,
  versions,
  planner,
  methodology,
  runs,
  history,
  quickRun,
  translating,
];

/**
 * Every page of a site: those above, and a page for each published suite that has none written for it
 * (lib/pages/suite-page-ids.mjs), by id, after the pages of the studies.
 * @param {object[]} suites  the site's loaded suites
 */
export function sitePages(suites) {
  const made = suites
    .filter(hasSuitePage)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(suitePageModule);
  const at = SITE_PAGES.indexOf(methodology);
  return [...SITE_PAGES.slice(0, at), ...made, ...SITE_PAGES.slice(at)];
}
