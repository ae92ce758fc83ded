// Secrets never leave the machine they were typed on: the runner takes an
// external server's password out of its URL (scripts/runner/connection.mjs),
// and every text it keeps or prints passes `redact`. An import reads commands
// written elsewhere, so it finds their secrets itself (`secretsIn`), the same
// forms libpq reads, and redacts them the same way.

/** Query parameters (and conninfo keywords) libpq reads as secrets. */
export const SECRET_PARAMETERS = ['password', 'sslpassword'];

// A value: quoted ('…' or "…", as conninfo and shells write them) or up to the next space, & or quote.
const VALUE = String.raw`(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^\s&'"]+))`;
const FORMS = [
  // postgres://user:secret@host
  /postgres(?:ql)?:\/\/[^\s:@/]*:([^\s@/]+)@/g,
  // ?password=…, &sslpassword=…, and conninfo's password=… (not "mypassword=")
  new RegExp(`(?<![\\w-])(?:ssl)?password=${VALUE}`, 'gi'),
  // PGPASSWORD=… before a command
  new RegExp(`(?<![\\w-])PGPASSWORD=${VALUE}`, 'g'),
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
