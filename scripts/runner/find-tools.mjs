// The tools a run needs on PATH, probed before any server starts: pgbench
// always, Valgrind for the instructions measure. A missing one is an error
// that gives the command installing it.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseOutput} from '../../lib/pgbench/parse-output.mjs';
import {runProcess} from './processes.mjs';

/** pgbench on PATH, and its version; a clear error with the install command when missing. */
export async function findPgbench() {
  const probe = await runProcess(['pgbench', '--version']);
  if (probe.exitCode !== 0) {
    throw new Error(
      "pgbench is not on PATH. It comes with PostgreSQL's packages: as root run bash scripts/setup-system.sh " +
        '(or: apt-get install postgresql), then try again.',
    );
  }
  const parsed = parseOutput(probe.stdout);
  return {version: parsed.pgbenchVersion ?? null, versionFull: parsed.pgbenchVersionFull ?? null};
}

/**
 * Valgrind on PATH, and its version, for the instructions measure; a clear
 * error with the install command when missing (before any server starts).
 */
export async function findValgrind() {
  const probe = await runProcess(['valgrind', '--version']).catch(() => ({exitCode: 127, stdout: ''}));
  const version = /^valgrind-(\S+)/.exec(probe.stdout.trim())?.[1];
  if (probe.exitCode !== 0 || !version) {
    throw new Error(
      'valgrind is not on PATH: the instructions measure runs the servers under Valgrind. As root run ' +
        'bash scripts/setup-system.sh (or: apt-get install valgrind), then try again.',
    );
  }
  const dir = (process.env.PATH ?? '').split(':').find((d) => d && existsSync(path.join(d, 'valgrind')));
  return {path: dir ? path.join(dir, 'valgrind') : 'valgrind', version};
}
