// The benchmark data plugin. loadContent reads and checks every dataset and
// result (an invalid file fails the build, naming the file, the path and the
// fix) and the locale's message catalog; contentLoaded publishes each page's
// data, computed and formatted for the locale being built, with createData.
import path from 'node:path';
import {catalogProblems} from '../../i18n/check-catalog.mjs';
import {readCatalogFile} from '../../i18n/site-translations.mjs';
import {buildPages, loadSiteData} from './site-data.mjs';

export const CATALOG = 'benchmarks.json';

/** The page messages of a locale (i18n/<locale>/benchmarks.json); a missing or broken file names itself. */
export const readCatalog = (siteDir, locale) => readCatalogFile(siteDir, locale).catalog;

export default function benchmarkDataPlugin(context) {
  const {siteDir} = context;
  const locale = context.i18n.currentLocale;
  return {
    name: 'benchmark-data',

    getPathsToWatch() {
      return [
        path.join(siteDir, 'datasets', '**', '*.json'),
        path.join(siteDir, 'results', '**', '*.json'),
        path.join(siteDir, 'benchmarks', '**', '*'),
        path.join(siteDir, 'i18n', '*', CATALOG),
      ];
    },

    async loadContent() {
      const content = loadSiteData(siteDir);
      const messages = readCatalog(siteDir, locale);
      const problems = catalogProblems(messages, locale);
      if (problems.length > 0) throw new Error(`The catalog has messages the pages cannot show:\n${problems.join('\n')}`);
      return {pages: buildPages(content, locale, messages)};
    },

    async contentLoaded({content, actions}) {
      // One data file per page (createData), so a page loads only its own data.
      for (const [page, data] of Object.entries(content.pages)) {
        await actions.createData(`${page}.json`, JSON.stringify(data));
      }
      actions.setGlobalData({locale});
    },
  };
}
