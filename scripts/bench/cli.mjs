// What every bench command shares: its synopsis and help, written from the
// options it declares (so the usage cannot disagree with what it accepts),
// and the checks several commands make.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';

const PROGRAM = 'node scripts/bench.mjs';

/** The commands, in the order `bench --help` lists them: each is scripts/bench/<name>.mjs. */
export const COMMANDS = [
  'run',
  'merge',
  'parse',
  'import',
  'export',
  'validate',
  'compare',
  'shards',
  'published',
  'k8s',
];

/** Wrong usage: bench prints the message and the usage, and exits 2. */
export class UsageError extends Error {}

/** An error as the CLI says it: a file that is not there named as it was given, with what to check. */
export const messageOf = (error) =>
  error.code === 'ENOENT' && error.path
    ? `${error.path}: no such file. Check the path (ls results/ lists the runs kept here).`
    : error.message;

/** Whether an option's text is a whole number of at least 1 (--shards, --repeat, --scale, …). */
export const isWhole = (text) => /^[1-9]\d*$/.test(text);

/** An option as the synopsis writes it: `--out FILE`, `[--replace]`. */
function optionText(name, option) {
  const text = option.type === 'boolean' ? `--${name}` : `--${name} ${option.value}`;
  return option.required ? text : `[${text}]`;
}

/** A command's synopsis on one line: name, operands, then its options in the order declared. */
export const synopsisOf = (command) =>
  [command.name, command.operands, ...Object.entries(command.options).map(([n, o]) => optionText(n, o))]
    .filter(Boolean)
    .join(' ');

/** A synopsis wrapped for a terminal: continued lines start under the first operand. */
export function wrapSynopsis(synopsis, width = 110) {
  const words = synopsis.match(/\[[^\]]*\]|\S+/g);
  const lead = `  ${PROGRAM} `;
  const indent = ' '.repeat(lead.length + words[0].length + 1);
  const lines = [lead + words[0]];
  for (const word of words.slice(1)) {
    if (`${lines.at(-1)} ${word}`.length > width) lines.push(indent + word);
    else lines[lines.length - 1] += ` ${word}`;
  }
  return lines.join('\n');
}

/** Every command's synopsis: what `bench --help` prints and wrong usage repeats. */
export const usageOf = (commands) => `Usage:\n${commands.map((c) => wrapSynopsis(synopsisOf(c))).join('\n')}`;

/** One command's help: its synopsis, what it does, and each option. */
export function helpOf(command) {
  const names = Object.entries(command.options).map(([n, o]) => [optionText(n, {...o, required: true}), o]);
  const width = Math.max(0, ...names.map(([text]) => text.length));
  const options = names.map(
    ([text, o]) => `  ${text.padEnd(width)}  ${o.help}${o.default ? ` (default: ${o.default})` : ''}`,
  );
  return [
    `Usage:\n${wrapSynopsis(synopsisOf(command))}`,
    command.description,
    ...(options.length > 0 ? [`Options:\n${options.join('\n')}`] : []),
  ].join('\n\n');
}

/** A command's options and operands, parsed; a wrong option is a usage error naming the command. */
export function parseCommand(command, args) {
  const options = Object.fromEntries(
    Object.entries(command.options).map(([n, {type, default: value}]) => [n, {type, default: value}]),
  );
  for (const o of Object.values(options)) if (o.default === undefined) delete o.default;
  try {
    return parseArgs({args, allowPositionals: true, options});
  } catch (error) {
    // Node's own text suggests "--" for positionals; what a user needs is the option's name and where to look.
    const unknown = /^Unknown option '([^']+)'/.exec(error.message);
    const why = unknown ? `unknown option ${unknown[1]}` : error.message;
    throw new UsageError(`${command.name}: ${why} (node scripts/bench.mjs ${command.name} --help lists its options)`);
  }
}

/** A --measure given on the command line: one of the measures a suite can take. */
export async function checkMeasure(command, measure) {
  const {MEASURES} = await import('../../lib/suites/suite.mjs');
  if (!MEASURES.includes(measure)) {
    throw new UsageError(`${command}: --measure takes ${MEASURES.join(' or ')}, not ${JSON.stringify(measure)}`);
  }
  return measure;
}

/** A suite file named by path or by id. */
export const suiteFile = (name) => (existsSync(name) ? name : path.join('benchmarks', name, 'suite.yaml'));

/**
 * Refuses an output that would overwrite an input: the same file, or a file
 * inside a folder read (which the next import would read back too). With
 * `existing`, also an output that exists and is not what the command writes
 * there (`ours`: merge's own result of the same run, written again), unless
 * its option was given (`given`).
 * @param {{ours: (file: string) => boolean, what: string, option: string, given: boolean}} [existing]
 */
export function refuseOverwrite(command, outputs, inputs, existing = null) {
  const resolved = inputs.map((p) => path.resolve(p));
  for (const out of outputs) {
    const file = path.resolve(out);
    const hit = resolved.find((p) => file === p || file.startsWith(`${p}${path.sep}`));
    if (hit) {
      throw new UsageError(
        `${command}: ${out} would ${file === hit ? 'overwrite' : 'be written inside'} the input ` +
          `${path.relative('.', hit) || hit}: ` +
          'write it elsewhere; nothing was written',
      );
    }
    if (existing && !existing.given && existsSync(file) && !existing.ours(file)) {
      throw new UsageError(
        `${command}: ${out} exists and is not ${existing.what}: give ${existing.option} to overwrite it, ` +
          'or write elsewhere; nothing was written',
      );
    }
  }
}
