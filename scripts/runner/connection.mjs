// How pgbench and psql reach a target. An external server's password, however
// libpq would take it from the URL (user:password@, or ?password=), is taken
// out of the URL and passed only in the children's environment (PGPASSWORD):
// it never appears in a command line (ps shows those), a result file, a log,
// a page or the console. A password in PGPASSWORD, a service file or a
// passfile is libpq's to read: the runner never sees it.

import {SECRET_PARAMETERS} from '../../lib/redact.mjs';

export {redact} from '../../lib/redact.mjs';

/** Connection of an embedded server started by the runner, as `server.user`: its password in the environment only. */
export function embeddedConnection(server) {
  return {
    args: ['-h', server.host, '-p', String(server.port), '-U', server.user, server.database],
    psqlArgs: ['-h', server.host, '-p', String(server.port), '-U', server.user, '-d', server.database],
    env: server.password ? {PGPASSWORD: server.password} : {},
    secrets: server.password ? [server.password] : [],
  };
}

// The search_path of every session the runner opens as an embedded server's superuser (CVE-2018-1058): a suite's
// SQL can create functions, operators and types in public (current_database(), current_setting(), pg_prewarm()
// with the runner's arguments) that an unqualified name in the runner's statements would otherwise find first.
// Given at connection start (libpq's PGOPTIONS: the source "client"), it outranks any setting of a database or
// role; the runner's statements also name their schema (server-activity.mjs, instruction-commands.mjs, psql.mjs).
export const RUNNER_SEARCH_PATH = 'pg_catalog,pg_temp';

/** The runner's own connection to an embedded server, as its superuser: embeddedConnection, search_path fixed. */
export function superuserConnection(server) {
  const connection = embeddedConnection(server);
  return {...connection, env: {...connection.env, PGOPTIONS: `-c search_path=${RUNNER_SEARCH_PATH}`}};
}

/** libpq's variables in the runner's environment (PGSSLMODE, PGSERVICEFILE, PGPASSWORD…): an external target's. */
const libpqVariables = (env) => Object.fromEntries(Object.entries(env).filter(([name]) => /^PG[A-Z_]+$/.test(name)));

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
  // The query as libpq reads it: pairs split at '&', each at its first '=', then percent-decoded, a '+' kept
  // a '+'. URLSearchParams reads '+' as a space and writes a space as '+', which libpq does not decode:
  // options=-c work_mem=8MB reached it as "-c+work_mem=8MB". A later pair of one key wins, as in libpq.
  const params = new Map();
  for (const pair of url.search.slice(1).split('&').filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at === -1) throw new Error(`${name}: the query parameter "${pair}" has no value: write it key=value.`);
    try {
      params.set(decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1)));
    } catch {
      throw new Error(`${name}: the query parameter "${pair}" is not percent-encoded: write a % as %25.`);
    }
  }
  if (params.has('sslpassword')) {
    throw new Error(
      `${name} has an sslpassword parameter, which would show in every command line: ` +
        'use a client key without a passphrase, or a service file (PGSERVICEFILE) that holds it.',
    );
  }
  const inUserinfo = decodeURIComponent(url.password);
  const inQuery = params.get('password') ?? null;
  if (inUserinfo && inQuery !== null && inQuery !== inUserinfo) {
    throw new Error(`${name} gives two different passwords (user:password@ and ?password=): keep one.`);
  }
  const password = inQuery ?? inUserinfo;
  url.password = '';
  for (const key of SECRET_PARAMETERS) params.delete(key);
  // Written back percent-encoded (a space %20, '=' %3D, '+' %2B), which libpq decodes to the same values.
  url.search = [...params].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const safe = url.toString();
  // A loopback address or a Unix socket: the server shares this machine (and its CPUs) with pgbench.
  const host = params.get('host') ?? url.hostname;
  const sameHost = ['', 'localhost', '127.0.0.1', '[::1]', '::1'].includes(host) || host.startsWith('/');
  return {
    sameHost,
    args: [safe],
    psqlArgs: ['-d', safe],
    env: {...libpqVariables(env), ...(password && {PGPASSWORD: password})},
    secrets: [password, env.PGPASSWORD].filter(Boolean),
  };
}
