import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {differingLines} from './plans.mjs';

// Two embedded PostgreSQL 17 servers, work_mem 4MB and 64MB, sorting 200,000 rows (EXPLAIN (ANALYZE, BUFFERS),
// as a run captured them on 2026-11-29).
const plans = JSON.parse(
  readFileSync(new URL('../../test/fixtures/plans/sort-work-mem.json', import.meta.url), 'utf8'),
);

test("the lines that differ between servers' plans: costs, times and planning totals left out", () => {
  assert.deepEqual(differingLines(plans.map((p) => ({...p, name: p.target}))), [
    {
      target: 'wm4',
      name: 'wm4',
      lines: ['Buffers: shared hit=1731, temp read=906 written=907', 'Sort Method: external merge  Disk: 7248kB'],
    },
    {target: 'wm64', name: 'wm64', lines: ['Buffers: shared hit=1731', 'Sort Method: quicksort  Memory: 6145kB']},
  ]);
});

test('the same plan twice differs in nothing; one plan, or none captured, is not compared', () => {
  const same = [plans[0], {...plans[0], target: 'again'}];
  assert.deepEqual(
    differingLines(same).map((d) => d.lines),
    [[], []],
  );
  assert.equal(differingLines([plans[0]]), null);
  assert.equal(differingLines([plans[0], {target: 'x', plan: null}]), null);
});
