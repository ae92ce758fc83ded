// How pgbench and psql reach a target. An external server's password, however
// libpq would take it from the URL (user:password@, or ?password=), is taken
// out of the URL and passed only in the children's environment (PGPASSWORD):
// it never appears in a command line (ps shows those), a result file, a log,
// a page or the console. A password in PGPASSWORD, a service file or a
// passfile is libpq's to read: the runner never sees it.

import {SECRET_PARAMETERS} from '../../lib/redact.mjs';

export {redact} from '../../lib/redact.mjs';

/** Connection of an embedded server started by the runner: its password in the environment only. */
export function embeddedConnection(server) {
  return {
    args: ['-h', server.host, '-p', String(server.port), '-U', server.user, server.database],
    psqlArgs: ['-h', server.host, '-p', String(server.port), '-U', server.user, '-d', server.database],
    env: server.password ? {PGPASSWORD: server.password} : {},
    secrets: server.password ? [server.password] : [],
  };
}

/** Connection of an external server whose URL is in environment variable `name`. */
export function externalConnection(name, env = process.env) {
  const text = env[name];
  if (!text) {
    throw new Error(
      `The target's URL is read from the environment variable ${name}, which is not set. ` +
        `Set it: export ${name}=postgres://user:password@host:5432/db`,
    );
  }
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a URL (expected postgres://user:password@host:5432/db).`);
  }
  if (!['postgres:', 'postgresql:'].includes(url.protocol)) {
    throw new Error(`${name} must be a postgres:// URL, not ${url.protocol}//…`);
  }
  if (url.searchParams.has('sslpassword')) {
    throw new Error(
      `${name} has an sslpassword parameter, which would show in every command line: ` +
        'use a client key without a passphrase, or a service file (PGSERVICEFILE) that holds it.',
    );
  }
  const inUserinfo = decodeURIComponent(url.password);
  const inQuery = url.searchParams.get('password');
  if (inUserinfo && inQuery !== null && inQuery !== inUserinfo) {
    throw new Error(`${name} gives two different passwords (user:password@ and ?password=): keep one.`);
  }
  const password = inQuery ?? inUserinfo;
  url.password = '';
  for (const key of SECRET_PARAMETERS) url.searchParams.delete(key);
  const safe = url.toString();
  // A loopback address or a Unix socket: the server shares this machine (and its CPUs) with pgbench.
  const host = url.searchParams.get('host') ?? url.hostname;
  const sameHost = ['', 'localhost', '127.0.0.1', '[::1]', '::1'].includes(host) || host.startsWith('/');
  return {
    sameHost,
    args: [safe],
    psqlArgs: ['-d', safe],
    env: password ? {PGPASSWORD: password} : {},
    secrets: [password, env.PGPASSWORD].filter(Boolean),
  };
}
