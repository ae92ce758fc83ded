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
