// The settings a run compares, read back while it runs: the key settings
// (like-for-like.mjs) and those the suite sets, read once the server is
// described, then again after a workload's setup SQL and after every measured
// run. A suite's SQL cannot change them unseen (ALTER SYSTEM is refused when
// the suite loads; ALTER ROLE … SET, and on an external server ALTER DATABASE … SET, reach every new
// session, pgbench's among them): a value that moved fails the target, naming
// the setting, and the cell measured with it is not kept as ok.
import {KEY_SETTINGS} from '../../lib/suites/like-for-like.mjs';
import {sameSetting} from '../../lib/suites/setting-values.mjs';
import {RUNNER_SEARCH_PATH} from './connection.mjs';
import {psql} from './psql.mjs';

// Names reach SQL only as identifiers the suite loader allowed (setting-name characters): quoting them is enough.
const literal = (name) => `'${name.replace(/'/g, "''")}'`;

/** The statement that reads the watched settings (those the server has), name<TAB>value per line. */
// Read in the suite's own sessions, which may have put public first in their search_path (ALTER ROLE … SET) and
// a current_setting() of their own there: every name with its schema.
export const watchSql = (names) =>
  'SELECT name, pg_catalog.current_setting(name) FROM pg_catalog.pg_settings ' +
  `WHERE name IN (${names.map(literal).join(', ')}) ORDER BY name`;

/** The psql command that reads them, as recorded and as --dry-run prints it. */
export const watchCommand = (connection, names) => [
  'psql',
  '-X',
  '-v',
  'ON_ERROR_STOP=1',
  ...connection.psqlArgs,
  ...['-A', '-t', '-F', '\t', '-c', watchSql(names)],
];

/** The names a target's settings are watched by: the key settings and the suite's own for it. */
export const watchedNames = (target) => [...new Set([...KEY_SETTINGS, ...Object.keys(target.settings ?? {})])].sort();

/** The watched settings as the server has them now, in a new session (as pgbench's sessions see them). */
export async function readSettings(connection, names) {
  // Its operators too are the catalog's (a suite's = could hide a row, and a setting not read is not compared).
  const options = [connection.env.PGOPTIONS, `-c search_path=${RUNNER_SEARCH_PATH}`].filter(Boolean).join(' ');
  const text = await psql(connection, ['-A', '-t', '-F', '\t', '-c', watchSql(names)], {PGOPTIONS: options});
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t')),
  );
}

/** The settings that moved from `before` to `now`, each {name, before, now}; a setting not read is not compared. */
export function movedSettings(before, now) {
  return Object.keys(before)
    .filter((name) => name in now && !sameSetting(name, before[name], now[name]))
    .map((name) => ({name, before: before[name], now: now[name]}));
}

/** The error a moved setting fails its target with. */
export function movedError(moved, after) {
  const list = moved.map((m) => `${m.name} is ${m.now}, where the run began with ${m.before}`).join('; ');
  return {
    kind: 'settings',
    message:
      `after ${after}, ${list}: the suite's SQL changed a setting the run compares (ALTER ROLE … SET or ` +
      'ALTER DATABASE … SET?). Set it in suite.yaml (settings:) instead',
  };
}
