// What keeps the unit tier a unit tier. Preloaded into every Node process of
// `npm run test:unit` (NODE_OPTIONS=--import, which children inherit: the guard
// puts itself back into a child's environment when a test replaces it), it
// refuses, with an error that names the rule:
//
// - starting a server, Valgrind, a browser or a site build: a program named
//   postgres, postmaster, initdb, pg_ctl, valgrind or chromium (by path or on
//   PATH, directly, in a shell line or through a wrapper such as sh -c, env or
//   nice: Playwright starts Chromium so), or a
//   Node child running Docusaurus's build or start (scripts/build.mjs runs it
//   so). Module hooks could also refuse an in-process build, but they cost each
//   Node process of the tier a thread (2.8 s of the tier's 34 s then);
// - reading the project's live results/, or a build's output (build/,
//   .docusaurus/, .preview/), through a link too: a unit test reads the small
//   fixtures committed beside it (test/fixtures/).
//
// Each refusal is also appended to $UNIT_GUARD_LOG, so the tier fails even when
// a test catches the error (test/tiers/run.mjs reads it).
import childProcess from 'node:child_process';
import fs from 'node:fs';
import {appendFileSync} from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const GUARDED_DIRS = ['results', 'build', '.docusaurus', '.preview'].map((d) => path.join(root, d));
const PROGRAMS = new Set([
  ...['postgres', 'postmaster', 'initdb', 'pg_ctl', 'valgrind'],
  ...['chromium', 'chromium-browser', 'chrome', 'headless_shell'],
]);
// Programs that run the command their arguments name: the command is read through them.
const WRAPPERS = new Set(['sh', 'bash', 'dash', 'env', 'nice', 'nohup', 'timeout', 'sudo', 'su', 'setsid', 'xargs']);
const SELF = `--import=${import.meta.url}`;

/** Refuses: the error a test sees, and a line in the tier's log. */
function refuse(what, instead = 'move the test to test/integration/ or test/site/') {
  const message = `unit tier: ${what}. Unit tests use fixtures only: ${instead}.`;
  if (process.env.UNIT_GUARD_LOG) appendFileSync(process.env.UNIT_GUARD_LOG, `${message}\n`);
  throw new Error(message);
}

/** The words of a shell command line (enough to find a program's name in it). */
const shellWords = (line) =>
  String(line)
    .split(/[\s;|&()<>'"`]+/)
    .filter(Boolean);

/** Whether a command (a program and its arguments) starts what the unit tier must not. */
export function forbiddenCommand(file, args = [], {shell = false} = {}) {
  // A shell line, or a wrapper's arguments (sh -c '…', env X=1 …, nice …): every word a program may be. A
  // word holding :// is an address (postgres://…/postgres), not a program.
  const through = shell || typeof file !== 'string' || WRAPPERS.has(path.basename(String(file)));
  const words = (through ? shellWords([file, ...args].join(' ')) : [file]).filter((w) => !w.includes('://'));
  const program = words.find((w) => PROGRAMS.has(path.basename(w)));
  if (program) return `starts ${path.basename(program)} (${words.join(' ').slice(0, 120)})`;
  const all = [file, ...args].map(String);
  const docusaurus = all.findIndex((a) => /(^|\/)(docusaurus(\.mjs)?|scripts\/(build|start)\.mjs)$/.test(a));
  if (docusaurus >= 0 && !all.includes('--no-build') && !all.includes('--help')) {
    const script = path.basename(all[docusaurus]);
    if (/^(build|start)\.mjs$/.test(script) || ['build', 'start', 'serve'].includes(all[docusaurus + 1]))
      return `runs a site build (${all.slice(docusaurus).join(' ').slice(0, 120)})`;
  }
  return null;
}

/** A child's options with the guard kept in its environment. */
function guarded(options) {
  if (!options?.env) return options;
  const nodeOptions = options.env.NODE_OPTIONS ?? '';
  const env = {...options.env, UNIT_GUARD_LOG: options.env.UNIT_GUARD_LOG ?? process.env.UNIT_GUARD_LOG};
  if (!nodeOptions.includes(SELF)) env.NODE_OPTIONS = `${nodeOptions} ${SELF}`.trim();
  return {...options, env};
}

/** Splits a child_process call into (file, args, options), as Node reads its optional arguments. */
function callOf(args) {
  const [file, second, third] = args;
  return Array.isArray(second) ? {file, list: second, options: third} : {file, list: [], options: second};
}

function guardChildProcess() {
  for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork']) {
    const original = childProcess[name];
    childProcess[name] = function guardedCall(...args) {
      const {file, list, options} = callOf(args);
      const program = name === 'fork' ? process.execPath : file;
      const forkArgs = name === 'fork' ? [file, ...list] : list;
      const found = forbiddenCommand(program, forkArgs, {shell: Boolean(options?.shell)});
      if (found) refuse(found);
      const at = Array.isArray(args[1]) ? 2 : 1;
      if (args[at] && typeof args[at] === 'object') args[at] = guarded(args[at]);
      return original.apply(this, args);
    };
  }
  for (const name of ['exec', 'execSync']) {
    const original = childProcess[name];
    childProcess[name] = function guardedCall(command, ...rest) {
      const found = forbiddenCommand(command, [], {shell: true});
      if (found) refuse(found);
      if (rest[0] && typeof rest[0] === 'object') rest[0] = guarded(rest[0]);
      return original.call(this, command, ...rest);
    };
  }
}

/** The real path of `target` (or of its nearest existing parent), absolute. */
function realPath(target) {
  let p = path.resolve(target instanceof URL ? fileURLToPath(target) : String(target));
  const rest = [];
  while (!fs.existsSync(p) && path.dirname(p) !== p) {
    rest.unshift(path.basename(p));
    p = path.dirname(p);
  }
  try {
    return path.join(fs.realpathSync(p), ...rest);
  } catch {
    return path.join(p, ...rest);
  }
}

function checkRead(target) {
  if (typeof target === 'number' || target === undefined || target === null) return;
  const real = realPath(target);
  const dir = GUARDED_DIRS.find((d) => real === d || real.startsWith(`${d}${path.sep}`));
  if (dir) {
    const live = path.relative(root, dir);
    refuse(
      `reads the live ${live}/${real === dir ? '' : ` (as ${path.relative(root, real)})`}`,
      live === 'results'
        ? 'read runs from test/fixtures/results/ (fixtureSite() in test/helpers/fixtures.mjs)'
        : 'build what the test needs from fixtures, or move it to test/site/',
    );
  }
}

function guardReads() {
  const names = ['readFileSync', 'readFile', 'readdirSync', 'readdir', 'openSync', 'open', 'createReadStream'];
  for (const name of [...names, 'cpSync', 'cp', 'opendirSync', 'opendir']) {
    const original = fs[name];
    fs[name] = function guardedRead(target, ...rest) {
      checkRead(target);
      return original.call(this, target, ...rest);
    };
  }
  for (const name of ['readFile', 'readdir', 'open', 'cp', 'opendir']) {
    const original = fs.promises[name];
    fs.promises[name] = function guardedRead(target, ...rest) {
      checkRead(target);
      return original.call(this, target, ...rest);
    };
  }
}

guardChildProcess();
guardReads();
syncBuiltinESMExports();
