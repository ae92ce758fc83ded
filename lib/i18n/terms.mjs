// The terms the pages use that a reader may not know (Hodges–Lehmann, A/A, data_checksums…), each explained in
// one sentence from the catalog (terms.<id>): wherever a page's text names one, the name opens its explanation
// (src/components/Terms). A term's `name` message is how that language's pages write it; forms separated by
// " | " are all found (신뢰구간 | 신뢰 구간), the first is the one the explanation names. A setting, a tool or a
// command is written alike in every language: its name is here, not in the catalogs.

/** Every term, by id: the catalog keys of its name (or the name itself) and its explanation (keys written whole). */
export const TERMS = {
  instructions: {name: 'terms.instructions.name', explain: 'terms.instructions.explain'},
  hodgesLehmann: {name: 'terms.hodgesLehmann.name', explain: 'terms.hodgesLehmann.explain'},
  confidenceInterval: {name: 'terms.confidenceInterval.name', explain: 'terms.confidenceInterval.explain'},
  margin: {name: 'terms.margin.name', explain: 'terms.margin.explain'},
  aa: {name: 'terms.aa.name', explain: 'terms.aa.explain'},
  holm: {name: 'terms.holm.name', explain: 'terms.holm.explain'},
  pairedT: {name: 'terms.pairedT.name', explain: 'terms.pairedT.explain'},
  mannWhitney: {name: 'terms.mannWhitney.name', explain: 'terms.mannWhitney.explain'},
  cgDiff: {literal: 'cg_diff', explain: 'terms.cgDiff.explain'},
  dataChecksums: {literal: 'data_checksums', explain: 'terms.dataChecksums.explain'},
  ioMethod: {literal: 'io_method', explain: 'terms.ioMethod.explain'},
  benchCompare: {literal: 'bench compare', explain: 'terms.benchCompare.explain'},
  // Written "p = 0.03" in every language: the explanation reads on from "p =".
  pValue: {literal: 'p =', explain: 'terms.pValue.explain'},
};

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LATIN = /[A-Za-z_]/;

/**
 * The terms of a locale as `t` words them: [{id, name, explain, forms}].
 * @param {(key: string) => string} t
 */
export const termsOf = (t) =>
  Object.entries(TERMS).map(([id, keys]) => {
    const forms = (keys.literal ?? t(keys.name))
      .split('|')
      .map((f) => f.trim())
      .filter(Boolean);
    return {id, name: forms[0], explain: t(keys.explain), forms};
  });

/**
 * One pattern that finds any form of any term. A form that begins or ends with a Latin letter is found only
 * as a whole word (margin, not marginal; margins too); others, in languages written without spaces, anywhere.
 */
export function termPattern(terms) {
  const forms = terms
    .flatMap((term) => term.forms.map((form) => ({id: term.id, form})))
    .sort((a, b) => b.form.length - a.form.length);
  const source = forms
    .map(({form}) => {
      const before = LATIN.test(form[0]) ? '(?<![A-Za-z_])' : '';
      const after = LATIN.test(form.at(-1)) ? 's?(?![A-Za-z_])' : '';
      return `${before}${literal(form)}${after}`;
    })
    .join('|');
  return {regex: new RegExp(source, 'g'), forms};
}

/**
 * `text` cut at every term it names: strings, and {id, text} for each term found.
 * @param {string} text
 * @param {{regex: RegExp, forms: {id: string, form: string}[]}} pattern  from termPattern
 */
export function splitTerms(text, pattern) {
  // A page asks for the same text on every render (and names repeat across a table): cut once per pattern.
  let cut = cuts.get(pattern);
  if (!cut) cuts.set(pattern, (cut = new Map()));
  if (!cut.has(text)) cut.set(text, cutText(text, pattern));
  return cut.get(text);
}

const cuts = new WeakMap();

function cutText(text, {regex, forms}) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(regex)) {
    const found = forms.find(({form}) => match[0] === form || match[0] === `${form}s`);
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({id: found.id, text: match[0]});
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
