// Which settings a suite may set, and how (lib/suites/suite-sections.mjs checks every place it sets one): a
// setting's name as PostgreSQL spells it, its value one line, none of the runner's own, and, unless the suite
// declares that it runs commands, only those that tune what is measured.
import {readFileSync} from 'node:fs';

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

// The server settings a suite that may not run commands may set: those of PostgreSQL 15–18
// (server-settings.json, made by scripts/list-server-settings.mjs) in the categories that tune what is measured
// (memory, I/O, WAL and checkpoints, the planner, vacuum, locks, statistics, what and when to log, statement
// defaults), less the few of them that name a file or a library. Every other one (archiving and recovery commands,
// libraries to load, file locations, SSL, authentication, replication's connections, developer options, a new
// version's extension_control_path, a custom setting such as plperl.on_init) could have the server run a program,
// load code or use a file of the machine as its own user: a suite declares shell: true to set it. An allowlist,
// since each major version adds settings.
const TUNING = [
  /^Autovacuum$/,
  /^Vacuuming \//,
  /^Resource Usage \//,
  /^Query Tuning \//,
  /^Lock Management$/,
  /^Statistics \//,
  /^Error Handling$/,
  /^Write-Ahead Log \/ (Settings|Checkpoints|Recovery|Summarization)$/,
  /^Replication \/ (Primary Server|Sending Servers)$/,
  /^Reporting and Logging \/ (What to Log|When to Log|Process Title)$/,
  /^Client Connection Defaults \/ (Statement Behavior|Locale and Formatting)$/,
  /^Connections and Authentication \/ Connection Settings$/,
  /^Version and Platform Compatibility \//,
];
const NOT_TUNING = new Set([
  'timezone_abbreviations',
  'client_encoding',
  'allow_alter_system',
  'bonjour',
  'bonjour_name',
  'unix_socket_group',
  'unix_socket_permissions',
  'default_tablespace',
  'temp_tablespaces',
  'gin_fuzzy_search_limit',
]);
// PostgreSQL reads a setting's name in any case (TimeZone, timezone).
const SERVER_SETTINGS = new Map(
  Object.entries(JSON.parse(readFileSync(new URL('./server-settings.json', import.meta.url), 'utf8'))).map(
    ([name, category]) => [name.toLowerCase(), category],
  ),
);
const tunes = (name) => {
  const category = SERVER_SETTINGS.get(name.toLowerCase());
  return category !== undefined && TUNING.some((c) => c.test(category)) && !NOT_TUNING.has(name.toLowerCase());
};

// Contrib modules a suite may load without shell: true, by name from the server's own library folder: they
// observe statements or warm the cache, and none of their settings names a program or a file.
const PRELOADABLE = ['pg_stat_statements', 'auto_explain', 'pg_prewarm'];
const PRELOAD_SETTINGS = ['shared_preload_libraries', 'session_preload_libraries'];
// A list as postgresql.conf reads it: names split at commas, each perhaps double-quoted.
const libraries = (value) =>
  String(value)
    .split(',')
    .map((l) => l.trim().replace(/^"(.*)"$/, '$1'))
    .filter((l) => l !== '');
const preloadsOnly = (name, value) =>
  PRELOAD_SETTINGS.includes(name.toLowerCase()) && libraries(value).every((l) => PRELOADABLE.includes(l));
const ofPreloadable = (name) => PRELOADABLE.includes(name.split('.')[0]) && name.includes('.');
const mayTune = (name, value) => tunes(name) || preloadsOnly(name, value) || ofPreloadable(name);

// Why a setting is not one a suite may set without shell: true, naming where PostgreSQL files it.
function notTuningWhy(name) {
  const category = SERVER_SETTINGS.get(name.toLowerCase());
  if (PRELOAD_SETTINGS.includes(name.toLowerCase())) {
    return `${name} loads a library: without "shell: true" it may name only ${PRELOADABLE.join(', ')}`;
  }
  if (category === undefined) {
    return (
      `${name} is no setting of PostgreSQL 15-18 (lib/suites/server-settings.json) nor of ${PRELOADABLE.join(', ')}: ` +
      'a custom setting may have a library run code of its choosing'
    );
  }
  return (
    `${name} (PostgreSQL files it under "${category}") is not among the settings that tune what is measured ` +
    '(lib/suites/setting-rules.mjs): such a setting may have the server run a program, load a library, use a file ' +
    'of the machine or connect out'
  );
}

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
  if (server && !shell && !mayTune(name, value)) {
    return (
      `${notTuningWhy(name)}. Remove it, or declare "shell: true" ` +
      '(the pages and --dry-run then say the suite reaches the machine)'
    );
  }
  // No setting of a suite's names a parent folder (jit_provider = '../../x/evil' once loaded a library).
  if (server && !shell && String(value).includes('..')) {
    return `the value of ${name} names a parent folder (..): a suite's settings stay in the server's own folders`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(String(value))) {
    return `the value of ${name} holds a control character (a line break?): a setting's value is one line`;
  }
  return null;
}

/** Whether a server setting is allowed only to a suite that declares shell: true. */
export const needsShell = (name, value) =>
  settingProblem(name, value, {server: true, shell: false}) !== null &&
  settingProblem(name, value, {server: true, shell: true}) === null;
