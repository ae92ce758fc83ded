#!/usr/bin/env node
// `node scripts/list-server-settings.mjs`: every setting of the embedded PostgreSQL servers (15–18), with its
// category as pg_settings gives it, for the rules of which a suite may set (lib/suites/setting-rules.mjs). Run it
// when a major version is added.
//
// Reads:  the embedded servers (started here, one at a time, and stopped)
// Writes: lib/suites/server-settings.json (atomically)
// Exit:   0 written; 1 a server could not be started or read
import {fileURLToPath} from 'node:url';
import {embeddedConnection} from './runner/connection.mjs';
import {startServer} from './runner/embedded-server.mjs';
import {psql} from './runner/psql.mjs';
import {writeFileAtomically} from '../lib/write-file-atomically.mjs';

const MAJORS = [15, 16, 17, 18];
const settings = {};
for (const major of MAJORS) {
  const server = await startServer({major});
  try {
    const sql = 'SELECT name, category FROM pg_catalog.pg_settings ORDER BY name';
    const rows = await psql(embeddedConnection(server), ['-A', '-t', '-F', '\t', '-c', sql]);
    for (const [name, category] of rows
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))) {
      settings[name] ??= category;
    }
  } finally {
    server.stop();
  }
}
const target = fileURLToPath(new URL('../lib/suites/server-settings.json', import.meta.url));
// One setting a line: name → category.
const lines = Object.entries(settings)
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([name, category]) => `  ${JSON.stringify(name)}: ${JSON.stringify(category)}`);
writeFileAtomically(target, `{\n${lines.join(',\n')}\n}\n`);
console.log(`${lines.length} settings of PostgreSQL ${MAJORS.join(', ')} in ${target}`);
