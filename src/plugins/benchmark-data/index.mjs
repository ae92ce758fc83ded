// The benchmark data plugin, thin on purpose: the page data is made in lib/.
// loadContent reads and checks every dataset, result and suite and derives
// each page's data for the locale being built (an invalid file fails the
// build, naming the file, the path and the fix); contentLoaded publishes it,
// one createData file per page, adds a route for each page of results (no
// document of theirs is written), and hands the pages' chart specs to
// scripts/build.mjs, which draws them as images while the locale bundles:
// derived once, here.
import path from 'node:path';
import {normalizeUrl} from '@docusaurus/utils';
import {chartHandoffFile, chartsOf} from '../../../lib/charts/chart-handoff.mjs';
import {catalogFile} from '../../../lib/i18n/catalogs.mjs';
import {buildLocalePages} from '../../../lib/pages/site-data.mjs';
import {loadSiteData, siteMessages} from '../../../lib/load/site.mjs';
import {siteSuiteProblems} from '../../../lib/suites/site-suites.mjs';
import {writeFileAtomically} from '../../../lib/write-file-atomically.mjs';

export default function benchmarkDataPlugin(context) {
  const {siteDir, generatedFilesDir} = context;
  const locale = context.i18n.currentLocale;
  return {
    name: 'benchmark-data',

    getPathsToWatch() {
      return [
        path.join(siteDir, 'datasets', '**', '*.json'),
        path.join(siteDir, 'results', '**', '*.json'),
        path.join(siteDir, 'benchmarks', '**', '*'),
        catalogFile(siteDir, '*'),
      ];
    },

    async loadContent() {
      const {pages, fallback, reasons, navigation} = buildLocalePages(loadSiteData(siteDir), locale);
      if (fallback.length > 0) {
        // Built anyway, in English where the catalog cannot be used: said here, marked on the pages.
        console.warn(
          `[WARNING] ${locale}: ${fallback.length} message(s) shown in English because of these catalog ` +
            `problems (npm run i18n:check fails until they are fixed):\n${reasons.map((r) => `  ${r}`).join('\n')}`,
        );
      }
      // A suite left out of the site (it cannot load, or collides with another page), said once, with English,
      // unless npm run build said it before Docusaurus started.
      const said = process.env.BENCH_SUITE_PROBLEMS_SAID === '1' || locale !== context.i18n.defaultLocale;
      const suites = said ? [] : siteSuiteProblems(siteDir);
      if (suites.length > 0) {
        console.warn(`[WARNING] ${suites.length} suite problem(s), each suite left out:\n  ${suites.join('\n  ')}`);
      }
      return {pages, navigation, site: siteMessages(siteDir, locale)};
    },

    async contentLoaded({content, actions}) {
      // One data file per page, so a page loads only its own data; a chart's image credit is drawn
      // into its image only (postBuild hands the whole specs over), so the page's data leaves it out.
      const forPage = (key, value) => (key === 'imageCredit' ? undefined : value);
      // What a page shows only when the reader opens it is a file of its own, loaded then (lib/pages/on-demand.mjs).
      const files = {};
      for (const [page, {onDemand = {}, ...firstLoad}] of Object.entries(content.pages)) {
        files[page] = await actions.createData(`${page}.json`, JSON.stringify(firstLoad, forPage));
        await actions.createData(`${page}.on-demand.json`, JSON.stringify(onDemand));
      }
      // The pages of results are routes of this plugin, each in the docs' layout with the guide's sidebar (every
      // page of the navigation, labelled in the locale's words).
      const address = (doc) => normalizeUrl([context.baseUrl, doc === 'index' ? '' : doc, '/']);
      const sidebar = await actions.createData(
        'sidebar.json',
        JSON.stringify(
          content.navigation.map((p) => ({type: 'link', label: p.label, href: address(p.doc), docId: p.doc})),
        ),
      );
      for (const page of content.navigation.filter((p) => p.route)) {
        actions.addRoute({
          path: address(page.doc),
          exact: true,
          component: '@site/src/components/SuitePage/Route',
          modules: {data: files[page.id], sidebar},
        });
      }
      // The navbar search's words, on every page (a few short messages).
      actions.setGlobalData({locale, search: content.site.search});
      // The chart specs, whole, to npm run build, which draws them while this locale bundles.
      writeFileAtomically(
        chartHandoffFile(generatedFilesDir, locale),
        JSON.stringify({locale, outDir: context.outDir, charts: chartsOf(content.pages)}),
      );
    },
  };
}
