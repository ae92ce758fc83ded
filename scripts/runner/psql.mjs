// psql against a target: server description and single statements.
import {redact} from './connection.mjs';
import {runProcess} from './processes.mjs';

/** psql with the target's connection; resolves to its output, or rejects with psql's words. */
export async function psql(connection, psqlArgs, env = {}) {
  const argv = ['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, ...psqlArgs];
  const out = await runProcess(argv, {env: {...connection.env, ...env}});
  if (out.exitCode !== 0) {
    const why = (out.stderr || `psql exited with code ${out.exitCode}`).trim();
    throw new Error(redact(why, connection.secrets));
  }
  return out.stdout;
}

const VERSION_SQL = 'SELECT version()';
const SETTINGS_SQL =
  "SELECT name, current_setting(name) FROM pg_settings WHERE source NOT IN ('default', 'override', 'client') ORDER " +
  'BY name';

// Settings that bound the figures whatever their source: durability, checkpoints, memory, and
// what a version's initdb or defaults changed (data checksums are on by default from PostgreSQL 18).
const KEY_SETTINGS = [
  'checkpoint_timeout',
  'data_checksums',
  'fsync',
  'io_method',
  'full_page_writes',
  'max_wal_size',
  'shared_buffers',
  'synchronous_commit',
  'wal_sync_method',
];
const KEY_SETTINGS_SQL = `SELECT name, current_setting(name) FROM pg_settings WHERE name IN (${KEY_SETTINGS.map(
  (n) => `'${n}'`,
).join(', ')}) ORDER BY name`;

/** The commands describeServer runs, as recorded and as --dry-run prints them. */
export const describeCommands = (connection) => [
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-c', VERSION_SQL],
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-F', '\t', '-c', SETTINGS_SQL],
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-F', '\t', '-c', KEY_SETTINGS_SQL],
];

/**
 * version(), the settings that differ from PostgreSQL's defaults, and the
 * settings that bound the figures (fsync, synchronous_commit…) whatever they are. A
 * version such as "18beta1" or "19devel" is kept as the server gives it.
 */
export async function describeServer(connection, record) {
  for (const argv of describeCommands(connection)) record(argv);
  const versionFull = (await psql(connection, ['-A', '-t', '-c', VERSION_SQL])).trim();
  const table = async (sql) =>
    Object.fromEntries(
      (await psql(connection, ['-A', '-t', '-F', '\t', '-c', sql]))
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')),
    );
  const settings = await table(SETTINGS_SQL);
  const keySettings = await table(KEY_SETTINGS_SQL);
  return {
    serverVersion: /PostgreSQL (\S+)/.exec(versionFull)?.[1] ?? null,
    serverVersionFull: versionFull,
    settings,
    keySettings,
  };
}
