// bench parse: one run's pgbench output (and its logs) as one JSON object.
import {createReadStream} from 'node:fs';
import {parseCommand, UsageError} from './cli.mjs';

export const name = 'parse';
export const operands = 'FILE...';
export const description = `Reads one run's pgbench output (stdout, stderr, or both merged; any order) and prints it
as one JSON object; with --log, the run's log statistics too. Exit 1 when a file holds no
pgbench output.`;
export const options = {
  log: {type: 'string', value: 'LOGFILE...', help: "the run's per-transaction or aggregate log files, all after it"},
};

/** Splits arguments at `--log`: what comes before, and the files that follow until the next option. */
function splitAtLog(args) {
  const at = args.indexOf('--log');
  if (at < 0) return [args, []];
  const rest = args.slice(at + 1);
  const end = rest.findIndex((a) => a.startsWith('--'));
  return [[...args.slice(0, at), ...(end < 0 ? [] : rest.slice(end))], end < 0 ? rest : rest.slice(0, end)];
}

export async function run(args) {
  const [rest, logs] = splitAtLog(args);
  const {positionals: files} = parseCommand({name, options: {}}, rest);
  if (files.length === 0) throw new UsageError('parse: name at least one file of pgbench output');
  if (args.includes('--log') && logs.length === 0) throw new UsageError('parse: --log needs the log files after it');
  const {parseOutputStreams} = await import('../../lib/pgbench/parse-output.mjs');
  const result = await parseOutputStreams(...files.map((f) => createReadStream(f, {encoding: 'utf8'})));
  if (logs.length > 0) {
    const {logColumnsOf, readLogs} = await import('../../lib/pgbench/read-logs.mjs');
    result.log = await readLogs(logs, logColumnsOf(result));
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result.errors.some((e) => /^No pgbench output/.test(e.message)) ? 1 : 0;
}
