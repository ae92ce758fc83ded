// A published suite's title is its page's label in the sidebar, beside the labels of the pages written for the
// site (site.nav.*): a translation that gives a suite the title of another page, or of another suite, would show
// readers two entries of one name. (English's own titles are checked where suites load: lib/suites/site-suites.mjs.)
const TITLE = /^suites\.[^.]+\.title$/;

/** A label as readers tell labels apart: its case, width and surrounding spaces do not count. */
const labelKey = (text) => text.normalize('NFKC').trim().toLowerCase();

export default {
  name: 'suite-title-label',
  description: "A suite's title is no other page's label, nor another suite's, in the same language.",
  appliesTo: 'translations',
  check: ({catalog}) => {
    const labels = new Map();
    for (const [key, text] of catalog.messages) {
      if (key.startsWith('site.nav.') || TITLE.test(key)) {
        const known = labels.get(labelKey(text)) ?? [];
        labels.set(labelKey(text), [...known, key]);
      }
    }
    return [...catalog.messages]
      .filter(([key]) => TITLE.test(key))
      .flatMap(([key, text]) => {
        const others = labels.get(labelKey(text)).filter((k) => k !== key);
        return others.length > 0 ? [{key, id: 'checks.suiteTitleLabel', values: {other: others[0]}}] : [];
      });
  },
};
