// What the server did through a measured run (a cell's `server`,
// schemas/result.md), from what the runner read: its cumulative statistics
// just before and just after the run (`readings`), and the sampler's rows of
// what pgbench's backends waited on (`waits.output`). The runner keeps both
// and derives the figures with these functions; the build derives them again
// from what was kept (rederive.mjs), so a counter edited by hand is refused.

/** The counters a reading holds, as the runner's statistics query names them (scripts/runner/server-activity.mjs). */
export const COUNTERS = [
  'walRecords',
  'walFpi',
  'walBytes',
  'checkpointsTimed',
  'checkpointsRequested',
  'checkpointerWrites',
  'cleanerWrites',
  'backendWrites',
  'hits',
  'reads',
  'tempFiles',
  'tempBytes',
  'xactCommit',
  'xactRollback',
];

/** What the server did between two readings, as the result keeps it (without the readings). */
export function activityBetween(before, after) {
  if (!before || !after) return null;
  // A counter that went back (the statistics were reset) counts nothing rather than a negative amount.
  const d = (k) => Math.max(0, after[k] - before[k]);
  return {
    wal: {records: d('walRecords'), fullPageImages: d('walFpi'), bytes: d('walBytes')},
    checkpoints: {timed: d('checkpointsTimed'), requested: d('checkpointsRequested')},
    buffersWritten: {
      checkpointer: d('checkpointerWrites'),
      backgroundWriter: d('cleanerWrites'),
      backends: d('backendWrites'),
    },
    buffers: {hits: d('hits'), reads: d('reads')},
    tempFiles: {files: d('tempFiles'), bytes: d('tempBytes')},
    // Readings of runs before 2026-11-28 (evening) hold no transaction counts.
    ...(after.xactCommit !== undefined && {transactions: {commits: d('xactCommit'), rollbacks: d('xactRollback')}}),
  };
}

/** The sampler's rows, from psql's output (epoch|type|event|count): {samples, waits} most first. */
export function parseWaits(stdout) {
  const samples = new Set();
  const waits = new Map();
  for (const line of stdout.split('\n')) {
    const [at, type, event, count] = line.split('|');
    if (!(Number(count) > 0)) continue;
    samples.add(at);
    const key = `${type}|${event}`;
    if (!waits.has(key)) waits.set(key, {type, event, samples: 0});
    waits.get(key).samples += Number(count);
  }
  // Ties by name in code-unit order, the same on every machine that derives them again.
  const byName = (a, b) => (a.event < b.event ? -1 : a.event > b.event ? 1 : 0);
  return {
    samples: samples.size,
    waits: [...waits.values()].sort((a, b) => b.samples - a.samples || byName(a, b)),
  };
}

/**
 * Whether a workload's script sends SQL, by the text a result keeps of it (`scripts`): a built-in does; a script
 * of meta-commands alone (\set, \sleep) does not; null where the result kept no text of it.
 */
export function sendsSql(cell, scripts) {
  if (cell.parameters?.builtin) return true;
  const sql = scripts?.find((s) => s.workload === cell.workload)?.sql;
  if (typeof sql !== 'string') return null;
  const code = sql.replace(/\/\*[\s\S]*?\*\//g, '').replace(/--[^\n]*/g, '');
  return code.split('\n').some((line) => /^[A-Za-z(]/.test(line.trim()));
}

/**
 * pgbench's processed transactions against the server's own count of the transactions that ended in the run's
 * database (commits and rollbacks: each of pgbench's ends so, and the runner's reading sessions add a few):
 * an output and summary edited together to add up are still refused when the server counted fewer. `slack`:
 * the transactions that may end after the second reading (a second's worth of a timed run: pgbench's backends
 * flush their counts at most once a second, and the runner waits for them to exit, scripts/runner). Null where
 * they agree or the readings hold no such count (runs before 2026-11-28).
 */
export function transactionsShortfall(server, processed, {at, slack = 0}) {
  const t = server?.transactions;
  if (!t || typeof processed !== 'number') return null;
  const ended = t.commits + t.rollbacks;
  if (ended >= processed - slack) return null;
  return {
    at: `${at}.transactions`,
    message:
      `the server counted ${ended} transactions ended in the run's database (${t.commits} commits, ` +
      `${t.rollbacks} rollbacks), fewer than the ${processed} pgbench processed: the output was not what pgbench ` +
      'printed against this server',
  };
}

/** The cell's `server`: its figures and the readings they come from. Null without both readings. */
export function serverActivity(before, after) {
  const activity = activityBetween(before, after);
  return activity && {...activity, readings: {before, after}};
}

/** The sampler's result as a cell keeps it: its counts, with the output they come from. */
export const sampledWaits = (stdout) => ({...parseWaits(stdout), output: stdout});
