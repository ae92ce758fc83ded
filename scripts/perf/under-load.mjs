// Runs a command while busy processes keep the CPUs loaded: a test whose
// verdict changes with the machine's load is a defect in the test or in what
// it measures, and this is how it is caught before CI's busy machine does.
//
// Usage: node scripts/perf/under-load.mjs [--hogs N] [--] [COMMAND ARG...]
//   --hogs N   busy processes beside the command (default 2: as many as this
//              project's 2-core machines have)
//   COMMAND    default: npm test
//
// Reads:  nothing. Writes: nothing of its own; the command's output passes through.
// Exit:   the command's exit code (1 when it could not start; 2 on bad arguments).
import {spawn} from 'node:child_process';
import {parseArgs} from 'node:util';

const {values, positionals} = parseArgs({
  options: {hogs: {type: 'string', default: '2'}},
  allowPositionals: true,
});
if (!/^[1-9]\d*$/.test(values.hogs)) {
  console.error(`under-load: --hogs takes a whole number above 0, not "${values.hogs}".`);
  process.exit(2);
}
const hogCount = Number(values.hogs);
const [command, ...args] = positionals.length > 0 ? positionals : ['npm', 'test'];

// Each hog spins without end and never writes: pure CPU, as another tenant's job would be. They run in
// this session, as `node -e 'for(;;){}' &` twice in the shell that runs npm test would: Linux shares the
// CPU between sessions first (autogroups), so hogs of other sessions would weigh more.
const hogs = Array.from({length: hogCount}, () => spawn(process.execPath, ['-e', 'for (;;) {}'], {stdio: 'ignore'}));
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

console.error(`under-load: ${hogCount} busy process(es) beside: ${[command, ...args].join(' ')}`);
const started = Date.now();
const child = spawn(command, args, {stdio: 'inherit'});
child.on('error', (error) => {
  console.error(`under-load: could not start ${command}: ${error.message}`);
  process.exit(1);
});
child.on('close', (code, signal) => {
  stopHogs();
  console.error(
    `under-load: ${command} ended (${signal ?? `exit ${code}`}) after ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(code ?? 1);
});
