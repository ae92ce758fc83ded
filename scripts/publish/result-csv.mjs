// A result as CSV: one line per repeat, for spreadsheets. The JSON file stays
// the source of truth; this is a flat view of its main figures.
import {targetById} from '../../lib/model/targets.mjs';

export const CSV_COLUMNS = [
  ['cell', (c) => c.id],
  ['target', (c) => c.target],
  ['server_version', (c, r) => targetById(r, c.target)?.serverVersion ?? ''],
  ['workload', (c) => c.workload],
  ['scenario', (c) => c.scenario],
  ['scale', (c) => c.parameters.scale],
  ['clients', (c) => c.parameters.clients],
  ['threads', (c) => c.parameters.threads],
  ['duration_s', (c) => c.parameters.durationS],
  ['repeat', (c) => c.repeat],
  ['status', (c) => c.status],
  ['tps', (c) => c.summary?.tps],
  ['transactions', (c) => c.summary?.processed],
  ['failed', (c) => c.summary?.failed],
  ['latency_avg_ms', (c) => c.summary?.latencyAvgMs],
  ['latency_stddev_ms', (c) => c.summary?.latencyStddevMs],
  ...['min', 'p50', 'p90', 'p95', 'p99', 'max'].map((q) => [
    `latency_${q}_ms`,
    (c) => ((c.log?.latencyUs?.[q] ?? null) === null ? null : c.log.latencyUs[q] / 1000),
  ]),
  ['instructions_per_transaction', (c) => c.instructions?.perTransaction],
  ['started_at', (c) => c.startedAt],
  ['command', (c) => c.command],
  ['error', (c) => c.error?.message],
];

/** A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvField(value) {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultCsv(result) {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const cell of result.cells) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(cell, result))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
