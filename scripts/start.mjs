#!/usr/bin/env node
// `npm start`, the one-command demo: checks the prerequisites, runs the quick
// suite on embedded PostgreSQL, builds the site with its figures and serves it.
//
//   node scripts/start.mjs [--locale ja] [--no-bench] [--no-build] [--port 3000] [--host 127.0.0.1]
//                          [--duration 1s] [--only clients=1] [--repeat 5]
//
//   --locale L   build and serve one language only (faster, for translators); the
//                build goes to .preview/L/ so build/ keeps the full site
//   --no-bench   skip the measurement and use the newest quick run in results/
//   --no-build   serve build/ as it is (implies --no-bench)
//   --no-system  skip the system check (pgbench, fonts, Chromium): npm run preview, which needs only Node
//   --duration, --only, --repeat   passed to the quick suite (bench run): shorter runs, fewer cells, more repeats
//                (five or more a server can decide a comparison; three cannot)
//
// Reads:  benchmarks/quick/suite.yaml and what scripts/build.mjs reads.
// Writes: results/quick-<time>.json (not in git: a demo, not a run to publish),
//         and build/ (or .preview/<locale>/), its result files in data/.
// Exit:   0 when stopped with Ctrl-C; 1 when a prerequisite is missing, the quick
//         suite cannot run, the build fails, or nothing can be served.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {$, argv, chalk, echo} from 'zx';
import {defaultLocale, localePath, locales} from '../lib/locales.mjs';
import {lengthText} from '../lib/suites/run-estimate.mjs';
import {serveBuild} from './site/serve-build.mjs';
import {startEstimate} from './site/start-estimate.mjs';
import {localesInBuild} from './site/locales-in-build.mjs';

const root = new URL('../', import.meta.url).pathname;
const host = argv.host ?? '127.0.0.1';
const port = Number(argv.port ?? process.env.PORT ?? 3000);
const locale = argv.locale ?? null;
const build = argv.build !== false;
const bench = build && argv.bench !== false;
const systemCheck = build && argv.system !== false;
/** The oldest Node the project runs on, from package.json's engines (">=20"). */
const REQUIRED_NODE = Number(/\d+/.exec(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).engines.node)[0]);

$.cwd = root;
$.verbose = false;

/** Stops with a message that says what to do. */
function fail(message) {
  echo(chalk.red(message));
  process.exit(1);
}

const step = (text) => echo(chalk.bold(`\n▶ ${text}`));

if (locale !== null && !Object.hasOwn(locales, locale)) {
  fail(`Unknown locale "${locale}": i18n/locales.json lists ${Object.keys(locales).join(', ')}.`);
}
const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_NODE) {
  fail(
    `Node ${process.versions.node} is too old: the site needs Node ${REQUIRED_NODE} or newer (package.json ` +
      `"engines"). Install it (https://nodejs.org or your package manager), then npm ci && npm start.`,
  );
}

// How long until the site is served, said first and again when it is.
const began = Date.now();
const estimate = startEstimate({
  quickSuite: bench ? `${root}benchmarks/quick/suite.yaml` : null,
  locales: build ? (locale === null ? Object.keys(locales).length : 1) : 0,
  only: argv.only,
  duration: argv.duration,
  repeat: argv.repeat,
});
if (estimate && build) echo(chalk.bold(`npm start: ${estimate.text} until the site is served.`));

if (systemCheck) {
  // pgbench for the quick suite, the Noto CJK fonts for the chart images: the
  // system check installs them as root on Debian/Ubuntu, or prints the command.
  step('Checking the system packages (pgbench, fonts, Chromium)');
  try {
    await $({stdio: 'inherit'})`bash ${root}scripts/setup-system.sh`;
  } catch {
    fail('System packages are missing: run the command printed above, then npm start again.');
  }
}

