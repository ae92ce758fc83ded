// The messages each page shows: those its components carry (each page module names them: lib/pages/site-pages.mjs),
// picked from the catalog into its data so a page downloads only its own words, and those its build writes into
// its data (answer sentences, table cells), recorded as it builds. Together they are what a page's count of
// messages in English, and its marks, are about.

/** True when `keys` (namespaces or dotted keys, as a page module names them) take in `key`. */
export const carries = (keys, key) => keys.some((k) => key === k || key.startsWith(`${k}.`));

/**
 * A translator `t` that records the keys each page's build writes: `during(id, build)` runs a page's build, and a
 * page built inside another's (the overview reads the others') counts for both, as `shownBy(id)` says when a
 * built page's data is read again; `by(id)` gives the keys.
 */
export function writtenKeys(translate) {
  const building = [];
  const used = new Map();
  return {
    t: (id, values) => {
      for (const keys of building) keys.add(id);
      return translate(id, values);
    },
    during(id, build) {
      used.set(id, new Set());
      building.push(used.get(id));
      try {
        return build();
      } finally {
        building.pop();
      }
    },
    shownBy(id) {
      for (const keys of building) for (const key of used.get(id) ?? []) keys.add(key);
    },
    by: (id) => used.get(id) ?? new Set(),
  };
}

/**
 * The catalog messages each page uses (namespaces, or single dotted keys), by page id: a page's data carries
 * only these, so it downloads only its own words. Each page module says its own (lib/pages/site-pages.mjs).
 */
export const pageMessages = (pages) => Object.fromEntries(pages.map((p) => [p.id, p.messages]));
