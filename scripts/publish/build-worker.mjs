// The thread that works beside Docusaurus while it builds (emit-static.mjs, workWhileBuilding): it
// draws the chart images of each locale handed over and, when asked to, readies Pagefind, then
// writes the search indexes once the pages are built. It runs at the build's priority: at the lowest
// (nice 19), a machine busy with anything else starved it, and the build waited on it (two busy
// processes beside a cold build: 19 s at the build's priority, over 150 s at the lowest, the search
// indexes alone 94 s after the pages; quiet, 10-12 s either way).
import {parentPort, workerData} from 'node:worker_threads';
import {messagesOf} from '../../lib/i18n/catalogs.mjs';
import {siteCatalog} from '../../lib/i18n/fallback.mjs';
import {locales} from '../../lib/locales.mjs';
import {builtLocales, drawHandOffs} from './emit-static.mjs';
import {warmSearchIndexer, writeSearchIndexes} from './search-index.mjs';

const {siteDir, generatedFilesDir, cacheDir, search} = workerData;

/** Runs a stage, and tells the build its outcome: {[stage]: value} or {failed: stage, message}. */
async function report(stage, work) {
  try {
    parentPort.postMessage({[stage]: await work()});
  } catch (error) {
    parentPort.postMessage({failed: stage, message: error.message});
  }
}

// Each locale's catalog: the words its pages are made of, in its scripts.
if (search) {
  warmSearchIndexer(
    Object.entries(locales).map(([locale, {htmlLang}]) => ({
      htmlLang,
      text: messagesOf(siteCatalog(siteDir, locale))
        .map(([, message]) => message)
        .join(' '),
    })),
  ).catch(() => {});
}
const built = new Promise((resolve) => parentPort.once('message', resolve));
// Once the pages are written, Pagefind indexes them while the last images are drawn. Not after the
// warming up: a locale whose pages are unchanged needs no Pagefind, and one that changed has its pages
// queued behind what the warming up still asks.
const indexing = search
  ? built.then(() =>
      report('indexed', () => writeSearchIndexes(builtLocales(generatedFilesDir), {cacheDir: search.cacheDir})),
    )
  : null;
await report('drawn', () => drawHandOffs(generatedFilesDir, {cacheDir, built}));
await indexing;
parentPort.close();
