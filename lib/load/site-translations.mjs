// Docusaurus translates its navbar, footer and sidebar from its own JSON files
// (i18n/<locale>/docusaurus-*/…). Translators edit only benchmarks.json, so
// those files are generated from it: never edit them by hand (they are not in
// git). docusaurus.config.js calls writeSiteTranslations before every command.
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {catalogPath, readCatalog} from '../i18n/catalogs.mjs';
import {siteCatalog} from '../i18n/fallback.mjs';
import {lookup} from '../i18n/messages.mjs';
import {SITE_PAGES, sitePages} from '../pages/site-pages.mjs';
import {siteSuites} from '../suites/site-suites.mjs';

// A page is a document of the docs plugin (docs/<docId>.mdx), or a route of the data plugin (a page of results).
const navPage = (p) => ({docId: p.doc, label: p.label, route: p.route === true || Boolean(p.writtenFor)});

/** The pages written for the site, in the navigation's order: {docId, label, route} (lib/pages/site-pages.mjs). */
export const NAV_PAGES = SITE_PAGES.map(navPage);

/** Every page of a site's navigation: those written, and each published suite's (lib/pages/site-pages.mjs). */
export const navPages = (siteDir) => sitePages(siteSuites(siteDir)).map(navPage);
export {SCREENSHOT_MANIFEST, screenshotPath} from '../pages/screenshots.mjs';
/** The pages the navbar links to (the sidebar has them all). */
export const NAVBAR_PAGES = SITE_PAGES.filter((p) => p.navbar).map((p) => p.doc);
export const SIDEBAR = 'guide';

/** Docusaurus's theme strings the site shows, by their id, and the catalog key each is taken from. */
const THEME_STRINGS = {
  'theme.colorToggle.ariaLabel.mode.system': 'site.theme.system',
  'theme.IconExternalLink.ariaLabel': 'site.theme.newTab',
  'theme.navbar.mobileDropdown.collapseButton.collapseAriaLabel': 'site.theme.collapse',
  'theme.navbar.mobileDropdown.collapseButton.expandAriaLabel': 'site.theme.expand',
};

/** A catalog message by dotted key; a missing one is an error that names the file. */
export function message(catalog, key, file) {
  const value = lookup(catalog, key);
  if (value === undefined || value.trim() === '')
    throw new Error(`${file} has no message "${key}": add it (npm run i18n:check lists what is missing).`);
  return value;
}

/**
 * The Docusaurus translation files of one locale, keyed by their English text
 * (as Docusaurus keys them), with the locale's text.
 */
export function siteTranslations(english, catalog, file, pages = NAV_PAGES) {
  const en = (key) => message(english, key, catalogPath('en'));
  const mine = (key) => message(catalog, key, file);
  const entry = (key, description) => ({
    message: mine(key),
    description: `${description} (generated from ${key} in benchmarks.json)`,
  });
  return {
    'docusaurus-theme-classic/navbar.json': {
      title: entry('site.title', 'The title in the navbar'),
      'logo.alt': entry('site.logoAlt', 'The alt text of the navbar logo'),
      ...Object.fromEntries(
        NAV_PAGES.filter((p) => NAVBAR_PAGES.includes(p.docId)).map((p) => [
          `item.label.${en(p.label)}`,
          entry(p.label, `Navbar link to ${p.docId}`),
        ]),
      ),
    },
    'docusaurus-theme-classic/footer.json': {copyright: entry('site.footer', 'The footer text')},
    // The theme's own strings that its translations leave in English here (system mode in ko and zh-Hans):
    // every locale gets them from its catalog, so none shows English.
    'code.json': Object.fromEntries(Object.entries(THEME_STRINGS).map(([id, key]) => [id, entry(key, id)])),
    'docusaurus-plugin-content-docs/current.json': Object.fromEntries(
      // Keyed by the page (sidebars.js gives each item its docId as `key`), not by the English label.
      pages.map((p) => [
        `sidebar.${SIDEBAR}.${p.route ? 'link' : 'doc'}.${p.docId}`,
        entry(p.label, `Sidebar link to ${p.docId}`),
      ]),
    ),
  };
}

/** Writes every locale's generated files; rewrites a file only when its text changes. */
export function writeSiteTranslations(siteDir, localeCodes, defaultLocale) {
  const english = readCatalog(siteDir, defaultLocale);
  const pages = navPages(siteDir);
  for (const locale of localeCodes.filter((l) => l !== defaultLocale)) {
    const files = siteTranslations(english, siteCatalog(siteDir, locale), catalogPath(locale), pages);
    for (const [rel, content] of Object.entries(files)) {
      const target = path.join(siteDir, 'i18n', locale, rel);
      const text = `${JSON.stringify(content, null, 2)}\n`;
      if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
      mkdirSync(path.dirname(target), {recursive: true});
      writeFileSync(target, text);
    }
  }
}
