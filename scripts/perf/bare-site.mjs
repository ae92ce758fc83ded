// A bare Docusaurus site: the same Docusaurus, locales and Faster as the guide, one page, nothing of ours.
// The baseline the performance scripts measure the guide beside (bench:site, bench:lighthouse).
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {defaultLocale, locales} from '../../lib/locales.mjs';

/** Writes the bare site into `dir` (replacing what is there). */
export function writeBareSite(dir) {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(path.join(dir, 'docs'), {recursive: true});
  writeFileSync(path.join(dir, 'docs', 'index.md'), '---\nslug: /\n---\n\n# Bare page\n\nText.\n');
  writeFileSync(
    path.join(dir, 'docusaurus.config.js'),
    `export default {
  title: 'Baseline', url: 'http://localhost', baseUrl: '/',
  future: {v4: true, faster: true},
  i18n: {defaultLocale: ${JSON.stringify(defaultLocale)}, locales: ${JSON.stringify(Object.keys(locales))}},
  plugins: [['@docusaurus/plugin-content-docs', {path: 'docs', routeBasePath: '/', sidebarPath: false}]],
  themes: ['@docusaurus/theme-classic'],
};
`,
  );
}
