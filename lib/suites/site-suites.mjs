// The suites of a site, benchmarks/<id>/suite.yaml: the build, the catalogs (a suite's words), the sidebar and
// the site's configuration all ask for them within one process, so each is loaded once, and again only when
// its file or one of its SQL files changes (size or time).
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {loadSuite} from './suite.mjs';

const loaded = new Map();

/** Size and time of each file, to tell whether any changed since. */
const printOf = (files) =>
  files.map((f) => (existsSync(f) ? `${statSync(f).size}:${statSync(f).mtimeMs}` : '-')).join();

/** One suite file, loaded, or the error that stops it: {suite} or {error}. */
function load(file) {
  const known = loaded.get(file);
  if (known && printOf(known.files) === known.print) return known;
  let entry;
  try {
    const suite = loadSuite(file);
    entry = {suite, files: [file, ...suite.sqlFiles.map((f) => path.resolve(f.file))]};
  } catch (error) {
    entry = {error, files: [file]};
  }
  entry.print = printOf(entry.files);
  loaded.set(file, entry);
  return entry;
}

/**
 * Every suite of a site, by its folder's name. `strict`: a suite that cannot load is an error that names it (the
 * build); otherwise it is left out (its words and page wait until it loads; the build and `bench run` say why).
 */
export function siteSuites(siteDir, {strict = false} = {}) {
  const dir = path.join(siteDir, 'benchmarks');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {withFileTypes: true})
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'suite.yaml')))
    .map((e) => path.join(dir, e.name, 'suite.yaml'))
    .sort()
    .flatMap((file) => {
      const {suite, error} = load(file);
      if (error && strict) throw error;
      return suite ? [suite] : [];
    });
}
