// Streams pgbench log files from disk into the log statistics (never reading
// a file whole). The one place here that does I/O.
import {closeSync, createReadStream, openSync, readSync} from 'node:fs';
import {open} from 'node:fs/promises';
import path from 'node:path';
import {createAggregateLogStats} from './aggregate-log.mjs';
import {createLineSplitter} from './lines.mjs';
import {createTransactionLogStats} from './transaction-log.mjs';

const CHUNK = 1 << 20;

/** 'aggregate' when the first line has the aggregate log's many columns. */
async function detectKind(file) {
  const handle = await open(file);
  try {
    const {buffer, bytesRead} = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const first = buffer
      .subarray(0, bytesRead)
      .toString('latin1')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '');
    return first && first.trim().split(/\s+/).length > 8 ? 'aggregate' : 'transactions';
  } finally {
    await handle.close();
  }
}

/**
 * Feeds a file to `sink` in chunks. Reads are synchronous into one reused
 * buffer: an awaited read per chunk costs more than parsing the chunk does.
 */
function feedFile(file, sink, buffer) {
  const fd = openSync(file, 'r');
  try {
    let bytesRead;
    while ((bytesRead = readSync(fd, buffer, 0, buffer.length, null)) > 0) sink.push(buffer.subarray(0, bytesRead));
  } finally {
    closeSync(fd);
  }
}

/**
 * Which optional columns a run's per-transaction log has, from its parsed
 * output: lag when it was rate-limited (pgbench printed a schedule lag),
 * retries when its maximum tries was not 1 (unknown when not printed).
 */
export const logColumnsOf = (summary) => ({
  hasLag: summary.lagAvgMs !== undefined,
  hasRetries: summary.maxTries === undefined ? null : summary.maxTries !== 1,
});

/**
 * @param {string[]} files  one run's log files (one per thread: prefix.PID, prefix.PID.N)
 * @param {object} [options]  hasLag, hasRetries: see createTransactionLogStats
 */
export async function readLogs(files, options = {}) {
  const kinds = await Promise.all(files.map(detectKind));
  if (new Set(kinds).size > 1) {
    const list = files.map((f, i) => `${path.basename(f)} (${kinds[i]})`).join(', ');
    throw new Error(`Per-transaction and aggregate logs are mixed: ${list}. Pass one run's logs of one kind.`);
  }
  if (kinds[0] === 'aggregate') return {files: files.length, ...(await readAggregateLogs(files))};
  const stats = createTransactionLogStats(options);
  const buffer = Buffer.allocUnsafe(CHUNK);
  for (const file of files) {
    const sink = stats.file(path.basename(file));
    feedFile(file, sink, buffer);
    sink.end();
  }
  return {files: files.length, ...stats.result()};
}

async function readAggregateLogs(files) {
  const stats = createAggregateLogStats();
  for (const file of files) {
    const sink = stats.file(path.basename(file));
    const splitter = createLineSplitter();
    for await (const chunk of createReadStream(file, {encoding: 'latin1', highWaterMark: CHUNK})) {
      for (const l of splitter.push(chunk)) sink.line(l);
    }
    for (const l of splitter.end()) sink.line(l);
  }
  return stats.result();
}
