// The site's locales, from i18n/locales.json (which docusaurus.config.js reads too).
import {readFileSync} from 'node:fs';

const file = new URL('../i18n/locales.json', import.meta.url);

/** @type {{defaultLocale: string, locales: Record<string, {label: string, htmlLang: string}>}} */
export const {defaultLocale, locales} = JSON.parse(readFileSync(file, 'utf8'));

/** The URL path of a locale's home: `/` for the default, `/ja/` for the others. */
export const localePath = (locale) => (locale === defaultLocale ? '/' : `/${locale}/`);
