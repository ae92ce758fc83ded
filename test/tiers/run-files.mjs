#!/usr/bin/env node
// Runs test files with node:test in the order given (`node --test` sorts them by
// name), N at a time: the spec report on stdout, a line per top-level test in
// the timings file (timings.mjs). test/tiers/run.mjs runs each tier so.
//
//   node test/tiers/run-files.mjs --concurrency N --timeout MS --timings FILE TEST_FILE…
//
// Exit: 0 every test passed; 1 a test or a file failed.
import {createWriteStream} from 'node:fs';
import {PassThrough} from 'node:stream';
import {run} from 'node:test';
import {spec} from 'node:test/reporters';
import {parseArgs} from 'node:util';
import timings from './timings.mjs';

const {values, positionals: files} = parseArgs({
  options: {concurrency: {type: 'string'}, timeout: {type: 'string'}, timings: {type: 'string'}},
  allowPositionals: true,
});
const events = run({files, concurrency: Number(values.concurrency), timeout: Number(values.timeout)});
let failed = false;
events.on('test:fail', ({todo}) => {
  if (!todo) failed = true;
});
const [report, record] = [new PassThrough({objectMode: true}), new PassThrough({objectMode: true})];
events.pipe(report);
events.pipe(record);
const written = new Promise((resolve) =>
  record.compose(timings).pipe(createWriteStream(values.timings)).on('finish', resolve),
);
report.compose(spec).pipe(process.stdout);
await new Promise((resolve) => events.on('end', resolve));
await written;
process.exitCode = failed ? 1 : 0;
