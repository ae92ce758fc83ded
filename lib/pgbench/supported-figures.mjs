// What pgbench's own counts can support. pgbench prints its throughput beside
// what it computed it from: the transactions it processed, in a run of the
// duration it was given. And each client waits for one transaction at a time,
// so the mean latency is at most clients ÷ tps (Little's law: less when
// clients also sleep, think or wait for a rate schedule). A throughput or a
// latency beyond what those counts allow was not printed by pgbench: it was
// typed or edited, and no page may show it.

// The run's time, processed ÷ tps, against its -T: pgbench starts the clock once a thread has connected and
// stops it when its last transaction ends, so the time is the duration give or take the connection and the
// transactions still running at the end (committed runs: within 0.7% under and 2.5% over).
const DURATION_SLACK = 0.1;
// Latency against clients ÷ tps: pgbench divides the same time by the same count when it does not time each
// transaction; its latency is printed to 3 decimals of a ms.
const LATENCY_SLACK = 0.1;
const LATENCY_PRINTED_MS = 0.0005;
// What one pgbench thread can drive: it builds, sends and reads every transaction of its clients itself, each at
// least a message out and one in, so no thread completes a transaction in less than a microsecond (the fastest
// here: one thread of select-only at 1 client, about 15,000 a second; at 4 clients on 2 threads, 36,000 a
// thread). A throughput beyond a million a second per thread was typed.
const MOST_TPS_PER_THREAD = 1_000_000;

const figure = (n) =>
  n >= 100 ? n.toLocaleString('en', {maximumFractionDigits: 1}) : String(Number(n.toPrecision(3)));

/**
 * The figures of a parsed output (lib/pgbench/parse-output.mjs) that its own counts cannot support.
 * @param {object} summary
 * @returns {{field: string, line: string, message: string}[]}  field: the summary's; line: how the
 *   line pgbench prints it starts, to find it in the output
 */
export function unsupportedFigures(summary) {
  const found = [];
  const {tps, processed, durationS, clients, threads, latencyAvgMs} = summary ?? {};
  if (typeof tps !== 'number' || !(tps > 0) || !Number.isFinite(tps)) return found;
  // A run that aborted stopped early: its time can be shorter than its duration.
  if (typeof processed === 'number' && typeof durationS === 'number' && durationS > 0 && summary.aborted !== true) {
    const seconds = processed / tps;
    const connectingS = (summary.initialConnectionMs ?? 0) / 1000;
    const lastTransactionS = (2 * (latencyAvgMs ?? 0)) / 1000;
    const shortest = durationS * (1 - DURATION_SLACK) - connectingS;
    const longest = durationS * (1 + DURATION_SLACK) + connectingS + lastTransactionS;
    if (seconds < shortest || seconds > longest) {
      found.push({
        field: 'tps',
        line: 'tps = ',
        message:
          `tps = ${figure(tps)}, but its ${figure(processed)} transactions in ${figure(durationS)} s give ` +
          `${figure(processed / durationS)}`,
      });
    }
  }
  if (typeof latencyAvgMs === 'number' && typeof clients === 'number' && clients > 0) {
    // Under -R, latency counts the wait for the schedule (lag) too: the clients were busy for the rest.
    const busyMs = latencyAvgMs - (summary.lagAvgMs ?? 0);
    const mostMs = ((1000 * clients) / tps) * (1 + LATENCY_SLACK) + LATENCY_PRINTED_MS;
    if (busyMs > mostMs) {
      found.push({
        field: 'latencyAvgMs',
        line: 'latency average = ',
        message:
          `latency average = ${figure(latencyAvgMs)} ms, but ${figure(clients)} client(s) at tps = ${figure(tps)} ` +
          `wait at most ${figure((1000 * clients) / tps)} ms a transaction`,
      });
    }
  }
  // pgbench runs no more threads than clients.
  const working = Math.min(...[threads, clients].filter((n) => typeof n === 'number' && n > 0), Number.MAX_VALUE);
  if (working < Number.MAX_VALUE && tps > working * MOST_TPS_PER_THREAD) {
    found.push({
      field: 'tps',
      line: 'tps = ',
      message:
        `tps = ${figure(tps)} from ${figure(working)} pgbench thread(s): a thread completes a transaction in no ` +
        'less than a microsecond (a message sent and one read), at most a million a second',
    });
  }
  return found;
}
