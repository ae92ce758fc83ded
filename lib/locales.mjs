// The site's locales, from i18n/locales.json (which docusaurus.config.js reads too).
import {readFileSync} from 'node:fs';

const file = new URL('../i18n/locales.json', import.meta.url);

/**
 * scripts: the Unicode scripts a translation is written in; complete: the translation check fails on any message
 * not yet translated (lib/i18n/untranslated.mjs).
 * @type {{defaultLocale: string, locales: Record<string, {label: string, htmlLang: string, scripts?: string[],
 *   complete?: boolean}>}}
 */
export const {defaultLocale, locales} = JSON.parse(readFileSync(file, 'utf8'));

/** The URL path of a locale's home: `/` for the default, `/ja/` for the others. */
export const localePath = (locale) => (locale === defaultLocale ? '/' : `/${locale}/`);
