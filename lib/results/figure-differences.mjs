// Where a figure a result stores differs from the one derived again from what it keeps (rederive.mjs): the
// first place, walked through objects and arrays alike, with how much two numbers may differ by round-off.

// Relative difference allowed between a stored figure and the derived one: float round-off only (the stored
// one went through JSON, which keeps a double exactly; a division done again may differ in the last bits).
export const ROUND_OFF = 1e-9;

export const close = (a, b) => a === b || Math.abs(a - b) <= ROUND_OFF * Math.max(Math.abs(a), Math.abs(b));

export const shown = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'absent' : text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

// The texts of errors and warnings are redacted after parsing, from an output that still held its secrets:
// their kinds and number are derived again, not their words.
const TEXTS = new Set(['errors', 'warnings']);

/** The first place where `stored` and `derived` differ, as {at, stored, derived}; null when they agree. */
export function firstDifference(stored, derived, at) {
  if (typeof stored === 'number' && typeof derived === 'number') {
    return close(stored, derived) ? null : {at, stored, derived};
  }
  if (Array.isArray(stored) && Array.isArray(derived)) {
    if (stored.length !== derived.length) {
      return {at: `${at}.length`, stored: stored.length, derived: derived.length};
    }
    for (let i = 0; i < stored.length; i++) {
      const found = firstDifference(stored[i], derived[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (stored && derived && typeof stored === 'object' && typeof derived === 'object') {
    for (const key of new Set([...Object.keys(stored), ...Object.keys(derived)])) {
      const found = TEXTS.has(key)
        ? firstDifference(kindsOf(stored[key]), kindsOf(derived[key]), `${at}.${key}`)
        : firstDifference(stored[key], derived[key], `${at}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return stored === derived ? null : {at, stored, derived};
}

const kindsOf = (list) => (Array.isArray(list) ? list.map((e) => e?.kind) : list);
