// The pages translate with their own small translator (messages.mjs) so the
// browser never loads i18next. i18next itself renders every message with sample
// values here, and any difference (nesting, plurals, formatting, escaping) is a
// problem. Runs in Node only.
import i18next from 'i18next';
import {createTranslator, PLACEHOLDER, placeholdersOf} from '../messages.mjs';
import {RENAMED} from './placeholder-names.mjs';

export default {
  name: 'i18next-renders-same',
  description: 'Plain {{placeholders}} only: i18next and the pages render every message alike.',
  appliesTo: 'every',
  check({catalog, locale}) {
    const instance = i18next.createInstance();
    instance.init({
      lng: locale,
      resources: {[locale]: {translation: catalog.data}},
      interpolation: {escapeValue: false},
      initAsync: false,
      showSupportNotice: false,
      // 26 is pinned (27 wants Node 22); these are 27's defaults, so either renders alike.
      fallbackLng: false,
      returnEmptyString: false,
    });
    const ours = createTranslator(locale, catalog.data);
    const problems = [];
    for (const [key, text] of catalog.messages) {
      const left = text.replace(PLACEHOLDER, '');
      if (/\{\{|\}\}/.test(left)) {
        // A name in another script ({{이름}}) is a renamed placeholder: placeholder-names says which to use.
        if (/\{\{|\}\}/.test(left.replace(RENAMED, ''))) {
          problems.push({key, id: 'checks.notPlain', values: {example: '{{n, number}}'}});
        }
        continue;
      }
      const values = Object.fromEntries(placeholdersOf(text).map((name) => [name, `⟨${name}⟩`]));
      const expected = instance.t(key, values);
      const actual = ours(key, values);
      if (expected !== actual) {
        problems.push({
          key,
          id: 'checks.rendersDifferently',
          values: {library: 'i18next', i18next: JSON.stringify(expected), pages: JSON.stringify(actual)},
        });
      }
    }
    return problems;
  },
};
