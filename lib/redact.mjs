// Secrets never leave the machine they were typed on: the runner takes an
// external server's password out of its URL (scripts/runner/connection.mjs),
// and every text it keeps or prints passes `redact`. An import reads commands
// written elsewhere, so it finds their secrets itself (`secretsIn`), the same
// forms libpq reads, and redacts them the same way. A server's own settings
// can hold secrets too (a standby's primary_conninfo, an archive_command with
// a cloud key): `redactSettings` takes them out before a result records them.

/** Query parameters (and conninfo keywords) libpq reads as secrets. */
export const SECRET_PARAMETERS = ['password', 'sslpassword'];

// A value: quoted ('…' or "…", as conninfo and shells write them) or up to the next space, & or quote.
const VALUE = String.raw`(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^\s&'"]+))`;
const FORMS = [
  // postgres://user:secret@host
  /postgres(?:ql)?:\/\/[^\s:@/]*:([^\s@/]+)@/g,
  // ?password=…, &sslpassword=…, and conninfo's password=… (not "mypassword="); libpq allows
  // spaces around a keyword's "=" ("password = s3cret"), so they are read here too
  new RegExp(`(?<![\\w-])(?:ssl)?password\\s*=\\s*${VALUE}`, 'gi'),
  // An environment variable named for a secret, before a command or inside one: PGPASSWORD=…,
  // AWS_SECRET_ACCESS_KEY=…, API_KEY=…. Upper case only, as environment variables are written:
  // pgbench's own variables (-D name=value) are not secrets, and a value taken for one is
  // replaced wherever it stands in the output.
  new RegExp(`(?<![\\w-])[A-Z0-9_]*(?:PASSWORD|PASSPHRASE|SECRET|_KEY)[A-Z0-9_]*=${VALUE}`, 'g'),
];

const decode = (text) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The secrets a command line holds, in every form it may hold them (as written and URL-decoded). */
export function secretsIn(command) {
  if (typeof command !== 'string') return [];
  const found = new Set();
  for (const form of FORMS) {
    for (const m of command.matchAll(form)) {
      const value = m.slice(1).find((v) => v !== undefined);
      if (!value) continue;
      found.add(value);
      found.add(decode(value));
    }
  }
  return [...found];
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A stored or shown text with every secret replaced by "***" where it stands
 * as a whole (not inside a longer word or number), in plain or URL-encoded
 * form. Only texts that are kept or printed pass here, after parsing: figures
 * are read from the real output, so no secret can change them.
 */
export function redact(text, secrets) {
  if (typeof text !== 'string') return text;
  let out = text;
  for (const secret of secrets ?? []) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      // Not inside a word or a number: "1" stands alone in "= 1 ms", not in "1.5" or "15".
      const whole = `(?<![\\p{L}\\p{N}_]|\\p{N}\\.)${escapeRegExp(form)}(?![\\p{L}\\p{N}_]|\\.\\p{N})`;
      out = out.replace(new RegExp(whole, 'gu'), '***');
    }
  }
  return out;
}

/** The parsed output with the texts it quotes (errors, warnings) redacted; figures untouched. */
export function redactSummary(summary, secrets) {
  if (!secrets?.length) return summary;
  const texts = (list) =>
    list?.map((e) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, redact(v, secrets)])));
  return {...summary, errors: texts(summary.errors), ...(summary.warnings && {warnings: texts(summary.warnings)})};
}

/** What a redacted value reads. */
export const REDACTED = '***';

/**
 * Settings whose value is, or may carry, a secret whatever it looks like: a connection string
 * (a standby's password) or a shell command (a cloud key, a passphrase), which no pattern can
 * read for every program it may run. Redacted whole.
 */
export const SECRET_SETTINGS = [
  'primary_conninfo',
  'archive_command',
  'restore_command',
  'archive_cleanup_command',
  'recovery_end_command',
  'ssl_passphrase_command',
];

/**
 * PostgreSQL's own settings whose names hold one of the words below but whose values are no
 * secret: a file's path (where a key is, not the key), an algorithm's name, a switch. The list
 * is every such name of PostgreSQL 15-18 that the server reports (`postgres --describe-config`;
 * max_index_keys, a compile-time number, is not among the settings a run records); an extension's
 * setting with such a word (`myext.api_key`, `myext.api_token`) is redacted, since what it holds
 * cannot be known.
 */
const HARMLESS_SETTINGS = new Set([
  'ssl_key_file',
  'krb_server_keyfile',
  'password_encryption',
  'md5_password_warnings',
  'ssl_passphrase_command_supports_reload',
]);
const SECRET_WORDS = /password|passphrase|secret|key|token|credential/i;

const secretByName = (name) =>
  SECRET_SETTINGS.includes(name) || (SECRET_WORDS.test(name) && !HARMLESS_SETTINGS.has(name));

/**
 * A server's settings (name → value, as pg_settings shows them) with their secrets redacted: by
 * name (SECRET_SETTINGS, and names with password, passphrase, secret or key), the whole value;
 * in any other value, what `secretsIn` finds there (a conninfo's password, AWS_SECRET_ACCESS_KEY=…).
 * Redacting twice changes nothing, so a result can be checked by redacting it (settingsWithSecrets).
 */
export function redactSettings(settings) {
  if (settings === null || typeof settings !== 'object') return settings;
  return Object.fromEntries(
    Object.entries(settings).map(([name, value]) => {
      if (typeof value !== 'string' || value === '') return [name, value];
      return [name, secretByName(name) ? REDACTED : redact(value, secretsIn(value))];
    }),
  );
}

/** The names of the settings that hold a secret `redactSettings` would take out (never their values). */
export function settingsWithSecrets(settings) {
  if (settings === null || typeof settings !== 'object') return [];
  const redacted = redactSettings(settings);
  return Object.keys(settings).filter((name) => redacted[name] !== settings[name]);
}

/** Whether a command line holds a secret that is not yet redacted. */
export const holdsSecret = (command) => secretsIn(command).some((s) => s !== REDACTED);
