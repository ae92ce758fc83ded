// The search index of one locale's built pages, written with Pagefind into
// <outDir>/pagefind/, so each locale searches only its own pages and the
// browser loads the index (per-word chunks) only when a reader searches.
//
// Only the article of a page is indexed (not the navbar, sidebar, breadcrumbs
// or the tables behind the charts, which repeat the page's tables). The built
// HTML has no space between table cells or list items (the minifier drops
// their closing tags), so "p95 (ms)" and "p99 (ms)" would be indexed as one
// word "(ms)p99": a space is put before each cell and item, for the index only.
import {readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';

const CELL_STARTS = /<(?:td|th|tr|li|dt|dd)[\s>]/g;
export const EXCLUDED = ['.theme-doc-breadcrumbs', 'figure table', 'figure noscript', '.pagination-nav'];

/** The HTML text Pagefind indexes for a page: the same page, with cells kept apart. */
export const indexableHtml = (html) => html.replace(CELL_STARTS, ' $&');

/** The pages of a locale's output folder (not the folders of other locales inside it, not 404). */
export function localePages(outDir, otherLocaleDirs = []) {
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

/**
 * Writes the search index of each built locale.
 * @param {{locale: string, outDir: string}[]} built
 * @returns {Promise<{locale: string, pages: number}[]>}
 */
export async function writeSearchIndexes(built) {
  const outDirs = built.map((b) => b.outDir);
  const written = [];
  try {
    for (const {locale, outDir} of built) {
      const {index, errors} = await pagefind.createIndex({rootSelector: 'article', excludeSelectors: EXCLUDED});
      if (errors.length > 0) throw new Error(`Pagefind could not start (${errors.join('; ')}).`);
      const pages = localePages(
        outDir,
        outDirs.filter((d) => d !== outDir),
      );
      for (const file of pages) {
        const folder = path.relative(outDir, path.dirname(file)).split(path.sep).join('/');
        const url = folder === '' ? '/' : `/${folder}/`;
        const added = await index.addHTMLFile({url, content: indexableHtml(readFileSync(file, 'utf8'))});
        if (added.errors.length > 0)
          throw new Error(`${file}: Pagefind could not index it (${added.errors.join('; ')}).`);
      }
      const target = path.join(outDir, 'pagefind');
      const out = await index.writeFiles({outputPath: target});
      if (out.errors.length > 0) throw new Error(`${target}: ${out.errors.join('; ')}`);
      // Pagefind's own ready-made interfaces: the navbar search uses only pagefind.js.
      for (const ui of readdirSync(target).filter((f) => /-ui\.(js|css)$|highlight\.js$/.test(f))) {
        rmSync(path.join(target, ui));
      }
      written.push({locale, pages: pages.length});
    }
  } finally {
    await pagefind.close();
  }
  return written;
}
