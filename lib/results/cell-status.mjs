// The status of a measured cell, from pgbench's parsed output and exit code:
// one rule for the runner and the importer. A cell is ok only when pgbench
// said how much it did: a run with no summary, no transaction, or a TPS it
// could not compute (nan, inf) measured nothing a page or a comparison may use.

/**
 * ok, failed or aborted, and the error that says why. Lines that are not
 * pgbench's (a shell's "rc=0" appended to a file, say) do not fail a run; a
 * pgbench killed by a signal (the runner's, a person's, the OOM killer's) does.
 */
export function statusOf(summary, exitCode, signal = null) {
  if (signal) {
    return {
      status: 'failed',
      error: {kind: 'other', message: `pgbench was killed by ${signal} before it finished: nothing was measured.`},
    };
  }
  if (summary.aborted) return {status: 'aborted', error: summary.errors.find((e) => e.kind === 'aborted') ?? null};
  const fatal = summary.errors.find((e) => e.kind !== 'aborted' && !/ are not pgbench output;/.test(e.message));
  if (fatal) return {status: 'failed', error: fatal};
  if (exitCode !== null && exitCode !== 0)
    return {status: 'failed', error: {kind: 'other', message: `pgbench exited with code ${exitCode}.`}};
  const missing = missingFigures(summary);
  if (missing) return {status: 'failed', error: {kind: 'other', message: missing}};
  return {status: 'ok', error: null};
}

/** Why a summary gives no figure to keep, or null. */
function missingFigures(summary) {
  if (summary.transactionType === undefined) {
    return summary.init
      ? 'This is the output of pgbench -i (loading the tables), not of a measured run.'
      : 'pgbench printed no run summary ("transaction type: …" and its figures): nothing was measured.';
  }
  if (!(summary.processed > 0)) return 'pgbench processed 0 transactions: nothing was measured.';
  if (typeof summary.tps !== 'number' || !(summary.tps > 0)) {
    return 'pgbench printed no TPS it could compute (nan, inf or 0): nothing was measured.';
  }
  return null;
}
