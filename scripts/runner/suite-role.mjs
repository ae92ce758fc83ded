// The role a suite's SQL runs as on an embedded server. The runner's own
// role (bench) is a superuser: it starts, describes, marks and prewarms the
// server. Everything the suite wrote (pgbench -i, its setup SQL, its queries'
// plans, every pgbench run, the settings read back as those sessions see
// them) runs as `suite`, which owns the database (so it creates tables in
// public, loads trusted extensions and vacuums) and may CHECKPOINT
// (pg_checkpoint), and nothing more: the server itself refuses it COPY …
// PROGRAM, the server's files, untrusted languages and ALTER SYSTEM, however
// the SQL spells them (the suite loader's check reads the text; this holds for
// SQL built as it runs). A suite that declares shell: true runs as bench.
//
// The role's password is the server's own (embedded-server.mjs), given to
// CREATE ROLE as a SCRAM verifier made here: the password itself is in no
// statement, command line or server log.
import {createHash, createHmac, pbkdf2Sync, randomBytes} from 'node:crypto';
import {embeddedConnection} from './connection.mjs';
import {psql} from './psql.mjs';

export const SUITE_ROLE = 'suite';
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
    `ALTER DATABASE postgres OWNER TO ${SUITE_ROLE}`,
    `GRANT pg_checkpoint TO ${SUITE_ROLE}`,
  ].join('; ');

/**
 * Makes the suite's role on a server the runner just started, as its superuser (`admin`); returns the
 * connection that reaches the server as that role, with `admin` beside it for the runner's own statements.
 */
export async function suiteConnection(server, {record}) {
  const admin = embeddedConnection(server);
  const args = ['-c', suiteRoleSql(scramVerifier(server.password))];
  record(['psql', '-X', '-v', 'ON_ERROR_STOP=1', ...admin.psqlArgs, '-c', suiteRoleSql('<verifier>')]);
  await psql(admin, args);
  return {...embeddedConnection({...server, user: SUITE_ROLE}), admin};
}
