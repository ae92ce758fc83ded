// The search index of one locale's built pages, written with Pagefind into
// <outDir>/pagefind/, so each locale searches only its own pages and the
// browser loads the index (per-word chunks) only when a reader searches.
//
// Only the article of a page is indexed (not the navbar, sidebar, breadcrumbs
// or the tables behind the charts, which repeat the page's tables). The built
// HTML has no space between table cells or list items (the minifier drops
// their closing tags), so "p95 (ms)" and "p99 (ms)" would be indexed as one
// word "(ms)p99": a space is put before each cell and item, for the index only.
import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';

const CELL_STARTS = /<(?:td|th|tr|li|dt|dd)[\s>]/g;
const EXCLUDED = ['.theme-doc-breadcrumbs', 'figure table', 'figure noscript', '.pagination-nav'];

/** The HTML text Pagefind indexes for a page: the same page, with cells kept apart. */
const indexableHtml = (html) => html.replace(CELL_STARTS, ' $&');

/** The pages of a locale's output folder (not the folders of other locales inside it, not 404). */
function localePages(outDir, otherLocaleDirs = []) {
  const skip = new Set(otherLocaleDirs.map((d) => path.resolve(d)));
  const pages = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(path.resolve(full)) && !['assets', 'data', 'charts', 'pagefind'].includes(entry.name)) walk(full);
      } else if (entry.name === 'index.html') pages.push(full);
    }
  };
  walk(outDir);
  return pages.sort();
}

// Its package exports no package.json: read the one beside the module it loads (lib/index.js).
const PAGEFIND_VERSION = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8'),
).version;
const OPTIONS = {rootSelector: 'article', excludeSelectors: EXCLUDED};
const CACHE_FORMAT = 2;
const ASSETS = /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*>/g;

/** One locale's index into <outDir>/pagefind/ (Pagefind's own ready-made interfaces left out). */
async function indexLocale(outDir, pages) {
  const {index, errors} = await pagefind.createIndex(OPTIONS);
  if (errors.length > 0) throw new Error(`Pagefind could not start (${errors.join('; ')}).`);
  for (const {file, url, content} of pages) {
    const added = await index.addHTMLFile({url, content});
    if (added.errors.length > 0) throw new Error(`${file}: Pagefind could not index it (${added.errors.join('; ')}).`);
  }
  const target = path.join(outDir, 'pagefind');
  // Written here from the files Pagefind hands over, not by its writeFiles, which resolves before its files
  // are whole: with four locales indexed at once, a WASM file came out empty or cut at 64 KiB, and was cached.
  const {files, errors: failed} = await index.getFiles();
  if (failed.length > 0) throw new Error(`${target}: ${failed.join('; ')}`);
  rmSync(target, {recursive: true, force: true});
  // The navbar search uses only pagefind.js: Pagefind's ready-made interfaces are left out.
  for (const file of files.filter((f) => !/-ui\.(js|css)$|highlight\.js$/.test(f.path))) {
    const written = path.join(target, file.path);
    mkdirSync(path.dirname(written), {recursive: true});
    writeFileSync(written, file.content);
  }
}

// Whether writeSearchIndexes has begun in this thread (it closes Pagefind when done).
let writing = false;

/**
 * Starts Pagefind and has it segment some text of each page language, so that it loads the word
 * lists it needs now (for Japanese, 0.6 s) rather than when the pages are indexed. It tells the
 * language by the script of the words, not by `lang`: hence real text of each locale. Of use only
 * in the thread that then writes the indexes: each thread has a Pagefind of its own.
 * @param {{htmlLang: string, text: string}[]} languages
 */
export async function warmSearchIndexer(languages) {
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  for (const {htmlLang, text} of languages) {
    // Once the indexes are being written (and Pagefind closed after them), it would start Pagefind anew.
    if (writing) return;
    const {index, errors} = await pagefind.createIndex(OPTIONS);
    // Pagefind's own errors, if any, are reported by writeSearchIndexes, which meets them again.
    if (errors.length > 0) return;
    await index.addHTMLFile({
      url: '/',
      content: `<html lang="${htmlLang}"><body><article><p>${escapeHtml(text)}</p></article></body></html>`,
    });
    await index.deleteIndex();
  }
}

/**
 * Writes the search index of each built locale. An index depends only on its pages' text and on
 * Pagefind: with `cacheDir`, a locale whose pages are unchanged gets its index copied from there.
 * @param {{locale: string, outDir: string}[]} built
 * @param {{cacheDir?: string}} [options]
 * @returns {Promise<{locale: string, pages: number, cached: boolean}[]>}
 */
export async function writeSearchIndexes(built, {cacheDir} = {}) {
  writing = true;
  const outDirs = built.map((b) => b.outDir);
  try {
    // The locales at once: Pagefind indexes them side by side.
    return await Promise.all(
      built.map(async ({locale, outDir}) => {
        const pages = localePages(
          outDir,
          outDirs.filter((d) => d !== outDir),
        ).map((file) => {
          const folder = path.relative(outDir, path.dirname(file)).split(path.sep).join('/');
          return {file, url: folder === '' ? '/' : `/${folder}/`, content: indexableHtml(readFileSync(file, 'utf8'))};
        });
        // Scripts and stylesheets are named by content hashes that differ from a cold build to a warm
        // one; Pagefind reads neither, so the key leaves them out.
        const indexed = pages.map(({url, content}) => [url, content.replace(ASSETS, '')]);
        // CACHE_FORMAT: indexes cached before they were written whole (see indexLocale) are not taken.
        const key = createHash('sha256')
          .update(JSON.stringify([CACHE_FORMAT, PAGEFIND_VERSION, OPTIONS, indexed]))
          .digest('hex');
        const cached = cacheDir ? path.join(cacheDir, key) : null;
        const target = path.join(outDir, 'pagefind');
        if (cached && existsSync(cached)) {
          rmSync(target, {recursive: true, force: true});
          cpSync(cached, target, {recursive: true});
          return {locale, pages: pages.length, cached: true};
        }
        await indexLocale(outDir, pages);
        if (cached) {
          // Whole or not at all: a half-copied index would be taken for a good one.
          const temp = `${cached}.tmp-${process.pid}`;
          rmSync(temp, {recursive: true, force: true});
          cpSync(target, temp, {recursive: true});
          renameSync(temp, cached);
        }
        return {locale, pages: pages.length, cached: false};
      }),
    );
  } finally {
    await pagefind.close();
  }
}
