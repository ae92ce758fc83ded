// Numbers come from the data, never from a message: a digit typed into a
// translation is how translations come to disagree about their own figures.
import {withoutPlaceholders} from '../messages.mjs';

/**
 * Words with digits that a message may contain: names, not numbers (documented
 * in i18n/README.md). Every other digit is a number, and numbers come from the data.
 */
export const DIGIT_ALLOWLIST = ['gp3'];

/** Digits in a message outside the allowlist and outside {{placeholders}}. */
export function strayDigits(text) {
  let rest = withoutPlaceholders(text);
  for (const word of DIGIT_ALLOWLIST) rest = rest.split(word).join(' ');
  return rest.match(/\p{Nd}+/gu) ?? [];
}

export default {
  name: 'stray-digits',
  description: 'No digits in a message, except in the names of DIGIT_ALLOWLIST.',
  appliesTo: 'every',
  check: ({catalog}) =>
    [...catalog.messages].flatMap(([key, text]) => {
      const digits = strayDigits(text);
      if (digits.length === 0) return [];
      const found = digits.map((d) => `"${d}"`).join(', ');
      return [{key, id: 'checks.strayDigits', values: {found, file: 'lib/i18n/catalog-checks/stray-digits.mjs'}}];
    }),
};
