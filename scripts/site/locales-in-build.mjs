// Which languages a production build holds, and where. A full build has the
// default language at its root and the others in their folders (/ja/);
// Docusaurus builds a single language at the root (as for a domain of its
// own), so `npm run build -- --locale ja` leaves Japanese at /, read from the
// root page's lang.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {defaultLocale, localePath, locales} from '../../lib/locales.mjs';

/** The locale of `lang` (a code or an html lang such as zh-CN), or undefined. */
const localeOf = (lang) => Object.entries(locales).find(([c, {htmlLang}]) => c === lang || htmlLang === lang)?.[0];

/**
 * @param {string} dir  a build's folder
 * @returns {{locale: string, path: string}[]}  [] when `dir` holds no build
 */
export function localesInBuild(dir) {
  const root = path.join(dir, 'index.html');
  if (!existsSync(root)) return [];
  const others = Object.keys(locales).filter(
    (code) => code !== defaultLocale && existsSync(path.join(dir, localePath(code), 'index.html')),
  );
  if (others.length > 0) {
    return [defaultLocale, ...others].map((locale) => ({locale, path: localePath(locale)}));
  }
  // The minified pages write the attribute without quotes (lang=ja).
  const lang = /<html[^>]*\slang=["']?([^"'\s>]+)/.exec(readFileSync(root, 'utf8'))?.[1];
  return [{locale: localeOf(lang) ?? defaultLocale, path: '/'}];
}
