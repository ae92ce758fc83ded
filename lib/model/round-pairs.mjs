// Which timed runs are compared round by round. In an interleaved run every target of a group ran once per
// round, in an order shuffled anew each round, so what drifts from round to round (the machine, its caches, the
// hour) moves a round's runs alike; its comparisons take the rounds as pairs (lib/stats/paired.mjs) where the
// rounds ran one after another, and where enough of them did.

/** The fewest rounds a timed group is compared round by round with: a t interval of fewer differences rests on
 * their being normal more than on the runs. */
export const MIN_ROUND_PAIRS = 5;

/**
 * Whether a timed group's rounds can be its pairs: each round's runs (every target's) ran in a stretch of time
 * of their own, one round after the other, at least MIN_ROUND_PAIRS of them. Parts of a merged run that measured
 * other targets of one group at other times share round numbers, not their time: their rounds overlap.
 */
export function roundsApart(group) {
  const windows = new Map();
  for (const cells of group.byTarget.values()) {
    for (const c of cells) {
      const [from, to] = [Date.parse(c.startedAt), Date.parse(c.finishedAt)];
      if (!Number.isInteger(c.round)) return false;
      if (!(from <= to)) {
        if (c.status === 'ok') return false; // a sample of no known time: its round cannot be placed
        continue; // a cell that failed before it started: no sample, no time
      }
      const w = windows.get(c.round) ?? [from, to];
      windows.set(c.round, [Math.min(w[0], from), Math.max(w[1], to)]);
    }
  }
  const spans = [...windows.values()].sort((a, b) => a[0] - b[0]);
  return spans.length >= MIN_ROUND_PAIRS && spans.every((w, i) => i === 0 || spans[i - 1][1] <= w[0]);
}
