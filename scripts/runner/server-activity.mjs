// What the server did during a measured run, so that a page says "no
// checkpoint ran" or "every page read was in shared buffers" only when it was
// measured: the server's cumulative statistics read before and after the run
// (WAL, checkpoints, buffer writes by who wrote them, hits and reads,
// temporary files), and, through a timed run, what pgbench's backends waited
// on, sampled from pg_stat_activity ten times a second by a session of its own.
import {Interrupted, runProcess} from './processes.mjs';
import {psql} from './psql.mjs';

/** The statement that gives every run the same page state: rows hinted and frozen, dead rows gone, analyzed. */
export const SETTLE_SQL = 'VACUUM (FREEZE, ANALYZE)';

/**
 * One row of the statistics a version has, as JSON. The checkpointer's own view is 17's (before: in
 * pg_stat_bgwriter); writes by backends come from pg_stat_io from 16 (before: buffers_backend). Every
 * process that is neither the checkpointer nor the background writer counts as a backend, as buffers_backend
 * did.
 */
export function statsSql(versionNum) {
  const checkpointer =
    versionNum >= 170000
      ? "'checkpointsTimed', c.num_timed, 'checkpointsRequested', c.num_requested, " +
        "'checkpointerWrites', c.buffers_written"
      : "'checkpointsTimed', b.checkpoints_timed, 'checkpointsRequested', b.checkpoints_req, " +
        "'checkpointerWrites', b.buffers_checkpoint";
  const backendWrites =
    versionNum >= 160000
      ? "(SELECT coalesce(sum(writes), 0) FROM pg_stat_io WHERE backend_type NOT IN ('checkpointer', " +
        "'background writer') AND object = 'relation')"
      : 'b.buffers_backend';
  return (
    "SELECT json_build_object('walRecords', w.wal_records, 'walFpi', w.wal_fpi, 'walBytes', w.wal_bytes, " +
    `${checkpointer}, 'cleanerWrites', b.buffers_clean, 'backendWrites', ${backendWrites}, ` +
    "'hits', d.blks_hit, 'reads', d.blks_read, 'tempFiles', d.temp_files, 'tempBytes', d.temp_bytes) " +
    `FROM pg_stat_wal w, pg_stat_bgwriter b${versionNum >= 170000 ? ', pg_stat_checkpointer c' : ''}, ` +
    'pg_stat_database d WHERE d.datname = current_database()'
  );
}

const versions = new WeakMap();

/** The server's version number (180004), once per connection. */
async function versionNumOf(connection) {
  if (!versions.has(connection))
    versions.set(connection, Number((await psql(connection, ['-A', '-t', '-c', 'SHOW server_version_num'])).trim()));
  return versions.get(connection);
}

/**
 * The server's counters now; null when this server cannot give them (before 14, or a role that may not read
 * them): the run goes on, and its pages then claim nothing of them.
 */
export async function readStats(connection, record) {
  const admin = connection.admin ?? connection;
  try {
    const sql = statsSql(await versionNumOf(admin));
    record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-A', '-t', '-c', sql]);
    const row = JSON.parse((await psql(admin, ['-A', '-t', '-c', sql])).trim());
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    return null;
  }
}

/** What the server did between two readings, as the result keeps it (schemas/result.md, cell.server). */
export function activityBetween(before, after) {
  if (!before || !after) return null;
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

// Samples every pgbench backend (application_name pgbench) each 100 ms from the first it sees until none is
// left, and tells the counts by wait event (CPU: running, no wait) as one NOTICE. pg_stat_clear_snapshot():
// within a transaction pg_stat_activity would otherwise give the same rows each time.
const samplerSql = (maxSamples) => `DO $$
DECLARE counts jsonb := '{}'; seen boolean := false; n int := 0; r record; k text;
BEGIN
  FOR i IN 1..${maxSamples} LOOP
    PERFORM pg_stat_clear_snapshot();
    IF EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = 'pgbench') THEN
      seen := true; n := n + 1;
      FOR r IN SELECT coalesce(wait_event_type, 'CPU') AS t, coalesce(wait_event, 'CPU') AS e, count(*) AS c
          FROM pg_stat_activity WHERE application_name = 'pgbench' GROUP BY 1, 2 LOOP
        k := r.t || ':' || r.e;
        counts := jsonb_set(counts, ARRAY[k], to_jsonb(coalesce((counts ->> k)::int, 0) + r.c));
      END LOOP;
    ELSIF seen THEN EXIT;
    END IF;
    PERFORM pg_sleep(0.1);
  END LOOP;
  RAISE NOTICE 'bench-waits %', jsonb_build_object('samples', n, 'waits', counts);
END $$`;

/** The sampler's counts, from psql's stderr: {samples, waits: [{type, event, samples}]} most first; null if none. */
export function parseWaits(stderr) {
  const json = /NOTICE: {2}bench-waits (\{.*\})\s*$/m.exec(stderr)?.[1];
  if (!json) return null;
  const {samples, waits} = JSON.parse(json);
  return {
    samples,
    waits: Object.entries(waits)
      .map(([key, count]) => ({type: key.split(':')[0], event: key.split(':').slice(1).join(':'), samples: count}))
      .sort((a, b) => b.samples - a.samples || a.event.localeCompare(b.event)),
  };
}

// The server ends the sampler's statement within a second of psql going (PostgreSQL 14 on).
const CHECK_CLIENT_SQL = "SET client_connection_check_interval = '1s'";

/**
 * Starts sampling what pgbench's backends wait on, for a run of `durationS`; `done()` resolves to the counts
 * once pgbench has gone, or null when the sampler failed or did not end within 30 s of pgbench (psql is then
 * stopped, and the server ends its statement).
 */
export function sampleWaits(connection, durationS, record) {
  const admin = connection.admin ?? connection;
  // Ten a second through the run, and a minute more for pgbench's start and the end of its last transactions.
  const sql = samplerSql(Math.ceil((durationS + 60) * 10));
  const argv = ['psql', '-X', ...admin.psqlArgs, '-c', CHECK_CLIENT_SQL, '-c', sql];
  record(argv);
  const running = runProcess(argv, {env: admin.env, timeoutS: durationS + 90});
  running.catch(() => {}); // An interruption is the run's to report, not the sampler's.
  const late = () => new Promise((resolve) => setTimeout(resolve, 30_000, null).unref());
  return {
    done: async () => {
      const out = await Promise.race([running, late()]);
      return out ? parseWaits(out.stderr) : null;
    },
  };
}
