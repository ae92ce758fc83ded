// The suites of a site, benchmarks/<id>/suite.yaml: the build, the catalogs (a suite's words), the sidebar and
// the site's configuration all ask for them within one process, so each is loaded once, and again only when
// its file or one of its SQL files changes (size or time).
//
// A suite is untrusted input, and one suite's problem never ends the build of another page or language: a
// suite that cannot load, or that would collide with another page, is left out of the site (its page, its
// words and its sidebar entry), and siteSuiteProblems names it and why (the build prints them before
// Docusaurus starts; a test of the project's own suites fails on any). Collisions: an id that is not its
// folder's name (two folders could then hold one id), two ids that differ only by case (one address on a
// case-blind host, and routes match without case), and a published suite's title that is another page's
// navigation label (or another suite's): the sidebar would show two entries of one name.
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
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

/** A label as readers tell labels apart: its case, width and surrounding spaces do not count. */
const labelKey = (text) => text.normalize('NFKC').trim().toLowerCase();

/**
 * The navigation labels of the pages written for the site, in English (its catalog's site.nav: every page of
 * lib/pages/ labels itself there), read from the catalog's file: a published suite's title may not be one.
 */
function writtenLabels(siteDir) {
  try {
    const english = JSON.parse(readFileSync(path.join(siteDir, 'i18n', 'en', 'benchmarks.json'), 'utf8'));
    return Object.values(english?.site?.nav ?? {}).filter((v) => typeof v === 'string');
  } catch {
    return []; // A catalog that cannot be read is the catalog check's to name.
  }
}

/** The suite files of a site, by their folder's name. */
function suiteFiles(siteDir) {
  const dir = path.join(siteDir, 'benchmarks');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {withFileTypes: true})
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'suite.yaml')))
    .map((e) => path.join(dir, e.name, 'suite.yaml'))
    .sort();
}

/** Every suite of a site that loads and collides with nothing, and the problems of the others. */
function survey(siteDir) {
  const rel = (file) => path.relative(siteDir, file);
  const problems = [];
  const loadedSuites = suiteFiles(siteDir).flatMap((file) => {
    const {suite, error} = load(file);
    if (error) {
      problems.push(...(error.problems ?? [error.message]).map((p) => p.replace(file, rel(file))));
      return [];
    }
    const folder = path.basename(path.dirname(file));
    if (suite.id !== folder) {
      problems.push(
        `${rel(file)}: id: "${suite.id}" is not its folder's name, "${folder}": a suite of the site is ` +
          `benchmarks/<id>/suite.yaml, so that no two folders hold one id; rename the folder, or the id`,
      );
      return [];
    }
    return [suite];
  });
  const refused = new Set();
  const clash = (key, what, why) => {
    const groups = new Map();
    for (const s of loadedSuites.filter(what)) groups.set(key(s), [...(groups.get(key(s)) ?? []), s]);
    for (const group of [...groups.values()].filter((g) => g.length > 1)) {
      for (const s of group) refused.add(s);
      problems.push(`${group.map((s) => rel(s.file)).join(', ')}: ${why(group)}`);
    }
  };
  clash(
    (s) => s.id.toLowerCase(),
    () => true,
    (g) =>
      `ids ${g.map((s) => `"${s.id}"`).join(' and ')} differ only by case: one page's address on a host that ` +
      'ignores case; give them ids apart',
  );
  const titled = (s) => s.published && !refused.has(s);
  clash(
    (s) => labelKey(s.words.title ?? s.id),
    titled,
    (g) =>
      `each is titled "${g[0].words.title ?? g[0].id}" (case and width apart): the sidebar would show one label ` +
      'twice; give each suite a title of its own',
  );
  const labels = new Map(writtenLabels(siteDir).map((l) => [labelKey(l), l]));
  for (const s of loadedSuites.filter(titled)) {
    const label = labels.get(labelKey(s.words.title ?? s.id));
    if (label === undefined) continue;
    refused.add(s);
    problems.push(
      `${rel(s.file)}: title: "${s.words.title ?? s.id}" is the navigation label of the site's page "${label}": ` +
        'readers could not tell the two apart; give the suite a title of its own',
    );
  }
  return {suites: loadedSuites.filter((s) => !refused.has(s)), problems};
}

/** The suites the site has a page written for (lib/pages/result-pages.mjs declares each), in its words. */
export const WRITTEN_FOR = ['pg-versions', 'pg17-planner', 'quick'];

/** True when a suite gets a page made from its runs alone, in its own words: published, and none written for it. */
export const hasSuitePage = (suite) => suite.published === true && !WRITTEN_FOR.includes(suite.id);

/** The document of the page that shows a suite's runs (its own written page's, or suites/<id>), or null. */
export const docOfSuite = (suite, written) =>
  written[suite.id]?.id ?? (hasSuitePage(suite) ? `suites/${suite.id}` : null);

/** Every suite of a site that it publishes or runs: those that load and collide with no other page. */
export const siteSuites = (siteDir) => survey(siteDir).suites;

/** Why each suite of a site that siteSuites leaves out is left out, one line each, naming its file. */
export const siteSuiteProblems = (siteDir) => survey(siteDir).problems;
