// The status of a measured cell, from pgbench's parsed output and exit code:
// one rule for the runner and the importer.

/**
 * ok, failed or aborted, and the error that says why. Lines that are not
 * pgbench's (a shell's "rc=0" appended to a file, say) do not fail a run.
 */
export function statusOf(summary, exitCode) {
  if (summary.aborted) return {status: 'aborted', error: summary.errors.find((e) => e.kind === 'aborted') ?? null};
  const fatal = summary.errors.find((e) => e.kind !== 'aborted' && !/ are not pgbench output;/.test(e.message));
  if (fatal) return {status: 'failed', error: fatal};
  if (exitCode !== null && exitCode !== 0)
    return {status: 'failed', error: {kind: 'other', message: `pgbench exited with code ${exitCode}.`}};
  return {status: 'ok', error: null};
}
