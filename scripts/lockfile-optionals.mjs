#!/usr/bin/env node
// Keeps package-lock.json acceptable to `npm ci` when the registry lacks some
// platforms' optional builds (here: @swc/*, @napi-rs/canvas and @biomejs/cli-* for macOS, Windows and others).
//
// npm cannot fetch those manifests, so `npm install` leaves them out of the
// lock, and `npm ci` then rejects the lock as "out of sync". Listing each such
// optional dependency with its version (nothing else) satisfies that check; at
// install time npm still skips it as an optional package it cannot fetch or
// that does not fit this platform.
//
// Reads and rewrites package-lock.json, only when an entry is missing.
// Runs as `postinstall`, so every `npm install` leaves a lock that `npm ci` takes.
// Exit: 0 (also when there is no lock file); 1 if the lock is not valid JSON.
import {existsSync, readFileSync} from 'node:fs';
import {writeFileAtomically} from '../lib/write-file-atomically.mjs';

const file = new URL('../package-lock.json', import.meta.url);
if (!existsSync(file)) process.exit(0);

let lock;
try {
  lock = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`package-lock.json is not valid JSON (${error.message}); run: npm install`);
  process.exit(1);
}

const packages = lock.packages ?? {};
const added = [];
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (!packages[key]) {
      packages[key] = {version, optional: true};
      added.push(`${name}@${version}`);
    }
  }
}

if (added.length > 0) {
  // npm's own order: the root ("") first, then paths sorted.
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileAtomically(file.pathname, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`lockfile-optionals: listed ${added.length} optional packages the registry does not serve.`);
}
