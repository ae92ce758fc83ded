// The role a suite's SQL runs as on an embedded server. The runner's own
// role (bench) is a superuser: it starts, describes, marks and prewarms the
// server. Everything the suite wrote (pgbench -i, its setup SQL, its queries'
// plans, every pgbench run, the settings read back as those sessions see
// them) runs as `suite`, which owns the schema public (its tables go there),
// may create in the database (schemas, trusted extensions) and CHECKPOINT
// (pg_checkpoint), and nothing more: the server itself refuses it COPY …
// PROGRAM, the server's files, untrusted languages, ALTER SYSTEM and ALTER
// DATABASE, however the SQL spells them (the suite loader's check reads the
// text; this holds for SQL built as it runs). It does not own the database, so
// no setting it makes (ALTER DATABASE … SET search_path) reaches the runner's
// own sessions; its ALTER ROLE … SET reaches only its own. A suite that
// declares shell: true runs as bench.
//
// The role has a password of its own, made here, never the superuser's: a
// process that runs the suite's SQL holds only it, so a reconnection (psql's
// \c - bench, refused at load anyway) cannot log in as another role. It goes to
// CREATE ROLE as a SCRAM verifier: the password itself is in no statement,
// command line or server log.
//
// The runner's own functions (pg_prewarm) live in a schema made before any of
// the suite's SQL runs, which the suite may neither create in nor take over.
import {createHash, createHmac, pbkdf2Sync, randomBytes} from 'node:crypto';
import {embeddedConnection, superuserConnection} from './connection.mjs';
import {psql} from './psql.mjs';

export const SUITE_ROLE = 'suite';
/** The schema of the runner's own extensions: bench's, made before the suite's SQL runs. */
export const RUNNER_SCHEMA = 'bench_runner';
const ITERATIONS = 4096;

/** PostgreSQL's stored form of a SCRAM-SHA-256 password (RFC 5802/7677): what rolpassword holds. */
export function scramVerifier(password, salt = randomBytes(16), iterations = ITERATIONS) {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const hmac = (key, text) => createHmac('sha256', key).update(text).digest();
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  const b64 = (bytes) => bytes.toString('base64');
  return `SCRAM-SHA-256$${iterations}:${b64(salt)}$${b64(storedKey)}:${b64(serverKey)}`;
}

/** The statements that make the role, given its verifier; what is recorded shows `<verifier>` in its place. */
export const suiteRoleSql = (verifier) =>
  [
    `CREATE ROLE ${SUITE_ROLE} LOGIN NOSUPERUSER PASSWORD '${verifier}'`,
    `GRANT CREATE ON DATABASE postgres TO ${SUITE_ROLE}`,
    `ALTER SCHEMA public OWNER TO ${SUITE_ROLE}`,
    `GRANT pg_checkpoint TO ${SUITE_ROLE}`,
    `CREATE SCHEMA ${RUNNER_SCHEMA}`,
  ].join('; ');

/**
 * Makes the suite's role on a server the runner just started, as its superuser (`admin`); returns the
 * connection that reaches the server as that role, with its own password, and `admin` beside it for the
 * runner's own statements (search_path fixed: connection.mjs).
 */
export async function suiteConnection(server, {record}) {
  const admin = superuserConnection(server);
  // 144 random bits, in characters that need no quoting anywhere; another than the superuser's.
  const password = randomBytes(18).toString('base64url');
  const args = ['-c', suiteRoleSql(scramVerifier(password))];
  record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-c', suiteRoleSql('<verifier>')]);
  await psql(admin, args);
  return {...embeddedConnection({...server, user: SUITE_ROLE, password}), admin};
}

/**
 * The connections of a suite that declared shell: true: its SQL runs as the superuser, as it wrote it; the
 * runner's own statements still fix their search_path. The runner's schema is made as for any suite.
 */
export async function shellConnection(server, {record}) {
  const admin = superuserConnection(server);
  const sql = `CREATE SCHEMA ${RUNNER_SCHEMA}`;
  record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-c', sql]);
  await psql(admin, ['-c', sql]);
  return {...embeddedConnection(server), admin};
}
