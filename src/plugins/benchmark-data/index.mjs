// The benchmark data plugin. loadContent reads and checks every dataset and
// result (an invalid file fails the build, naming the file, the path and the
// fix) and the locale's message catalog; contentLoaded publishes each page's
// data, computed and formatted for the locale being built, with createData.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../../../scripts/lib/list-files.mjs';
import {assertValidResult, readResultFile} from '../../../scripts/lib/results/validate-result.mjs';
import {readDataset} from './datasets.mjs';
import {managedPostgresPage} from './managed-postgres-page.mjs';

export const CATALOG = 'benchmarks.json';

/** The page messages of a locale (i18n/<locale>/benchmarks.json). */
export function readCatalog(siteDir, locale) {
  const file = path.join(siteDir, 'i18n', locale, CATALOG);
  if (!existsSync(file)) throw new Error(`${file} is missing: copy i18n/en/${CATALOG} and translate it.`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${error.message}`);
  }
}

export default function benchmarkDataPlugin(context) {
  const {siteDir} = context;
  const locale = context.i18n.currentLocale;
  const datasetsDir = path.join(siteDir, 'datasets');
  const resultsDir = path.join(siteDir, 'results');
  return {
    name: 'benchmark-data',

    getPathsToWatch() {
      return [`${datasetsDir}/**/*.json`, `${resultsDir}/**/*.json`, path.join(siteDir, 'i18n', '*', CATALOG)];
    },

    async loadContent() {
      const datasetFiles = existsSync(datasetsDir) ? listFiles(datasetsDir, ['.json']) : [];
      if (datasetFiles.length === 0) throw new Error(`No datasets in ${datasetsDir}: the site's pages need their data.`);
      const datasets = Object.fromEntries(datasetFiles.map((f) => readDataset(f)).map((d) => [d.id, d]));
      const results = (existsSync(resultsDir) ? listFiles(resultsDir, ['.json']) : []).map((file) =>
        assertValidResult(readResultFile(file), path.relative(siteDir, file)),
      );
      return {datasets, results, messages: readCatalog(siteDir, locale)};
    },

    async contentLoaded({content, actions}) {
      const dataset = content.datasets['managed-postgres'];
      if (!dataset) throw new Error('datasets/managed-postgres.json is missing: the managed-Postgres page is made from it.');
      await actions.createData('managed-postgres.json', JSON.stringify(managedPostgresPage(dataset, locale)));
      // The catalog is small and every page's text needs it.
      actions.setGlobalData({locale, messages: content.messages});
    },
  };
}
