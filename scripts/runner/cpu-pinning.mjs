// CPUs kept apart (bench run --pin): the server on all CPUs but the last, pgbench on the last. On a small machine
// a server and pgbench that share CPUs take them from each other as the scheduler decides, run by run; kept
// apart, neither waits for the other's CPU. The runner pins itself to the client's CPU (taskset -a -p), so
// that pgbench, psql and the wait sampler inherit it; each server's pg_ctl start runs under taskset -c with the
// server's CPUs, and the postmaster and every backend inherit them. Recorded as the result's design.cpus.
import {availableParallelism} from 'node:os';
import {runProcess} from './processes.mjs';

/** The CPUs of each side, as taskset lists them: {server: '0', client: '1'} on two CPUs. */
export function cpuSplit(count = availableParallelism()) {
  if (count < 2)
    throw new Error(`--pin needs at least two CPUs to keep the server and pgbench apart; this machine has ${count}`);
  return {server: count === 2 ? '0' : `0-${count - 2}`, client: String(count - 1)};
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
      `--pin: taskset could not pin the runner to CPU ${cpus.client} (${out.stderr.trim() || `exit ${out.exitCode}`}); ` +
        'install util-linux (apt-get install util-linux), or run without --pin',
    );
  }
}
