// Japanese and Chinese typesetting, said once for the translator, the list joins and the typography checks: which
// languages set full-width marks, which marks close and open, and which characters are the languages' own. Such a
// mark carries its own space; a half-width one beside it is a fault (lib/i18n/typography.mjs).
export const CLOSING_MARKS = '）」』】〕、。，：；！？';
export const OPENING_MARKS = '（「『【〔、。，：；！？）';
/** A character of Japanese or Chinese, as a regular expression's class. */
export const CJK = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]';

/** Whether a locale sets full-width marks with no half-width space beside them: Japanese and Chinese. */
export const setsFullWidth = (locale) => /^(ja|zh)\b/.test(locale);

export const ENDS_FULL_WIDTH = new RegExp(`[${CLOSING_MARKS}]$`, 'u');
export const STARTS_FULL_WIDTH = new RegExp(`^[${OPENING_MARKS}]`, 'u');
export const ENDS_CJK = new RegExp(`${CJK}$`, 'u');
export const STARTS_CJK = new RegExp(`^${CJK}`, 'u');
