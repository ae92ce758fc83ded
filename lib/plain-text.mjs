// What plain text shown on a page may not hold: markup (a tag, an entity, a markdown link, a URL), which a page
// shows raw at best and, in a context that reads it (a <script>, an attribute), may run; and characters that
// are not seen but change what is: control characters, bidirectional overrides and isolates (the tab showed the
// site's name reversed) and zero-width ones. A catalog's messages (lib/i18n/catalog-checks/markup.mjs) and a
// suite's own words (lib/suites/suite.mjs) are read against it.

const MARKUP = [
  /<\/?[A-Za-z!?][^>]*>?/, // a tag, a comment or a processing instruction
  /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i, // an entity
  /\[[^\]]*\]\([^)]*\)/, // a markdown link
  /\b[a-z][a-z0-9+.-]*:\/\/\S*/i, // a URL
  /\b(?:javascript|vbscript|data|file|mailto):\S+/i, // a URL without slashes
];

/** The first piece of markup in a text, shortened to 40 characters; null when there is none. */
export function markupIn(text) {
  for (const pattern of MARKUP) {
    const found = pattern.exec(text)?.[0];
    if (found) return found.length > 40 ? `${found.slice(0, 39)}…` : found;
  }
  return null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ZERO_WIDTH = /[\u200b-\u200d\u2060-\u2064\ufeff]/;

const codePoint = (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The first character of a text that is not seen but changes it, as "U+202E (a bidirectional override)"; null
 * when there is none. `lines`: line breaks and tabs are allowed (a description of several lines).
 */
export function invisibleIn(text, {lines = false} = {}) {
  const checks = [
    [lines ? CONTROL : new RegExp(`[\\t\\n${CONTROL.source.slice(1, -1)}]`), 'a control character'],
    [BIDI, 'a bidirectional control, which reorders the text around it'],
    [ZERO_WIDTH, 'a zero-width character'],
  ];
  for (const [pattern, what] of checks) {
    const found = pattern.exec(text)?.[0];
    if (found) return `${codePoint(found)} (${what})`;
  }
  return null;
}
