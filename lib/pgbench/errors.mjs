// Classifies pgbench's error messages into the kinds a result file records.
// The message itself is always kept in pgbench's own words.

/** @typedef {'connection'|'missing-tables'|'script'|'option'|'aborted'|'other'} ErrorKind */

/** One pattern matching any of `patterns` (kept short to read). */
const anyOf = (patterns) => new RegExp(patterns.map((p) => p.source).join('|'));

const RULES = [
  ['aborted', /\baborted in command\b|^Run was aborted\b/],
  [
    'missing-tables',
    /relation "pgbench_\w+" does not exist|could not count number of branches|Perhaps you need to do initialization/,
  ],
  [
    'connection',
    anyOf([
      /connection to (?:server|database)\b|could not create connection|could not connect/,
      /server closed the connection|terminating connection|no pg_hba\.conf entry/,
      /password authentication failed|database "[^"]*" does not exist/,
    ]),
  ],
  [
    'option',
    anyOf([
      /unrecognized option|invalid option|option requires an argument|specify either/,
      /invalid (?:number|value|argument)|must be (?:at least|greater|positive|in range|an integer|between)/,
      /too many command-line arguments|is not supported|cannot be used|Try "pgbench --help"/,
    ]),
  ],
  [
    'script',
    anyOf([
      /^[^:\s]+:\d+: |could not open file|syntax error|invalid command|unexpected character/,
      /undefined variable|missing argument|empty command list|no such builtin/,
      /unrecognized (?:builtin|operator|function)/,
    ]),
  ],
];

/** @returns {ErrorKind} */
export function classifyError(message) {
  for (const [kind, pattern] of RULES) if (pattern.test(message)) return kind;
  return 'other';
}
