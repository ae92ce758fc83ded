#!/usr/bin/env node
// The benchmark command line.
//
//   node scripts/bench.mjs parse FILE... [--log LOGFILE...]
//       Reads one run's pgbench output (stdout, stderr, or both merged; any order)
//       and prints it as one JSON object; with --log, the run's log statistics too.
//   node scripts/bench.mjs import PATH... --out FILE
//       Turns saved pgbench outputs into one result file (see
//       scripts/lib/results/import-outputs.mjs for what PATH may be and the labels).
//   node scripts/bench.mjs validate FILE...
//       Checks result files against schemas/result.schema.json.
//
// Reads: the files named. Writes: stdout; `import` writes FILE (atomically, only when valid).
// Exit:  0 done; 1 the input could not be read, or a result is not valid; 2 wrong usage.
import {createReadStream} from 'node:fs';
import {parseOutputStreams} from './lib/pgbench/parse-output.mjs';
import {readLogs} from './lib/pgbench/read-logs.mjs';
import {importOutputs} from './lib/results/import-outputs.mjs';
import {readResultFile, resultProblems} from './lib/results/validate-result.mjs';
import {writeResult} from './lib/results/write-result.mjs';

const USAGE = `Usage:
  node scripts/bench.mjs parse FILE... [--log LOGFILE...]
  node scripts/bench.mjs import PATH... --out FILE
  node scripts/bench.mjs validate FILE...`;

class UsageError extends Error {}

/** Splits arguments at `--flag`: what comes before, and what follows until the next flag. */
function splitAt(args, flag) {
  const at = args.indexOf(flag);
  if (at < 0) return [args, []];
  const rest = args.slice(at + 1);
  const end = rest.findIndex((a) => a.startsWith('--'));
  return [[...args.slice(0, at), ...(end < 0 ? [] : rest.slice(end))], end < 0 ? rest : rest.slice(0, end)];
}

async function parse(args) {
  const [files, logs] = splitAt(args, '--log');
  const unknown = files.find((a) => a.startsWith('--'));
  if (unknown) throw new UsageError(`parse: unknown option ${unknown}`);
  if (files.length === 0) throw new UsageError('parse: name at least one file of pgbench output');
  if (args.includes('--log') && logs.length === 0) throw new UsageError('parse: --log needs the log files after it');
  const result = await parseOutputStreams(...files.map((f) => createReadStream(f, {encoding: 'utf8'})));
  if (logs.length > 0) {
    result.log = await readLogs(logs, {
      hasLag: result.lagAvgMs !== undefined,
      hasRetries: result.maxTries === undefined ? null : result.maxTries !== 1,
    });
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result.errors.some((e) => /^No pgbench output/.test(e.message)) ? 1 : 0;
}

async function importCommand(args) {
  const [paths, out] = splitAt(args, '--out');
  if (out.length !== 1) throw new UsageError('import: give the result file to write with --out FILE');
  if (paths.length === 0) throw new UsageError('import: name the files or folders of pgbench output to import');
  const result = await importOutputs(paths);
  writeResult(out[0], result);
  const count = (status) => result.cells.filter((c) => c.status === status).length;
  const counts = ['ok', 'failed', 'aborted'].filter(count).map((s) => `${count(s)} ${s}`);
  console.error(`Imported ${result.cells.length} outputs (${counts.join(', ')}) into ${out[0]}.`);
  return 0;
}

function validateCommand(files) {
  if (files.length === 0) throw new UsageError('validate: name the result files to check');
  let invalid = 0;
  for (const file of files) {
    const problems = resultProblems(readResultFile(file), file);
    if (problems.length === 0) console.log(`${file}: valid`);
    else {
      invalid++;
      for (const p of problems) console.error(p);
    }
  }
  return invalid > 0 ? 1 : 0;
}

const COMMANDS = {parse, import: importCommand, validate: validateCommand};

const [command, ...args] = process.argv.slice(2);
try {
  if (!COMMANDS[command]) throw new UsageError(command ? `unknown command "${command}"` : 'name a command');
  process.exitCode = await COMMANDS[command](args);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`bench: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(`bench: ${error.message}`);
    process.exitCode = 1;
  }
}
