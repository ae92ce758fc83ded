// Which settings a suite may set, and how (lib/suites/suite-sections.mjs checks every place it sets one): a
// setting's name as PostgreSQL spells it, its value one line, none of the runner's own, and, unless the suite
// declares that it runs commands, none that has the server run a program, load a library, use a file of the
// machine or connect out.

/**
 * Settings the runner sets itself, so that it can reach the server it started
 * (and only that one), and postgresql.conf directives that would read other
 * files: a suite may not set them.
 */
const RUNNER_SETTINGS = [
  'listen_addresses',
  'port',
  'unix_socket_directories',
  'data_directory',
  'config_file',
  'hba_file',
  'ident_file',
  'include',
  'include_dir',
  'include_if_exists',
];

// A setting's name as PostgreSQL spells it: an identifier, or a custom one with its prefix
// (auto_explain.log_min_duration).
export const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?$/;

// Server settings that run a program, load a library, name a file or folder of the machine, or connect out:
// the server would do so as its own user for a suite that may not run commands (archive_command = 'id > …').
// A suite that declares shell: true may set them.
const REACHES_MACHINE = new RegExp(
  '(_command|librar(y|ies)|library_path|file|_directory|_dir|conninfo)$|' +
    '^(unix_socket_|log_filename$|recovery_|primary_|jit_provider$|timezone_abbreviations$)',
  'i',
);
// Read as psql and the server read quoted text: a suite leaves it at PostgreSQL's default (shell-access.mjs).
const ALWAYS_DEFAULT = ['standard_conforming_strings', 'escape_string_warning', 'backslash_quote'];

/** What is wrong with one setting (name and value), or null. */
export function settingProblem(name, value, {server, shell}) {
  if (!SETTING_NAME.test(name)) {
    return (
      `${JSON.stringify(name)} is not a setting name: PostgreSQL's are letters, digits and _ ` +
      '(a custom one prefixed, as auto_explain.log_analyze)'
    );
  }
  if (server && RUNNER_SETTINGS.includes(name.toLowerCase())) {
    return (
      `${name} is the runner's own: it starts each server on a port and address of its choosing, ` +
      'and reaches it there. Remove it'
    );
  }
  if (ALWAYS_DEFAULT.includes(name.toLowerCase())) {
    return `${name} changes how quoted text is read: leave it at PostgreSQL's default`;
  }
  // jit_provider = '../../x/evil' loads a library from anywhere; no setting of a suite's names a parent folder.
  if (server && !shell && (REACHES_MACHINE.test(name) || String(value).includes('..'))) {
    return (
      `${name} makes the server run a program, load a library, use a file of the machine or connect out: ` +
      'remove it, or declare "shell: true" (the pages and --dry-run then say the suite reaches the machine)'
    );
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(String(value))) {
    return `the value of ${name} holds a control character (a line break?): a setting's value is one line`;
  }
  return null;
}
