// Input no pgbench could have printed: refused with the line and the reason,
// never turned into a figure; and any line length costs linear time.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {Readable} from 'node:stream';
import {parseOutput, parseOutputStreams} from './parse-output.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;
const stdout = readFileSync(`${FIXTURES}17/run_T_progress/stdout`, 'utf8');
const impossible = (r) => r.errors.filter((e) => e.kind === 'impossible').map((e) => e.message);

test('the real output parses without an impossible figure', () => {
  assert.deepEqual(impossible(parseOutput(stdout)), []);
});

test('a negative tps is refused with its line, and no tps is kept', () => {
  const r = parseOutput(stdout.replace(/^tps = [\d.]+/m, 'tps = -512.5'));
  assert.equal(r.tps, undefined);
  assert.deepEqual(impossible(r), [
    `${JSON.stringify(stdout.match(/^tps = .*$/m)[0].replace(/^tps = [\d.]+/, 'tps = -512.5'))}: -512.5 is ` +
      `negative, and pgbench never prints a negative figure there; the output was altered or damaged`,
  ]);
});

test('a negative latency is refused', () => {
  const r = parseOutput(stdout.replace(/^latency average = [\d.]+/m, 'latency average = -1.5'));
  assert.equal(r.latencyAvgMs, undefined);
  assert.match(impossible(r)[0], /-1\.5 is negative/);
});

test('a 400-digit count is refused, not turned into null', () => {
  const huge = '9'.repeat(400);
  const r = parseOutput(stdout.replace(/^(number of transactions actually processed: )\d+/m, `$1${huge}`));
  assert.equal(r.processed, undefined);
  assert.match(impossible(r)[0], /a 400-digit number is too large to be kept exactly/);
});

test('a summary line written twice is refused; the first one is kept', () => {
  const line = stdout.match(/^tps = .*$/m)[0];
  const r = parseOutput(stdout.replace(line, `${line}\n${line.replace(/= [\d.]+/, '= 99999.9')}`));
  assert.equal(r.tps, Number(line.match(/= ([\d.]+)/)[1]));
  assert.match(impossible(r)[0], /appears twice/);
});

test('a line of 2,000,000 spaces between two words is read in linear time', {timeout: 30000}, () => {
  const r = parseOutput(`${stdout}a${' '.repeat(2000000)}b\n`);
  assert.match(r.errors.at(-1).message, /1 line\(s\) are not pgbench output/);
});

test('a 20 MB line arriving in 64 KiB chunks is read in linear time', {timeout: 30000}, async () => {
  const text = `${'x'.repeat(20000000)}\n${stdout}`;
  const chunks = [];
  for (let i = 0; i < text.length; i += 65536) chunks.push(text.slice(i, i + 65536));
  const r = await parseOutputStreams(Readable.from(chunks));
  assert.equal(r.tps, parseOutput(stdout).tps);
  assert.match(r.errors.at(-1).message, /1 line\(s\) are not pgbench output/);
});
