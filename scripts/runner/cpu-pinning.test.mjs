// bench run --pin: the split of the CPUs, the server's start under taskset, the dry run's plan, and merge's refusal
// of parts pinned otherwise.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {checkParts} from '../../lib/results/merge-parts.mjs';
import {cpuSplit, parseCpuList, pinnedStart} from './cpu-pinning.mjs';
import {planServer} from './plan-server.mjs';

test('the server takes every CPU this process may use but the last; pgbench the last; one cannot be split', () => {
  assert.deepEqual(parseCpuList('0-2,5\n'), [0, 1, 2, 5]);
  assert.deepEqual(cpuSplit([0, 1]), {server: '0', client: '1'});
  // A cpuset of CPUs 2, 3 and 6: taskset takes these, not 0 and 1.
  assert.deepEqual(cpuSplit(parseCpuList('2-3,6')), {server: '2,3', client: '6'});
  assert.throws(() => cpuSplit([3]), /--pin needs at least two CPUs .* this process may use 1 \(3\)/);
  // This machine's own, as its kernel lists them.
  const own = cpuSplit();
  assert.notEqual(own.server.split(',').at(-1), own.client);
  assert.deepEqual(pinnedStart(['pg_ctl', 'start'], null), ['pg_ctl', 'start']);
});

test('a pinned server starts under taskset, under Valgrind too; an unpinned one as before', () => {
  const bin = {initdb: '/b/initdb', pgCtl: '/b/pg_ctl', postgres: '/b/postgres'};
  const pinned = planServer({major: 17, bin, cpus: '0', instrument: {valgrind: 'valgrind'}});
  assert.deepEqual(pinned.commands.start.slice(0, 4), ['taskset', '-c', '0', '/b/pg_ctl']);
  assert.deepEqual(pinned.commands.startInstrumented.slice(0, 4), ['taskset', '-c', '0', '/b/pg_ctl']);
  assert.equal(pinned.commands.startInstrumented.at(-1), 'start');
  assert.equal(planServer({major: 17, bin}).commands.start[0], '/b/pg_ctl');
  // Only the start: initdb and stop need no CPU of their own.
  assert.equal(pinned.commands.stop[0], '/b/pg_ctl');
});

test('merge refuses parts whose CPUs were kept otherwise', () => {
  const sample = JSON.parse(readFileSync(new URL('../../test/fixtures/results/sample-import.json', import.meta.url)));
  const part = (i, cpus) => ({
    file: `part${i}.json`,
    result: {
      ...sample,
      run: {
        ...sample.run,
        kind: 'run',
        suite: 's',
        suiteHash: 'a'.repeat(64),
        id: `s-${i}`,
        overrides: {shard: `${i}/2`},
        design: {order: 'interleaved-rounds', seed: i, checkpointBeforeEach: true, ...(cpus && {cpus})},
      },
      cells: [sample.cells[i - 1]],
    },
  });
  const pinned = {server: '0', client: '1'};
  assert.throws(
    () => checkParts([part(1, pinned), part(2, null)]),
    /^Error: part2\.json kept its CPUs unpinned, part1\.json server 0, pgbench 1: merge parts run alike/,
  );
  assert.doesNotThrow(() => checkParts([part(1, pinned), part(2, pinned)]));
});
