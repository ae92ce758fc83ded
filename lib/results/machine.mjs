// What shapes a run's numbers besides the code under test: the machine pgbench
// ran on (CPU model and count, memory, OS and kernel) and, per server, its
// build, its non-default settings and its storage. Runs share a history line
// only when these fingerprints are equal; the host name is left out (CI
// runners get a new one each time), as are settings that only say where a
// server listens or keeps its files.
import {createHash} from 'node:crypto';

const HOST_KEYS = ['cpuModel', 'cpuCount', 'memoryBytes', 'os', 'kernel'];

/** Settings that differ on every start without changing what is measured. */
const PLACE_SETTINGS = new Set([
  'port',
  'listen_addresses',
  'unix_socket_directories',
  'data_directory',
  'config_file',
  'hba_file',
  'ident_file',
  'external_pid_file',
  'log_directory',
]);

const digest = (value) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);

/** The host a cell ran on: its own when its shard ran elsewhere (a merged run), else the run's. */
export const hostOf = (result, cell) => cell?.host ?? result.environment.host;

/** Whether two hosts are the same machine as far as the numbers go. */
export const sameMachine = (a, b) => HOST_KEYS.every((k) => a[k] === b[k]);

/** A host's fingerprint: 12 hex digits; null when the host is unknown (an import that did not know it). */
export function machineFingerprint(host) {
  if (HOST_KEYS.every((k) => host[k] === null || host[k] === undefined)) return null;
  return digest(HOST_KEYS.map((k) => host[k] ?? null));
}

/** The non-default settings of a server that shape its figures, sorted by name. */
export function shapingSettings(target) {
  const all = {...target.settings, ...target.keySettings};
  return Object.fromEntries(
    Object.keys(all)
      .filter((name) => !PLACE_SETTINGS.has(name))
      .sort()
      .map((name) => [name, all[name]]),
  );
}

/**
 * A server's fingerprint on a machine: the machine's, its build and its
 * shaping settings and filesystem. Two runs of one target compare only when equal.
 */
export function serverFingerprint(host, target) {
  return digest([
    machineFingerprint(host),
    target.serverVersionFull ?? target.serverVersion ?? null,
    shapingSettings(target),
    target.storage?.filesystem ?? null,
  ]);
}
