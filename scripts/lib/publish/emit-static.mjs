// What the build emits into static/ before Docusaurus copies it: each result
// as JSON and CSV (static/data/) and each chart as a PNG per locale
// (static/charts/<locale>/). Both folders are generated, replaced whole on
// every build, and not kept in git.
import {createHash} from 'node:crypto';
import {copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {Chart} from '../../../src/charts/register.mjs';
import {readCatalog} from '../../../src/plugins/benchmark-data/index.mjs';
import {buildPages, chartsOf, loadSiteData} from '../../../src/plugins/benchmark-data/site-data.mjs';
import {renderChartPng} from './chart-images.mjs';
import {resultCsv} from './result-csv.mjs';

// A chart image depends only on its spec and on the code that draws it: an
// image whose spec and drawing code are unchanged is copied from this cache
// instead of drawn again (any change to either draws it anew).
const drawingCode = createHash('sha256')
  .update(['../../../src/charts/chart-config.mjs', '../../../src/charts/register.mjs', './chart-images.mjs'].map((f) => readFileSync(new URL(f, import.meta.url), 'utf8')).join('\0'))
  .update(Chart.version)
  .digest('hex');

function chartPng(spec, cacheDir) {
  const key = createHash('sha256').update(drawingCode).update(JSON.stringify(spec)).digest('hex');
  const cached = path.join(cacheDir, `${key}.png`);
  if (existsSync(cached)) return {file: cached, drawn: false};
  mkdirSync(cacheDir, {recursive: true});
  writeFileSync(`${cached}.tmp`, renderChartPng(spec));
  renameSync(`${cached}.tmp`, cached);
  return {file: cached, drawn: true};
}

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
 * @returns {{results: number, charts: number, drawn: number}}
 */
export function emitStatic(siteDir, localeCodes, {cacheDir = path.join(siteDir, 'node_modules', '.cache', 'chart-images')} = {}) {
  const content = loadSiteData(siteDir);
  let charts = 0;
  let drawn = 0;
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
        const png = chartPng(spec, cacheDir);
        copyFileSync(png.file, file);
        charts++;
        if (png.drawn) drawn++;
      }
    }
  });
  return {results: content.results.length, charts, drawn};
}
