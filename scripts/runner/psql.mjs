// psql against a target: server description and single statements.
import {KEY_SETTINGS} from '../../lib/suites/like-for-like.mjs';
import {redactSettings} from '../../lib/redact.mjs';
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

// The runner's own statements name every function and relation with its schema: on an embedded server they run
// as the superuser, beside what the suite's SQL created (connection.mjs, RUNNER_SEARCH_PATH).
const VERSION_SQL = 'SELECT pg_catalog.version()';
const SETTINGS_SQL =
  'SELECT name, pg_catalog.current_setting(name) FROM pg_catalog.pg_settings ' +
  "WHERE source NOT IN ('default', 'override', 'client') ORDER BY name";

const KEY_SETTINGS_SQL =
  'SELECT name, pg_catalog.current_setting(name) FROM pg_catalog.pg_settings ' +
  `WHERE name IN (${KEY_SETTINGS.map((n) => `'${n}'`).join(', ')}) ORDER BY name`;

// How the server was built: its figures compare with servers built alike (the embedded ones: gcc 7.5, -Os,
// no LLVM). The pg_config view is for superusers by default: another role's server gives null.
const BUILD_SQL =
  "SELECT name, setting FROM pg_catalog.pg_config WHERE name IN ('CC', 'CFLAGS', 'CONFIGURE') UNION ALL " +
  "SELECT 'JIT', pg_catalog.pg_jit_available()::pg_catalog.text ORDER BY name";

/** The commands describeServer runs, as recorded and as --dry-run prints them. */
export const describeCommands = (connection) => [
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-c', VERSION_SQL],
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-F', '\t', '-c', SETTINGS_SQL],
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-F', '\t', '-c', KEY_SETTINGS_SQL],
  ['psql', '-X', ...connection.psqlArgs, '-A', '-t', '-F', '\t', '-c', BUILD_SQL],
];

/** The build, from BUILD_SQL's rows; null when the view could not be read. */
async function buildOf(table) {
  let rows;
  try {
    rows = await table(BUILD_SQL);
  } catch {
    return null;
  }
  return {
    cc: rows.CC ?? null,
    cflags: rows.CFLAGS ?? null,
    configure: rows.CONFIGURE ?? null,
    jit: rows.JIT === 'true',
  };
}

/**
 * version(), the settings that differ from PostgreSQL's defaults, the
 * settings that bound the figures (fsync, synchronous_commit…) whatever they are,
 * and how the server was built (null when pg_config may not be read). A
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
    // A server's own settings may hold secrets (a standby's primary_conninfo, an archive_command's cloud key).
    settings: redactSettings(settings),
    keySettings: redactSettings(keySettings),
    build: await buildOf(table),
  };
}
