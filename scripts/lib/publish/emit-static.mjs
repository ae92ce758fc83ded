// What the build emits into static/ before Docusaurus copies it: each result
// as JSON and CSV (static/data/) and each chart as a PNG per locale
// (static/charts/<locale>/). Both folders are generated, replaced whole on
// every build, and not kept in git.
import {mkdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {readCatalog} from '../../../src/plugins/benchmark-data/index.mjs';
import {buildPages, chartsOf, loadSiteData} from '../../../src/plugins/benchmark-data/site-data.mjs';
import {renderChartPng} from './chart-images.mjs';
import {resultCsv} from './result-csv.mjs';

/** Replaces `dir` with what `fill(tempDir)` writes, so a failure leaves the old one whole. */
function replaceDir(dir, fill) {
  const temp = `${dir}.tmp-${process.pid}`;
  rmSync(temp, {recursive: true, force: true});
  mkdirSync(temp, {recursive: true});
  try {
    fill(temp);
  } catch (error) {
    rmSync(temp, {recursive: true, force: true});
    throw error;
  }
  rmSync(dir, {recursive: true, force: true});
  renameSync(temp, dir);
}

/**
 * @param {string} siteDir
 * @param {string[]} localeCodes
 * @returns {{results: number, charts: number}}
 */
export function emitStatic(siteDir, localeCodes) {
  const content = loadSiteData(siteDir);
  let charts = 0;
  replaceDir(path.join(siteDir, 'static', 'data'), (dir) => {
    for (const result of content.results) {
      writeFileSync(path.join(dir, `${result.run.id}.json`), `${JSON.stringify(result, null, 2)}\n`);
      writeFileSync(path.join(dir, `${result.run.id}.csv`), resultCsv(result));
    }
  });
  replaceDir(path.join(siteDir, 'static', 'charts'), (dir) => {
    for (const locale of localeCodes) {
      const pages = buildPages(content, locale, readCatalog(siteDir, locale));
      for (const spec of chartsOf(pages)) {
        // spec.image is the URL the page uses: /charts/<locale>/<id>.png
        const file = path.join(dir, ...spec.image.split('/').slice(2));
        mkdirSync(path.dirname(file), {recursive: true});
        writeFileSync(file, renderChartPng(spec));
        charts++;
      }
    }
  });
  return {results: content.results.length, charts};
}
