import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createProgress} from './progress.mjs';

test('without a terminal: one plain line per event, with the ETA from finished cells', () => {
  const out = [];
  let t = 0;
  const p = createProgress({tty: false, write: (s) => out.push(s), now: () => t});
  const cell = {id: 'pg17/ro/s/c4/r1', target: 'pg17', workload: 'ro', scenario: 's', clients: 4, repeat: 1};
  p.begin({total: 3, skipped: 0, file: 'results/x.json', estimate: '25 s'});
  p.start({cell});
  p.tick({tps: 1234.5});
  t = 10_000;
  p.cell({cell, status: 'ok', tps: 1234.56});
  p.start({cell: {...cell, id: 'pg17/ro/s/c4/r2'}});
  t = 20_000;
  p.cell({cell: {...cell, id: 'pg17/ro/s/c4/r2'}, status: 'failed', note: 'connection refused'});
  p.end({
    failed: 1,
    file: 'results/x.json',
    targets: [{id: 'ext', error: {message: 'connection refused'}}],
    retryable: 1,
  });
  assert.deepEqual(out, [
    '3 cells, about 25 s; result: results/x.json\n',
    'cell 1/3 pg17/ro/s/c4/r1: running\n',
    'cell 1/3 pg17/ro/s/c4/r1: ok, 1,234.6 tps; ETA 00:20\n',
    'cell 2/3 pg17/ro/s/c4/r2: running\n',
    'cell 2/3 pg17/ro/s/c4/r2: failed (connection refused); ETA 00:10\n',
    'done in 00:20 (estimated: about 25 s): 2 of 3 cells ok, 1 failed or aborted; result: results/x.json\n',
    'target ext could not be used: connection refused\n',
    '--resume measures the failed cells again, once what failed is put right outside the suite (a server, the ' +
      "machine); a fix to the suite's files (a setting's value, say) needs a new run, without --resume.\n",
  ]);
});

test("failures the suite's own SQL caused point to a new run, not to --resume (which refuses changed files)", () => {
  const out = [];
  const p = createProgress({tty: false, write: (s) => out.push(s), now: () => 0});
  p.begin({total: 2, skipped: 0, file: 'results/x.json'});
  p.end({failed: 2, file: 'results/x.json', retryable: 2, suiteFixes: 2});
  assert.equal(
    out.at(-1),
    "the suite's SQL caused the failures: fix it, then start a new run " +
      '(--resume continues only a run of unchanged files).\n',
  );
});

test("the run's figures are written as its page writes them: whole tps from 100 up, three digits below", () => {
  const out = [];
  const p = createProgress({tty: false, write: (s) => out.push(s), now: () => 0});
  p.summary([
    {key: 'pg18 small/select-only/c1', median: 15125.8, min: 14855.3, max: 15453.1, ok: 3, repeats: 3},
    {key: 'pg17 small/slow/c1', median: 37.44, min: 7.452, max: 40.1, ok: 2, repeats: 3},
  ]);
  assert.deepEqual(out.slice(2), [
    'pg18 small/select-only/c1      15,126  14,855–15,453  3/3\n',
    'pg17 small/slow/c1               37.4      7.45–40.1  2/3\n',
  ]);
});
