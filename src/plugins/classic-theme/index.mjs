// theme-classic as the site uses it, composed the way Docusaurus's own website composes a plugin: the same plugin,
// less its client module for Prism's additionalLanguages. That module imports Prism on every page
// (prism-react-renderer, ~26 KiB gzip of each page's first load) for languages a site adds; this one adds none, and
// its code blocks load Prism themselves, where a block it colours comes near (src/theme/CodeBlock).
import {createRequire} from 'node:module';
import path from 'node:path';
import themeClassic from '@docusaurus/theme-classic';

export {getSwizzleConfig, validateOptions, validateThemeConfig} from '@docusaurus/theme-classic';

const PRISM_LANGUAGES = './prism-include-languages';
// What the theme names relative to its own folder (Docusaurus resolves it against the plugin's): made absolute,
// since this plugin lives elsewhere.
const themeDir = path.dirname(createRequire(import.meta.url).resolve('@docusaurus/theme-classic'));
const resolved = (p) => (p.startsWith('.') ? path.resolve(themeDir, p) : p);

export default function classicTheme(context, options) {
  const theme = themeClassic(context, options);
  const modules = theme.getClientModules();
  if (!modules.includes(PRISM_LANGUAGES)) {
    throw new Error(
      `@docusaurus/theme-classic has no client module ${PRISM_LANGUAGES} any more: src/plugins/classic-theme ` +
        'leaves out a module it no longer has; see whether Prism is still on every page, and update it.',
    );
  }
  return {
    ...theme,
    getThemePath: () => resolved(theme.getThemePath()),
    getTypeScriptThemePath: () => resolved(theme.getTypeScriptThemePath()),
    getClientModules: () => modules.filter((m) => m !== PRISM_LANGUAGES).map(resolved),
  };
}
