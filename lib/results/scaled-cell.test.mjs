import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {derivationProblems} from './rederive.mjs';
import {scaledCell} from './scaled-cell.mjs';

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/results/${name}`, import.meta.url), 'utf8'));

test('a scaled cell measured twice the throughput in half the latency, as its own output says', () => {
  const [cell] = fixture('quick-20261122T125226Z.json').cells;
  const scaled = scaledCell(cell, 2);
  // The fixture's 16,159 transactions at 5,390.895828 tps, 0.185 ms (halved: 0.0925, printed 0.092 as toFixed
  // rounds the double below it), and its first progress line's 4,825.3 tps.
  assert.deepEqual(
    [scaled.summary.processed, scaled.summary.tps, scaled.summary.latencyAvgMs, scaled.summary.progress[0].tps],
    [32318, 10781.791656, 0.092, 9650.6],
  );
  assert.match(scaled.raw.stdout, /^tps = 10781\.791656 \(without initial connection time\)$/m);
  assert.equal(cell.summary.tps, 5390.895828, 'the cell given is left as it was');
});

test('scaled runs, with transaction logs and failed transactions, agree with their own outputs', () => {
  for (const name of ['quick-20261122T125226Z.json', 'pg-versions-20261122T110343Z.json', 'sample-import.json']) {
    for (const factor of [0.7, 0.98, 1.02, 3]) {
      const result = fixture(name);
      result.cells = result.cells.map((c) => scaledCell(c, factor));
      assert.deepEqual(derivationProblems(result, name), [], `${name} × ${factor}`);
    }
  }
});
