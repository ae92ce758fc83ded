// The one median of the project, and the one rule for which figures count: pages, History, bench compare
// and the services view all take a cell's figure as a sample only when isSample says so.

/**
 * Whether a figure is a sample: a finite number other than 0. A figure of 0 or none (NaN, Infinity, null)
 * is what a failed cell leaves, never a measurement (no transaction ran; no instruction was counted).
 * A derived figure may be below 0 (instructions of other processes, a difference): it counts.
 */
export const isSample = (value) => typeof value === 'number' && Number.isFinite(value) && value !== 0;

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
