// Site configuration. Locales are BCP-47 codes: `Intl` and `<html lang>` both
// depend on them (a code like `jp` would silently fall back to English).
import {readFileSync} from 'node:fs';
import {normalizeUrl, simpleHash} from '@docusaurus/utils';
import {addTrailingSlash} from '@docusaurus/utils-common';
import {themes as prismThemes} from 'prism-react-renderer';
import {codeThemes} from './lib/code-themes.mjs';
import {catalogPath, readCatalog} from './lib/i18n/catalogs.mjs';
import {siteCatalog} from './lib/i18n/fallback.mjs';
import {repositoryOf} from './lib/repository-link.mjs';
import {message, NAV_PAGES, NAVBAR_PAGES, writeSiteTranslations} from './lib/load/site-translations.mjs';

const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

// One list of locales for the site, the scripts and the tests.
const {defaultLocale, locales} = readJson('./i18n/locales.json');

// Translators edit only i18n/<locale>/benchmarks.json; the navbar, footer and
// sidebar translation files Docusaurus reads are generated from it here, so
// every Docusaurus command (build, start, serve) sees them fresh.
const siteDir = new URL('.', import.meta.url).pathname;
writeSiteTranslations(siteDir, Object.keys(locales), defaultLocale);

// Docusaurus loads this file once per locale and names it in this variable.
// The site title (used in <title>) is not covered by theme translations.
const locale = process.env.DOCUSAURUS_CURRENT_LOCALE ?? defaultLocale;
const titleLocale = Object.hasOwn(locales, locale) ? locale : defaultLocale;
const siteTitle = message(siteCatalog(siteDir, titleLocale), 'site.title', catalogPath(titleLocale));
const english = (key) => message(readCatalog(siteDir, defaultLocale), key, catalogPath(defaultLocale));

// The site has no PostCSS config file: postcss-loader is told not to look for one. It looked, for
// every stylesheet of each locale's two bundles, in every folder up to the root (~3 s a build).
function withoutPostCssConfigSearch() {
  return {name: 'without-postcss-config-search', configurePostCss: (options) => ({...options, config: false})};
}

const url = process.env.SITE_URL ?? 'http://localhost';
// A project's GitHub Pages site lives under /<repository>/ (the benchmark workflow sets it).
const baseUrl = process.env.BASE_URL ?? '/';

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: siteTitle,
  url,
  baseUrl,
  // The reader's choices (the theme) are kept under one name for every language: Docusaurus's own namespace
  // hashes each locale's base URL (/ja/…), so a dark theme chosen in English was lost in Japanese. The same
  // hash, of the site's base URL, keeps what readers of the English pages chose.
  storage: {namespace: simpleHash(addTrailingSlash(normalizeUrl([url, baseUrl])), 3)},
  trailingSlash: true,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  favicon: 'img/favicon.svg',
  // Paths such as results/ link to the repository when the build is told it (the benchmark workflow does).
  customFields: {repository: repositoryOf(process.env)},

  // experimental_vcs off: no page shows a last-update date, and reading the git history took ~1 s a build.
  future: {v4: true, faster: true, experimental_vcs: false},

  markdown: {hooks: {onBrokenMarkdownLinks: 'throw'}},

  i18n: {
    defaultLocale,
    locales: Object.keys(locales),
    // What Docusaurus knows of a locale; the rest of locales.json (scripts, complete) is the translation check's.
    localeConfigs: Object.fromEntries(
      Object.entries(locales).map(([code, {label, htmlLang}]) => [code, {label, htmlLang, direction: 'ltr'}]),
    ),
  },

  // preset-classic is not used: its search theme needs a package the registry
  // here lacks. The two pieces we need are configured directly.
  plugins: [
    './src/plugins/benchmark-data/index.mjs',
    withoutPostCssConfigSearch,
    // sitemap.xml of each locale, with hreflang alternates between them.
    ['@docusaurus/plugin-sitemap', {lastmod: null}],
    [
      '@docusaurus/plugin-content-docs',
      {
        path: 'docs',
        routeBasePath: '/',
        sidebarPath: './sidebars.js',
      },
    ],
  ],
  // theme-classic, less the client module that put Prism on every page (src/plugins/classic-theme).
  themes: [['./src/plugins/classic-theme/index.mjs', {customCss: './src/css/custom.css'}]],

  themeConfig: {
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: siteTitle,
      logo: {alt: english('site.logoAlt'), src: 'img/favicon.svg'},
      // English labels here; each locale's come from its catalog (see above).
      items: [
        ...NAV_PAGES.filter((p) => NAVBAR_PAGES.includes(p.docId)).map((p) => ({
          // A link by address, documents too: Docusaurus marks a 'doc' item active on every document of its
          // sidebar, so the overview showed three items as the page being read. (A page of results is a route of
          // the data plugin; a document's slug is its id.)
          to: `/${p.docId}/`,
          label: english(p.label),
          position: 'left',
        })),
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      copyright: english('site.footer'),
    },
    // No additionalLanguages: their loader is left out (src/plugins/classic-theme).
    prism: codeThemes(prismThemes),
  },
};

export default config;
