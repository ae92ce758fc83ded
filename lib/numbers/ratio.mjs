// Comparisons between two figures, computed once here from the numbers (never
// typed): how many times and how many percent. Whether a difference is real
// is decided elsewhere, from the runs (lib/stats/compare.mjs).

/** a is how many times b (a / b). */
export function ratio(a, b) {
  if (!(b > 0)) throw new Error(`Cannot compare with ${b}: the base of a ratio must be positive.`);
  return a / b;
}

/** How much a is above (or below) b, as a fraction of b: 0.123 is +12.3%. */
export const percentDifference = (a, b) => ratio(a, b) - 1;
