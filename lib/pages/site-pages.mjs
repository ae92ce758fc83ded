// The site's pages, in the order of its navigation. Each page is one module exporting `page`, its whole identity:
//   id        the name of its data (@generated/benchmark-data/default/<id>.json)
//   doc       its document, docs/<doc>.mdx, or its route (a page of results: its address, and its screenshot's name)
//   label     its navigation label, a catalog key
//   navbar    whether the navbar links it (the sidebar has every page)
//   messages  the catalog namespaces or keys its components show (a page downloads only its own words)
//   build     its data for one locale: build(context) (lib/pages/site-data.mjs buildPages makes the context;
//             context.page(id) gives another page's data, built once)
//   split     what its first load leaves to be loaded on demand, if anything: split(data)
// The pages of results are made from the suites (result-pages.mjs): one per published suite, by the suite page.
import {page as home} from './home-page.mjs';
import {page as history} from './history-page.mjs';
import {page as managed} from './managed-postgres-page.mjs';
import {page as methodology} from './methodology-page.mjs';
import {page as runs} from './runs-page.mjs';
import {page as services} from './services-page.mjs';
import {page as translating} from './translating-page.mjs';
import {hasSuitePage} from '../suites/site-suites.mjs';
import {resultPageModule, suitePageOf, WRITTEN_PAGES} from './result-pages.mjs';

// The pages written for a suite, by their declaration: made once the suite is loaded (sitePages).
const written = (suite) => ({...WRITTEN_PAGES[suite], doc: WRITTEN_PAGES[suite].id, writtenFor: suite});

/** The pages written for the site, in the order of its navigation. */
export const SITE_PAGES = [
  home,
  managed,
  services,
  written('pg-versions'),
  written('pg17-planner'),
  methodology,
  runs,
  history,
  written('quick'),
  translating,
];

/**
 * Every page of a site, in its navigation's order: the pages written (those for a suite made from it, where the
 * site has it), then a page for each other published suite, by id, after the pages of the studies.
 * @param {object[]} suites  the site's loaded suites
 */
export function sitePages(suites) {
  const pages = SITE_PAGES.flatMap((p) => {
    if (!p.writtenFor) return [p];
    const suite = suites.find((s) => s.id === p.writtenFor);
    return suite ? [resultPageModule(suite, WRITTEN_PAGES[p.writtenFor])] : [];
  });
  const made = suites
    .filter(hasSuitePage)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((s) => resultPageModule(s, suitePageOf(s)));
  const at = pages.findIndex((p) => p.id === methodology.id);
  return [...pages.slice(0, at), ...made, ...pages.slice(at)];
}
