// Page text from the i18next catalogs (i18n/<locale>/benchmarks.json).
// Catalogs hold words and {{placeholders}}; the numbers come from the data.
// A missing key or a missing value is an error, never a blank.
import i18next from 'i18next';

/**
 * @param {string} locale
 * @param {object} messages  the locale's catalog
 * @returns {(id: string, values?: object) => string}
 */
export function createTranslator(locale, messages) {
  const instance = i18next.createInstance();
  instance.init({
    lng: locale,
    resources: {[locale]: {translation: messages}},
    interpolation: {escapeValue: false},
    initAsync: false,
    showSupportNotice: false,
  });
  return (id, values = {}) => {
    if (!instance.exists(id)) throw new Error(`i18n/${locale}/benchmarks.json has no message "${id}": add it (npm run i18n:check lists what is missing).`);
    const text = instance.t(id, values);
    const missing = /\{\{\s*([\w.]+)\s*\}\}/.exec(text);
    if (missing) throw new Error(`The message "${id}" (${locale}) needs a value for {{${missing[1]}}}: the page must pass it.`);
    return text;
  };
}
