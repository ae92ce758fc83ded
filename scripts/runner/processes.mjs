// The child processes of a run (initdb, pg_ctl, psql, pgbench), and the
// interrupt that stops them. A run listens for Ctrl-C (SIGINT), SIGTERM and
// SIGHUP itself: the first one stops the children and makes every pending
// and later step throw Interrupted, so the run unwinds (servers stopped,
// result saved unfinished, resumable) whatever step it was in; a second one
// ends the process at once. Children are awaited, never run synchronously:
// a synchronous child would hold the signal until it returned.
import {spawn} from 'node:child_process';

/** Thrown by every step of a run once it was interrupted. */
export class Interrupted extends Error {
  constructor(signal) {
    super(`interrupted (${signal})`);
    this.signal = signal;
  }
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

// What a child gets of the runner's environment: where programs, the home and the temporary folder are, the
// user, the locale and the time zone. Nothing else: a server, psql or pgbench runs a suite's SQL, which can read
// its environment (psql's \getenv, a server's COPY … PROGRAM 'env' in a suite that may), and the runner's may
// hold a CI token or a cloud key. What a child needs besides (PGPASSWORD, PGOPTIONS, an external target's libpq
// variables: connection.mjs) is given to it by name.
const KEPT = /^(PATH|HOME|USER|LOGNAME|LANG|LANGUAGE|LC_[A-Z_]+|TZ|TMPDIR)$/;

/** The runner's environment as a child gets it: KEPT only, then `env`. */
export const childEnvironment = (env = {}, from = process.env) => ({
  ...Object.fromEntries(Object.entries(from).filter(([name]) => KEPT.test(name))),
  ...env,
});
export const EXIT_CODE = {SIGINT: 130, SIGTERM: 143, SIGHUP: 129};
const children = new Set();
let interruptedBy = null;

/** The signal that interrupted the run, or null. */
export const interruption = () => interruptedBy;

/** Throws Interrupted when the run was interrupted. */
export function throwIfInterrupted() {
  if (interruptedBy) throw new Interrupted(interruptedBy);
}

/**
 * Catches the interrupting signals until the returned function is called.
 * @param {object} options
 * @param {(signal: string) => void} options.onForce  a second signal: clean up synchronously, then the process exits
 */
export function catchInterrupts({onForce}) {
  interruptedBy = null;
  const handler = (signal) => {
    if (interruptedBy) {
      onForce(signal);
      process.exit(EXIT_CODE[signal]);
    }
    interruptedBy = signal;
    for (const child of children) child.kill('SIGTERM');
  };
  for (const signal of SIGNALS) process.on(signal, handler);
  return () => {
    for (const signal of SIGNALS) process.off(signal, handler);
  };
}

/**
 * Runs a command, collecting its output; never throws for a non-zero exit, but
 * rejects with Interrupted when the run is interrupted while it runs.
 * @param {string[]} argv
 * @param {object} [options]
 * @param {object} [options.env]  added to what the child gets of this process's environment (childEnvironment)
 * @param {string} [options.cwd]
 * @param {number} [options.timeoutS]  SIGTERM after this many seconds (then `timedOut`)
 * @param {number} [options.uid] @param {number} [options.gid]  run as this user
 * @param {(line: string) => void} [options.onStderrLine]
 * @param {AbortSignal} [options.stop]  SIGINT when it aborts: the child ends as after a Ctrl-C (psql's \watch)
 * @returns {Promise<{exitCode: number|null, signal: string|null, timedOut: boolean, stdout: string,
 *   stderr: string, seconds: number}>}
 */
export function runProcess(argv, {env = {}, cwd, timeoutS, uid, gid, onStderrLine = () => {}, stop} = {}) {
  throwIfInterrupted();
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(argv[0], argv.slice(1), {
      cwd,
      env: childEnvironment(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(uid !== undefined && {uid, gid}),
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    let partial = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
      const lines = (partial + d).split(/\r?\n|\r/);
      partial = lines.pop();
      lines.forEach(onStderrLine);
    });
    const timer = timeoutS
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGTERM');
        }, timeoutS * 1000)
      : null;
    const onStop = () => child.kill('SIGINT');
    stop?.addEventListener('abort', onStop, {once: true});
    const finish = (outcome) => {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
      children.delete(child);
      const failed = outcome.exitCode !== 0;
      // A Ctrl-C reaches the child and this process together; the child's end
      // can be seen first. A failed child waits a moment for the signal.
      setTimeout(
        () => {
          if (interruptedBy) reject(new Interrupted(interruptedBy));
          else resolve({...outcome, timedOut, stdout, stderr, seconds: (Date.now() - started) / 1000});
        },
        failed ? 50 : 0,
      );
    };
    child.on('error', (error) => {
      stderr += `${error.message}\n`;
      finish({exitCode: null, signal: null});
    });
    child.on('close', (code, signal) => finish({exitCode: code, signal}));
  });
}
