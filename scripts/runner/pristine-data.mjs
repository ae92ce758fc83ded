// The same page state for every run of an instructions cell: the database as
// it was after pgbench -i and the workloads' setup, kept as a copy that no
// session may open, and put back before each run.
//
// Why: a run's updates leave their rows elsewhere than they found them, and a
// VACUUM then leaves free space where they were. A later run that draws the
// same rows (a repeat's workloads share its seeds) finds them packed on a few
// pages with room to spare (HOT updates, a few full-page images); later still,
// the free space map sends every new row version to a page of its own. In the
// run of 2026-11-27, small simple-update logged 0.08-0.12 full-page images a
// transaction in repeats 1-2 and 2.9-3.0 in repeats 3-6 on every server, and
// its instructions moved with them (pg15: 384k-388k, then 427k-431k). VACUUM
// (FREEZE) and CHECKPOINT before a run cannot undo where rows went.
//
// The copy is a file copy (CREATE DATABASE's only way before PostgreSQL 15,
// STRATEGY FILE_COPY from 15): about a second at scale 50, and it needs the
// database's size again on disk. Made and put back by the runner's superuser
// from template1, and only on servers the runner started; the suite's role can
// neither create nor drop a database (suite-role.mjs), nor open the copy. What
// is tied to the database's oid rather than kept in it (a role's settings IN
// DATABASE) does not follow the copy.
import {psql} from './psql.mjs';
import {SUITE_ROLE} from './suite-role.mjs';

/** The copy's name. */
export const PRISTINE_DATABASE = 'bench_pristine';

const databaseOf = (connection) => connection.psqlArgs[connection.psqlArgs.indexOf('-d') + 1];

/** The superuser's connection to template1: a database can be neither dropped nor copied from a session in it. */
function outside(admin) {
  const args = [...admin.psqlArgs];
  args[args.indexOf('-d') + 1] = 'template1';
  return {...admin, psqlArgs: args};
}

/** A file copy: 15 added the WAL-logged one (and made it the default); before, every copy was one. */
const fileCopy = (major) => (major >= 15 ? ' STRATEGY FILE_COPY' : '');

/** The statements that keep the database's state: frozen and analyzed first, as every run then finds it. */
export const keepSql = (database, major) => [
  'VACUUM (FREEZE, ANALYZE)',
  `DROP DATABASE IF EXISTS ${PRISTINE_DATABASE}`,
  `CREATE DATABASE ${PRISTINE_DATABASE} TEMPLATE ${database}${fileCopy(major)} ALLOW_CONNECTIONS false`,
];

/**
 * The statements that put it back: the database dropped (no session of the runs is left in it), copied anew,
 * and the suite's role given back what it had on it (suite-role.mjs): the copy's schema and objects are the
 * suite's as they were, the database's grants are not copied.
 */
export const restoreSql = (database, major, suiteRole) => [
  // FORCE ends the sessions still in it (a backend under Valgrind takes a while to exit) instead of refusing.
  // A copy that then fails (a full disk) leaves no database: every later cell of the target fails, saying so.
  `DROP DATABASE ${database}${major >= 13 ? ' WITH (FORCE)' : ''}`,
  `CREATE DATABASE ${database} TEMPLATE ${PRISTINE_DATABASE}${fileCopy(major)}`,
  ...(suiteRole ? [`GRANT CREATE ON DATABASE ${database} TO ${SUITE_ROLE}`] : []),
];

/** The psql commands that keep the database of `connection` as it is now (its superuser's: connection.admin). */
export function keepCommands(connection, major) {
  const admin = connection.admin ?? connection;
  const [vacuum, ...copy] = keepSql(databaseOf(admin), major);
  return [command(admin, [vacuum]), command(outside(admin), copy)];
}

/** The psql command that puts the kept database back in place of the one the runs changed. */
export function restoreCommand(connection, major) {
  const admin = connection.admin ?? connection;
  const suiteRole = connection.psqlArgs[connection.psqlArgs.indexOf('-U') + 1] === SUITE_ROLE;
  return command(outside(admin), restoreSql(databaseOf(admin), major, suiteRole));
}

/** A command: the connection it runs on, its psql arguments, and its argv as the run records it. */
const command = (connection, statements) => {
  const args = statements.flatMap((sql) => ['-c', sql]);
  return {connection, args, argv: ['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...connection.psqlArgs, ...args]};
};

const run = async ({connection, args, argv}, record) => {
  record(argv);
  await psql(connection, args);
};

/** Keeps the database of `connection` as it is now. */
export async function keepPristine(connection, major, record) {
  for (const c of keepCommands(connection, major)) await run(c, record);
}

/** Puts the kept database back. */
export const restorePristine = (connection, major, record) => run(restoreCommand(connection, major), record);
