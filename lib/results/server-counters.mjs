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

/** The cell's `server`: its figures and the readings they come from. Null without both readings. */
export function serverActivity(before, after) {
  const activity = activityBetween(before, after);
  return activity && {...activity, readings: {before, after}};
}

/** The sampler's result as a cell keeps it: its counts, with the output they come from. */
export const sampledWaits = (stdout) => ({...parseWaits(stdout), output: stdout});
