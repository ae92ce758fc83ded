// Site configuration. Locales are BCP-47 codes: `Intl` and `<html lang>` both
// depend on them (a code like `jp` would silently fall back to English).
import {readFileSync} from 'node:fs';
import {themes as prismThemes} from 'prism-react-renderer';

const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

// One list of locales for the site, the scripts and the tests.
const {defaultLocale, locales} = readJson('./i18n/locales.json');

// Docusaurus loads this file once per locale and names it in this variable.
// The site title (used in <title>) is not covered by theme translations, so it
// is read from the navbar's translation file: one place for translators.
const locale = process.env.DOCUSAURUS_CURRENT_LOCALE ?? defaultLocale;
const siteTitle = readJson(
  `./i18n/${locale in locales ? locale : defaultLocale}/docusaurus-theme-classic/navbar.json`,
).title.message;

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: siteTitle,
  url: process.env.SITE_URL ?? 'http://localhost',
  baseUrl: '/',
  trailingSlash: true,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  favicon: 'img/favicon.svg',

  future: {v4: true, faster: true},

  markdown: {hooks: {onBrokenMarkdownLinks: 'throw'}},

  i18n: {
    defaultLocale,
    locales: Object.keys(locales),
    localeConfigs: Object.fromEntries(
      Object.entries(locales).map(([code, c]) => [code, {...c, direction: 'ltr'}]),
    ),
  },

  // preset-classic is not used: its search theme needs a package the registry
  // here lacks. The two pieces we need are configured directly.
  plugins: [
    './src/plugins/benchmark-data/index.mjs',
    [
      '@docusaurus/plugin-content-docs',
      {
        path: 'docs',
        routeBasePath: '/',
        sidebarPath: false,
      },
    ],
  ],
  themes: [['@docusaurus/theme-classic', {customCss: './src/css/custom.css'}]],

  themeConfig: {
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: siteTitle,
      logo: {alt: 'Logo', src: 'img/favicon.svg'},
      items: [
        {type: 'doc', docId: 'managed-postgres', label: 'Managed Postgres', position: 'left'},
        {type: 'localeDropdown', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      copyright: 'Numbers on these pages are generated from benchmark data at build time.',
    },
    prism: {theme: prismThemes.github, darkTheme: prismThemes.dracula},
  },
};

export default config;
