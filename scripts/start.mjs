#!/usr/bin/env node
// `npm start`: builds the site in every locale and serves it on localhost.
//
//   node scripts/start.mjs [--port 3000] [--host 127.0.0.1] [--no-build]
//
// Reads:  what scripts/build.mjs reads; runs scripts/setup-system.sh first (unless --no-build).
// Writes: static/data/, static/charts/ and build/ (through scripts/build.mjs).
// Exit:   0 when stopped with Ctrl-C; 1 when the build fails or nothing can be served.
import {$, argv, chalk, echo} from 'zx';
import {localePath, locales} from './lib/locales.mjs';
import {serveBuild} from './lib/serve-build.mjs';

const root = new URL('../', import.meta.url).pathname;
const host = argv.host ?? '127.0.0.1';
const port = Number(argv.port ?? process.env.PORT ?? 3000);

$.cwd = root;
$.verbose = false;

if (argv.build !== false) {
  // The build draws chart images with the Noto CJK fonts: the system check
  // installs them (and pgbench, Chromium) as root, or prints the command to run.
  try {
    await $({stdio: 'inherit'})`bash ${root}scripts/setup-system.sh`;
  } catch {
    echo(chalk.red('System packages are missing: run the command printed above, then npm start again.'));
    process.exit(1);
  }
  echo(chalk.bold(`Building the site (${Object.keys(locales).join(', ')})…`));
  try {
    await $({stdio: 'inherit', timeout: '15m'})`${process.execPath} ${root}scripts/build.mjs`;
  } catch {
    echo(chalk.red('The build failed; the messages above name the file and what to fix.'));
    process.exit(1);
  }
}

let server;
try {
  server = await serveBuild({dir: `${root}build`, port, host});
} catch (error) {
  if (error.code !== 'EADDRINUSE') throw error;
  echo(chalk.yellow(`Port ${port} is in use; serving on a free port instead.`));
  server = await serveBuild({dir: `${root}build`, port: 0, host});
}

echo('');
echo(chalk.green(`Serving the site at ${chalk.bold(server.url)}`));
for (const [locale, {label}] of Object.entries(locales)) {
  echo(`  ${label.padEnd(8)} ${new URL(localePath(locale), server.url)}`);
}
echo('Press Ctrl-C to stop.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
