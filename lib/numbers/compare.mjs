// Comparisons between two figures, computed once here from the numbers (never
// typed): how many times, how many percent, and whether repeats overlap.

/** a is how many times b (a / b). */
export function ratio(a, b) {
  if (!(b > 0)) throw new Error(`Cannot compare with ${b}: the base of a ratio must be positive.`);
  return a / b;
}

/** How much a is above (or below) b, as a fraction of b: 0.123 is +12.3%. */
export const percentDifference = (a, b) => ratio(a, b) - 1;

/**
 * Whether two figures are within each other's noise: the ranges of their
 * repeats overlap, so the difference of their medians may be chance.
 * @param {{min: number, max: number}} a
 * @param {{min: number, max: number}} b
 */
export const withinNoise = (a, b) => a.min <= b.max && b.min <= a.max;

/** The ratio of two ranges: from the least to the most it can be. */
export const ratioRange = (a, b) => ({low: ratio(a.low, b.high), high: ratio(a.high, b.low)});
