#!/usr/bin/env node
// The benchmark command line: `node scripts/bench.mjs COMMAND …`. Each command
// is one file in scripts/bench/ that declares its synopsis, description and
// options; `bench --help` lists them, `bench COMMAND --help` explains one.
//
// Reads: the files named. Writes: stdout; run, merge and import write result
//        files (atomically, only when valid).
// Exit:  see EXIT below (printed by --help).
import {COMMANDS, helpOf, messageOf, synopsisOf, UsageError, usageOf, wrapSynopsis} from './bench/cli.mjs';

const EXIT = `Exit: 0 done; 1 the input could not be read, a suite or result is not valid, a run could not
start, or it could not write its result (what it measured is saved elsewhere, and the error says
where); 2 wrong usage; 3 a run finished, but some cells failed or aborted (they are in the result,
with why; run --resume measures them again); 130 (143, 129) a run was interrupted by Ctrl-C
(SIGTERM, SIGHUP): its result is saved unfinished, and run --resume finishes it. compare: 1 when
a comparison is worse, 2 on bad input or when there is nothing to compare.
'node scripts/bench.mjs COMMAND --help' explains one command and its options.`;

// A command's file is loaded only when it runs or is asked about: its own modules
// (the runner, the schema validator, the parser) load inside its run.
const load = (name) => import(`./bench/${name}.mjs`);
const allCommands = () => Promise.all(COMMANDS.map(load));
const isHelp = (arg) => ['help', '--help', '-h'].includes(arg);

/** The command a usage error is about, once known: its synopsis is what the error repeats. */
let current = null;

async function main([command, ...args]) {
  if (isHelp(command) && args.length === 0) {
    console.log(`${usageOf(await allCommands())}\n\n${EXIT}`);
    return 0;
  }
  const name = isHelp(command) ? args[0] : command;
  if (!COMMANDS.includes(name)) throw new UsageError(name ? `unknown command "${name}"` : 'name a command');
  const module = await load(name);
  current = module;
  if (isHelp(command) || args.includes('--help') || args.includes('-h')) {
    console.log(helpOf(module));
    return 0;
  }
  return module.run(args);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    const usage = current
      ? `Usage:\n${wrapSynopsis(synopsisOf(current))}`
      : `${usageOf(await allCommands())}\n\n'node scripts/bench.mjs COMMAND --help' explains one command.`;
    console.error(`bench: ${error.message}\n\n${usage}`);
    process.exitCode = 2;
  } else {
    // A suite's problems are already messages that name the file.
    console.error(error.name === 'SuiteError' ? error.message : `bench: ${messageOf(error)}`);
    process.exitCode = 1;
  }
}
