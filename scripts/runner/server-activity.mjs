// What the server did during a measured run, so that a page says "no
// checkpoint ran" or "every page read was in shared buffers" only when it was
// measured: the server's cumulative statistics read before and after the run
// (WAL, checkpoints, buffer writes by who wrote them, hits and reads,
// temporary files), and, through a timed run, what pgbench's backends waited
// on, sampled from pg_stat_activity ten times a second by a session of its own.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {sampledWaits} from '../../lib/results/server-counters.mjs';
import {Interrupted, runProcess} from './processes.mjs';
import {psql} from './psql.mjs';

/** Before a run: rows hinted and frozen, dead rows gone, analyzed (where earlier runs moved rows, it leaves them). */
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
      ? '(SELECT coalesce(pg_catalog.sum(writes), 0) FROM pg_catalog.pg_stat_io WHERE backend_type NOT IN ' +
        "('checkpointer', 'background writer') AND object = 'relation')"
      : 'b.buffers_backend';
  // Run as the superuser beside the suite's objects: every name with its schema (connection.mjs says why).
  return (
    "SELECT pg_catalog.json_build_object('walRecords', w.wal_records, 'walFpi', w.wal_fpi, " +
    `'walBytes', w.wal_bytes, ${checkpointer}, 'cleanerWrites', b.buffers_clean, ` +
    `'backendWrites', ${backendWrites}, ` +
    "'hits', d.blks_hit, 'reads', d.blks_read, 'tempFiles', d.temp_files, 'tempBytes', d.temp_bytes, " +
    "'xactCommit', d.xact_commit, 'xactRollback', d.xact_rollback) " +
    'FROM pg_catalog.pg_stat_wal w, pg_catalog.pg_stat_bgwriter b' +
    `${versionNum >= 170000 ? ', pg_catalog.pg_stat_checkpointer c' : ''}, ` +
    'pg_catalog.pg_stat_database d WHERE d.datname = pg_catalog.current_database()'
  );
}

const versions = new WeakMap();

/** The server's version number (180004), once per connection. */
async function versionNumOf(connection) {
  if (!versions.has(connection))
    versions.set(connection, Number((await psql(connection, ['-A', '-t', '-c', 'SHOW server_version_num'])).trim()));
  return versions.get(connection);
}

// pgbench's backends still in the server (the runner's own sessions are named psql).
const PGBENCH_BACKENDS_SQL =
  "SELECT pg_catalog.count(*) FROM pg_catalog.pg_stat_activity WHERE application_name = 'pgbench'";

/**
 * Waits, at most `timeoutS`, until pgbench's backends have left the server: each writes its last statistics as
 * it exits, after pgbench has gone, and a reading made before would miss them (up to a second of its
 * transactions, which it flushes at most once a second while busy).
 */
export async function pgbenchGone(connection, {timeoutS = 10} = {}) {
  const admin = connection.admin ?? connection;
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    try {
      if (Number((await psql(admin, ['-A', '-t', '-c', PGBENCH_BACKENDS_SQL])).trim()) === 0) return;
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      return; // A server that cannot say is read as it is; its reading says what it can.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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

// Every pgbench backend (application_name pgbench), sampled by psql's \watch ten times a second: each sample
// is a statement and a transaction of its own, so the sampler holds no snapshot between them. (The runs of
// 2026-11-27 sampled in one DO block through the whole run: its snapshot kept every row that died meanwhile
// from page pruning and vacuum, pgbench's few branch and teller rows bloated, and TPC-B-like throughput fell
// through each run.) A row per wait event (CPU: running, no wait) of each sample, the sample told by its
// transaction's start time.
const WAITS_SQL = `SELECT extract(epoch FROM pg_catalog.now()), coalesce(wait_event_type, 'CPU'),
  coalesce(wait_event, 'CPU'), pg_catalog.count(*) FROM pg_catalog.pg_stat_activity
  WHERE application_name = 'pgbench' GROUP BY 2, 3
\\watch 0.1
`;

/**
 * Starts sampling what pgbench's backends wait on, through a run of `durationS` (its SQL in a file under
 * `tmp`); `done()`, once pgbench has gone, stops psql and resolves to the counts with the rows they come
 * from, or null when the sampler failed.
 */
export function sampleWaits(connection, durationS, record, tmp = tmpdir()) {
  const admin = connection.admin ?? connection;
  const file = path.join(mkdtempSync(path.join(tmp, 'waits-')), 'waits.sql');
  writeFileSync(file, WAITS_SQL);
  const argv = ['psql', '-X', '-q', '-A', '-t', '-F', '|', ...admin.psqlArgs, '-f', file];
  record(argv);
  const stop = new AbortController();
  // A minute more than the run for pgbench's start and its last transactions; done() stops it before.
  const running = runProcess(argv, {env: admin.env, timeoutS: durationS + 90, stop: stop.signal});
  running.catch(() => {}); // An interruption is the run's to report, not the sampler's.
  return {
    done: async () => {
      stop.abort();
      const out = await running.catch(() => null);
      rmSync(path.dirname(file), {recursive: true, force: true});
      return out && !/ERROR|FATAL/.test(out.stderr) ? sampledWaits(out.stdout) : null;
    },
  };
}
