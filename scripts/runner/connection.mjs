// How pgbench and psql reach a target. An external server's password is taken
// out of its URL and passed only in the child's environment (PGPASSWORD): it
// never appears in a command line, a result file, a log or the console.

/** Connection of an embedded server started by the runner. */
export function embeddedConnection(server) {
  return {
    label: `127.0.0.1:${server.port}`,
    args: ['-h', server.host, '-p', String(server.port), '-U', server.user, server.database],
    psqlArgs: ['-h', server.host, '-p', String(server.port), '-U', server.user, '-d', server.database],
    env: {},
  };
}

/** Connection of an external server whose URL is in environment variable `name`. */
export function externalConnection(name, env = process.env) {
  const text = env[name];
  if (!text) throw new Error(`The target's URL is read from the environment variable ${name}, which is not set. Set it: export ${name}=postgres://user:password@host:5432/db`);
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a URL (expected postgres://user:password@host:5432/db).`);
  }
  if (!['postgres:', 'postgresql:'].includes(url.protocol)) throw new Error(`${name} must be a postgres:// URL, not ${url.protocol}//…`);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const safe = url.toString();
  return {label: safe, args: [safe], psqlArgs: ['-d', safe], env: password ? {PGPASSWORD: password} : {}, secret: password || null};
}

/** Removes a secret from a text (for outputs a server or client might echo it in). */
export function redact(text, secret) {
  return secret && typeof text === 'string' ? text.split(secret).join('***') : text;
}
