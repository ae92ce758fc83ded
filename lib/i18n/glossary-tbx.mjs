// Every language's glossary as one TBX file (TermBase eXchange, the format translation tools import glossaries
// from; Crowdin: `crowdin glossary upload`): an entry per concept, with English's words for it, each language's
// term marked preferred and its words to avoid marked deprecated. Written from the glossaries, never edited.

const xml = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'})[c]);

const term = (text, status) =>
  `<tig><term>${xml(text)}</term><termNote type="administrativeStatus">${status}-admn-sts</termNote></tig>`;

/**
 * @param {Map<string, {terms: {concept: string, term: string, source?: string[], avoid?: string[]}[]}>} glossaries
 *   each language's glossary, by locale
 * @returns {string}  the TBX document
 */
export function glossaryTbx(glossaries, sourceLocale = 'en') {
  const concepts = new Map();
  for (const [locale, glossary] of glossaries)
    for (const entry of glossary.terms) {
      if (!concepts.has(entry.concept)) concepts.set(entry.concept, {source: new Set(), langs: new Map()});
      const concept = concepts.get(entry.concept);
      for (const word of entry.source ?? []) concept.source.add(word);
      concept.langs.set(locale, entry);
    }
  const entries = [...concepts].map(([concept, {source, langs}], i) => {
    // A concept with no source words is named by its own English, up to its explanation in brackets.
    const words = source.size > 0 ? [...source] : [concept.replace(/\s*\(.*$/, '')];
    const english = words.map((w) => term(w, 'preferredTerm'));
    const sets = [...langs].map(
      ([locale, entry]) =>
        `      <langSet xml:lang="${xml(locale)}">${[
          term(entry.term, 'preferredTerm'),
          ...(entry.avoid ?? []).map((w) => term(w, 'deprecatedTerm')),
        ].join('')}</langSet>`,
    );
    return [
      `    <termEntry id="c${i + 1}">`,
      `      <descrip type="definition">${xml(concept)}</descrip>`,
      ...(english.length > 0 ? [`      <langSet xml:lang="${sourceLocale}">${english.join('')}</langSet>`] : []),
      ...sets,
      '    </termEntry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<martif type="TBX" xml:lang="${sourceLocale}">`,
    '  <martifHeader><fileDesc><sourceDesc><p>i18n/*/glossary.json</p></sourceDesc></fileDesc></martifHeader>',
    '  <text><body>',
    ...entries,
    '  </body></text>',
    '</martif>',
    '',
  ].join('\n');
}
