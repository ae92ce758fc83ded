// Property tests: whatever bytes arrive, the parsers answer with what they could
// read and an error, and never throw.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import fc from 'fast-check';
import {parseOutput} from './parse-output.mjs';
import {createTransactionLogStats} from './transaction-log.mjs';

const FIXTURES = new URL('../../test/fixtures/pgbench/', import.meta.url).pathname;
const outputs = ['15', '17', '18']
  .flatMap((v) =>
    readdirSync(FIXTURES + v).flatMap((c) =>
      ['stdout', 'stderr']
        .map((f) => `${FIXTURES}${v}/${c}/${f}`)
        .filter((f) => existsSync(f) && readFileSync(f).length > 0),
    ),
  )
  .map((f) => readFileSync(f));
const logs = ['15', '17', '18'].flatMap((v) =>
  ['run_log', 'fail_tries1_log'].flatMap((c) =>
    readdirSync(`${FIXTURES}${v}/${c}`)
      .filter((f) => f.startsWith('pgbench_log'))
      .map((f) => readFileSync(`${FIXTURES}${v}/${c}/${f}`)),
  ),
);

/** A fixture, cut at a random point, with random bytes overwritten. */
const damaged = (sources) =>
  fc
    .record({
      source: fc.constantFrom(...sources),
      cut: fc.double({min: 0, max: 1, noNaN: true}),
      flips: fc.array(fc.record({at: fc.double({min: 0, max: 1, noNaN: true}), byte: fc.integer({min: 0, max: 255})}), {
        maxLength: 8,
      }),
    })
    .map(({source, cut, flips}) => {
      const bytes = Buffer.from(source.subarray(0, Math.floor(source.length * cut)));
      for (const {at, byte} of flips) if (bytes.length) bytes[Math.floor(at * (bytes.length - 1))] = byte;
      return bytes;
    });

test('pgbench output, truncated and with bytes flipped, never throws, and says what went wrong or nothing did', () => {
  fc.assert(
    fc.property(damaged(outputs), (bytes) => {
      const r = parseOutput(bytes.toString('utf8'));
      assert.ok(Array.isArray(r.errors));
      assert.equal(typeof r.aborted, 'boolean');
      // Every number the result holds is a finite number or null: valid JSON.
      JSON.parse(JSON.stringify(r), (_, v) => {
        assert.ok(typeof v !== 'number' || Number.isFinite(v));
        return v;
      });
    }),
    {numRuns: 2000},
  );
});

test('arbitrary text and binary never throw the output parser', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.uint8Array().map((a) => Buffer.from(a).toString('latin1')),
      ),
      (text) => {
        assert.ok(Array.isArray(parseOutput(text).errors));
      },
    ),
    {numRuns: 2000},
  );
});

test('per-transaction logs, truncated and with bytes flipped, never throw; counts stay whole numbers', () => {
  fc.assert(
    fc.property(damaged(logs), fc.integer({min: 1, max: 64}), (bytes, size) => {
      const acc = createTransactionLogStats();
      const sink = acc.file('log');
      for (let at = 0; at < bytes.length; at += size) sink.push(bytes.subarray(at, at + size));
      sink.end();
      const r = acc.result();
      for (const key of ['transactions', 'failed', 'skipped']) assert.ok(Number.isInteger(r[key]) && r[key] >= 0, key);
      if (r.latencyUs) assert.ok(r.latencyUs.min <= r.latencyUs.p50 && r.latencyUs.p50 <= r.latencyUs.max);
    }),
    {numRuns: 500},
  );
});
