// A run length as a suite or the command line writes it (300s, 5m, 1h), in whole seconds.

/** The longest run a duration may ask for: pgbench -T takes whole seconds, and no cell needs a day. */
const MAX_DURATION_S = 86_400;

/**
 * Whole seconds from 1 s to a day, in "300s", "5m", "1h" or a plain number of
 * seconds; `{zero: true}` allows 0 (no warm-up).
 */
export function parseDuration(value, {zero = false} = {}) {
  const m = /^(\d+)(s|m|h)?$/.exec(String(value).trim());
  if (!m) {
    throw new Error(`"${value}" is not a duration: write whole seconds as 300s (or 300), minutes as 5m, hours as 1h`);
  }
  const seconds = Number(m[1]) * {s: 1, m: 60, h: 3600}[m[2] ?? 's'];
  if (!Number.isInteger(seconds) || seconds < (zero ? 0 : 1) || seconds > MAX_DURATION_S) {
    throw new Error(
      `"${value}" is not a run length pgbench can take: give whole seconds from 1s to 24h ` +
        '(pgbench -T counts whole seconds)',
    );
  }
  return seconds;
}
