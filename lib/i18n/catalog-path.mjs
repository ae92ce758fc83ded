// Where a locale's catalog lives, relative to the site. Its own module, free of
// Node imports, because the pages' translator (messages.mjs, which the browser
// loads too) names the file in its errors.

/** i18n/<locale>/benchmarks.json */
export const catalogPath = (locale) => `i18n/${locale}/benchmarks.json`;
