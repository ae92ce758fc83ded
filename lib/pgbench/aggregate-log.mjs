// Statistics of pgbench aggregate logs (`-l --aggregate-interval=N`).
//
// A line (15–18), one per interval: interval_start num_transactions sum_latency
// sum_latency_2 min_latency max_latency sum_lag sum_lag_2 min_lag max_lag
// skipped retried retries serialization_failures deadlock_failures
// (latencies in µs; lag columns are zero without -R).
//
// Pure: lines in, statistics out. Intervals are few, so lines are plain text.

const COLUMNS = 15;

export function createAggregateLogStats() {
  const intervals = [];
  const errors = [];
  let malformed = 0;

  function file(name = 'log') {
    let lineNo = 0;
    return {
      line(text) {
        lineNo++;
        const trimmed = text.trim();
        if (trimmed === '') return;
        const f = trimmed.split(/\s+/);
        const n = f.map(Number);
        if (f.length !== COLUMNS || n.some((x) => !Number.isFinite(x))) {
          malformed++;
          if (errors.length < 5) {
            errors.push({
              kind: 'other',
              message:
                `${name}:${lineNo}: not a ${COLUMNS}-column aggregate log line: ` +
                `${JSON.stringify(trimmed.slice(0, 120))}`,
            });
          }
          return;
        }
        intervals.push({
          epochS: n[0],
          transactions: n[1],
          latencySumUs: n[2],
          latencySum2Us2: n[3],
          latencyMinUs: n[4],
          latencyMaxUs: n[5],
          lagSumUs: n[6],
          lagSum2Us2: n[7],
          lagMinUs: n[8],
          lagMaxUs: n[9],
          skipped: n[10],
          retried: n[11],
          retries: n[12],
          serializationFailures: n[13],
          deadlockFailures: n[14],
        });
      },
      end() {},
    };
  }

  function result() {
    intervals.sort((a, b) => a.epochS - b.epochS);
    const total = (key) => intervals.reduce((s, i) => s + i[key], 0);
    const transactions = total('transactions');
    const withTx = intervals.filter((i) => i.transactions > 0);
    let latencyUs = null;
    if (transactions > 0) {
      const mean = total('latencySumUs') / transactions;
      latencyUs = {
        min: Math.min(...withTx.map((i) => i.latencyMinUs)),
        max: Math.max(...withTx.map((i) => i.latencyMaxUs)),
        mean,
        stddev: Math.sqrt(Math.max(0, total('latencySum2Us2') / transactions - mean * mean)),
      };
    }
    if (intervals.length === 0 && malformed === 0) errors.push({kind: 'other', message: 'The log holds no intervals.'});
    if (malformed > 5) errors.push({kind: 'other', message: `${malformed} lines in all were not aggregate log lines.`});
    const serializationFailures = total('serializationFailures');
    const deadlockFailures = total('deadlockFailures');
    return {
      kind: 'aggregate',
      intervalS: intervals.length > 1 ? intervals[1].epochS - intervals[0].epochS : null,
      transactions,
      failed: serializationFailures + deadlockFailures,
      skipped: total('skipped'),
      serializationFailures,
      deadlockFailures,
      retried: total('retried'),
      retries: total('retries'),
      latencyUs,
      intervals: intervals.map((i) => ({
        epochS: i.epochS,
        transactions: i.transactions,
        latencyAvgUs: i.transactions > 0 ? i.latencySumUs / i.transactions : null,
        latencyMinUs: i.transactions > 0 ? i.latencyMinUs : null,
        latencyMaxUs: i.transactions > 0 ? i.latencyMaxUs : null,
        failed: i.serializationFailures + i.deadlockFailures,
        skipped: i.skipped,
        retried: i.retried,
        retries: i.retries,
      })),
      errors,
    };
  }

  return {file, result};
}
