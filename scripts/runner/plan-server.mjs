// What an embedded server will run, planned without running anything: its
// folders, its postgresql.auto.conf, the initdb, pg_ctl start and stop
// commands, and, for the instructions measure, the wrapper that starts
// postgres under Valgrind. embedded-server.mjs runs the plan; --dry-run prints
// it (print-plan.mjs).
import path from 'node:path';
import {CALLGRIND_OPTIONS} from '../../lib/cachegrind/read-callgrind.mjs';
import {pinnedStart} from './cpu-pinning.mjs';
import {binaries} from './postgres-binaries.mjs';

export const SUPERUSER = 'bench';
export const DATABASE = 'postgres';

// postgresql.conf takes numbers and identifiers bare; anything else (an address, "256MB") quoted, with its
// quotes doubled and its backslashes escaped (the file's parser reads \n, \' and the like inside quotes).
export const confValue = (value) =>
  /^-?\d+(\.\d+)?$|^[A-Za-z_][A-Za-z0-9_]*$/.test(String(value))
    ? String(value)
    : `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The text of postgresql.auto.conf for a plan's settings (`conf`). */
export const autoConfText = (conf) =>
  `# Written by the benchmark runner.\n${Object.entries(conf)
    .map(([k, v]) => `${k} = ${confValue(v)}`)
    .join('\n')}\n`;

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
  cpus = null,
}) {
  const dataDir = path.join(baseDir, 'data');
  const socketDir = path.join(baseDir, 'socket');
  const logFile = path.join(baseDir, 'server.log');
  const passwordFile = path.join(baseDir, 'pwfile');
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
  // Under --pin, the postmaster and its children on the server's CPUs (cpu-pinning.mjs).
  const start = pinnedStart([bin.pgCtl, '-D', dataDir, '-l', logFile, '-w', '-t', '120', 'start'], cpus);
  return {
    bin,
    dataDir,
    socketDir,
    logFile,
    passwordFile,
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
      // No trust: every connection, over TCP or the socket, gives the run's password (embedded-server.mjs).
      initdb: [
        bin.initdb,
        ...['-D', dataDir, '-U', SUPERUSER, '--auth=scram-sha-256', `--pwfile=${passwordFile}`],
        ...['-E', 'UTF8', '--no-locale'],
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
