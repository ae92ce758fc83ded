// CPUs kept apart (bench run --pin): the server on all CPUs but the last, pgbench on the last. On a small machine
// a server and pgbench that share CPUs take them from each other as the scheduler decides, run by run; kept
// apart, neither waits for the other's CPU. The runner pins itself to the client's CPU (taskset -a -p), so
// that pgbench, psql and the wait sampler inherit it; each server's pg_ctl start runs under taskset -c with the
// server's CPUs, and the postmaster and every backend inherit them. Recorded as the result's design.cpus.
import {readFileSync} from 'node:fs';
import {runProcess} from './processes.mjs';

/** "0-2,5" as the CPUs it lists: [0, 1, 2, 5]. */
export function parseCpuList(list) {
  return list
    .trim()
    .split(',')
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({length: to - from + 1}, (_, i) => from + i);
    });
}

/** The CPUs this process may run on (Linux: its Cpus_allowed_list, which a cpuset or an affinity narrows). */
function allowedCpus() {
  const line = /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (!line) throw new Error('--pin: this system does not say which CPUs a process may use (/proc/self/status)');
  return parseCpuList(line);
}

/**
 * The CPUs of each side, as taskset lists them, from those this process may use: the server all but the last,
 * pgbench the last ({server: '0', client: '1'} on two CPUs).
 */
export function cpuSplit(cpus = allowedCpus()) {
  if (cpus.length < 2) {
    throw new Error(
      `--pin needs at least two CPUs to keep the server and pgbench apart; this process may use ${cpus.length} ` +
        `(${cpus.join(',')}); run without --pin`,
    );
  }
  return {server: cpus.slice(0, -1).join(','), client: String(cpus.at(-1))};
}

/** The server's start command under taskset, or as it is without pinning. */
export const pinnedStart = (argv, cpus) => (cpus ? ['taskset', '-c', cpus, ...argv] : argv);

/** Pins the runner (every thread, and so every process it starts from now on) to the client's CPUs. */
export async function pinRunner(cpus) {
  const out = await runProcess(['taskset', '-a', '-p', '-c', cpus.client, String(process.pid)]).catch((error) => ({
    exitCode: 1,
    stderr: error.message,
  }));
  if (out.exitCode !== 0) {
    throw new Error(
      `--pin: taskset could not pin the runner to CPU ${cpus.client} ` +
        `(${out.stderr.trim() || `exit ${out.exitCode}`}); ` +
        'install util-linux (apt-get install util-linux), or run without --pin',
    );
  }
}
