// JSON written into an HTML <script> element (JSON-LD): the HTML parser ends the element at the first "</script"
// whatever the JSON means, and "<!--" changes how it reads what follows. So <, > and & are written as their \u
// escapes (JSON reads them as the same characters), and the line separators U+2028 and U+2029 too (a script
// that is not JSON would end its line there). Any text, a suite's title among them, is then data in it.

const ESCAPES = {'<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029'};

/** `value` as JSON that no text it holds can end, or change the reading of, the <script> it is written into. */
export const scriptSafeJson = (value) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]);