if (bench) {
  step('Running the quick suite on embedded PostgreSQL (--no-bench skips it)');
  const options = ['duration', 'only', 'repeat'].flatMap((name) =>
    argv[name] ? [`--${name}`, String(argv[name])] : [],
  );
  const benchScript = `${root}scripts/bench.mjs`;
  const run = await $({stdio: 'inherit', nothrow: true})`${process.execPath} ${benchScript} run quick ${options}`;
  if (run.exitCode === 3)
    echo(
      chalk.yellow(
        'Some cells of the quick suite failed (the result records why, and the runs page counts them); the site ' +
          'shows the cells that finished.',
      ),
    );
  else if (run.exitCode !== 0) {
    fail(
      'The quick suite could not run (the message above says why). npm start -- --no-bench builds the site from ' +
        'the runs already in results/.',
    );
  }
} else if (build) {
  const quick = existsSync(`${root}results`)
    ? readdirSync(`${root}results`)
        .filter((f) => /^quick-.*\.json$/.test(f))
        .sort()
    : [];
  echo(
    quick.length > 0
      ? `Using the newest quick run: results/${quick.at(-1)}`
      : chalk.yellow('results/ has no quick run: its page will say how to make one (npm start without --no-bench).'),
  );
}

const outDir = locale === null ? 'build' : `.preview/${locale}`;
if (build) {
  step(`Building the site (${locale ?? Object.keys(locales).join(', ')})`);
  const only = locale === null ? [] : ['--locale', locale, '--out-dir', outDir];
  try {
    // BENCH_SERVED_NEXT: the build need not say how to serve what this serves next.
    await $({stdio: 'inherit', timeout: '15m', env: {...process.env, BENCH_SERVED_NEXT: '1'}})`${process.execPath} ${
      root
    }scripts/build.mjs ${only}`;
  } catch {
    fail('The build failed; the messages above name the file and what to fix.');
  }
}

let server;
try {
  server = await serveBuild({dir: `${root}${outDir}`, port, host});
} catch (error) {
  if (error.code !== 'EADDRINUSE') fail(error.message);
  echo(chalk.yellow(`Port ${port} is in use; serving on a free port instead.`));
  server = await serveBuild({dir: `${root}${outDir}`, port: 0, host});
}

// Docusaurus builds a single language at the root of its site (as for a
// domain of its own), so a preview of ja is served at /, not /ja/. What a
// served build/ holds is read from it: `npm run build -- --locale ja` made one too.
const built = locale !== null ? [{locale, path: '/'}] : localesInBuild(`${root}${outDir}`);
const pages = built.map(({locale: code, path}) => [locales[code].label, path]);
pages.push(['quick run', `${pages.length > 1 ? localePath(defaultLocale) : '/'}quick-run/`]);
echo('');
const took = lengthText(Math.round((Date.now() - began) / 1000));
const ready = build ? ` (ready after ${took}${estimate ? `; estimated ${estimate.text}` : ''})` : '';
echo(chalk.green(`Serving the site at ${chalk.bold(server.url)}${ready}`));
// Pad by display width: a CJK character takes two columns in a terminal.
const columns = (text) =>
  [...text].reduce(
    (n, ch) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(ch) ? 2 : 1),
    0,
  );
for (const [label, where] of pages)
  echo(`  ${label}${' '.repeat(Math.max(1, 11 - columns(label)))}${new URL(where, server.url)}`);
if (pages.length === 2) {
  echo(chalk.dim(`Only ${pages[0][0]} is built: the language menu needs every language (npm run build builds them).`));
  // The one language built, whether asked for (--locale) or read from the build (npm run serve).
  const only = built[0].locale;
  const shots = only === defaultLocale ? 'npm run screenshots' : `npm run screenshots -- --locale ${only}`;
  echo(chalk.dim(`Screenshots of every page of this preview: ${shots}`));
  echo(chalk.dim("Each message's key beside it: add ?keys to a page's address."));
}
echo('Press Ctrl-C to stop.');

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
