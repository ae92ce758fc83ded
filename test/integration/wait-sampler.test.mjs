// The wait sampler beside a measured run must not change what it watches: a
// sampler that held one snapshot through the run would keep every row that
// died meanwhile, and pgbench's few hot rows would bloat (the run of
// 2026-11-27: TPC-B-like throughput fell by a fifth through each run).
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {embeddedConnection} from '../../scripts/runner/connection.mjs';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {runProcess} from '../../scripts/runner/processes.mjs';
import {psql} from '../../scripts/runner/psql.mjs';
import {sampleWaits} from '../../scripts/runner/server-activity.mjs';
import {ownTmp} from './own-tmp.mjs';

const TMP = ownTmp('wait-sampler');

let server;
before(async () => {
  server = await startServer({major: 17});
});
after(() => server?.stop());

test('sampled through a run of updates, 50 hot rows stay in a few pages: the sampler keeps no dead row', async () => {
  const connection = embeddedConnection(server);
  const sql = (text) => psql(connection, ['-A', '-t', '-c', text]);
  await sql('CREATE TABLE hot (id int PRIMARY KEY, v int) WITH (autovacuum_enabled = off)');
  await sql('INSERT INTO hot SELECT g, 0 FROM generate_series(1, 50) g');
  await sql('VACUUM hot');
  const script = path.join(TMP, 'hot.sql');
  writeFileSync(script, '\\set id random(1, 50)\nUPDATE hot SET v = v + 1 WHERE id = :id;\n');
  // A number of updates, not a time: a busy machine makes fewer in a second, and each needs its dead version.
  const waits = sampleWaits(connection, 60, () => {});
  const run = await runProcess(['pgbench', '-n', '-c', '1', '-t', '6000', '-f', script, ...connection.args], {
    env: connection.env,
    timeoutS: 60,
  });
  assert.equal(run.exitCode, 0, run.stderr);
  const updates = Number(/number of transactions actually processed: (\d+)/.exec(run.stdout)[1]);
  const sampled = await waits.done();
  assert.ok(sampled.samples >= 1, `the sampler saw pgbench: ${JSON.stringify(sampled)}`);
  // 6,000 updates of 50 rows: with page pruning free to work they stay in a handful of pages (8 kB hold about
  // 200 such rows); a held snapshot keeps every version, a page per ~200 updates (about 30).
  const pages = Number(await sql("SELECT pg_relation_size('hot') / 8192"));
  assert.equal(updates, 6000);
  assert.ok(pages <= 4, `${pages} heap pages after ${updates} updates of 50 rows`);
});
