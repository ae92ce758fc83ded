// The postgresbench suite end to end, on a real PostgreSQL server and the real
// pgbench: run against a server given by URL (shortened with --scale and
// --duration), exported in PostgresBench's layout, imported back to the same
// figures, and shown by the services page beside the imported services.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdtempSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {readResultFile, resultProblems} from '../../lib/results/validate-result.mjs';
import {importServices, readServices} from '../../lib/postgresbench/import-services.mjs';
import {servicesPage} from '../../lib/pages/services-page.mjs';
import {loadSuite} from '../../lib/suites/suite.mjs';
import {ownTmp} from './own-tmp.mjs';

ownTmp('postgresbench');

const root = new URL('../../', import.meta.url).pathname;
const bench = (args, env = {}) =>
  spawnSync(process.execPath, [`${root}scripts/bench.mjs`, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, ...env},
  });

test('postgresbench: run against a URL, export to PostgresBench, import back to the same figures', async () => {
  // 256 clients need room: the suite's own parameters, only shorter and smaller. pgbench's -T clock
  // runs while its clients connect, and 256 connections take ~3 s on 2 cores: 8 s leaves work to measure.
  const server = await startServer({major: 18, settings: {max_connections: 300}});
  const out = mkdtempSync(path.join(tmpdir(), 'postgresbench-'));
  chmodSync(out, 0o755);
  try {
    const url = server.url();
    const run = bench(
      [
        ...['run', 'postgresbench', '--only', 'scenario=100gb', '--scale', '1', '--duration', '8s'],
        ...['--repeat', '2', '--out', out],
      ],
      {POSTGRESBENCH_URL: url},
    );
    assert.equal(run.status, 0, run.stderr);
    const [file] = readdirSync(out).filter((f) => f.endsWith('.json'));
    const result = readResultFile(path.join(out, file));
    assert.deepEqual(resultProblems(result, file), []);
    assert.deepEqual(result.run.overrides, {repeat: 2, durationS: 8, scale: 1, only: {scenario: ['100gb']}});
    assert.equal(result.environment.targets[0].sameHost, true);
    const cells = result.cells.sort((a, b) => a.repeat - b.repeat);
    assert.equal(cells.length, 2);
    for (const c of cells) {
      assert.equal(c.status, 'ok');
      assert.match(c.command, /pgbench -c 256 -j 16 -T 8 -M prepared .*-b tpcb-like -l/);
    }

    const exported = path.join(out, 'export');
    const exp = bench([
      'export',
      path.join(out, file),
      '--out',
      exported,
      '--system',
      'Local 18',
      '--service',
      'local',
    ]);
    assert.equal(exp.status, 0, exp.stderr);
    const back = importServices([exported]);
    assert.equal(back.files.length, 1);
    const [f] = back.files;
    assert.equal(f.service, 'local');
    assert.equal(f.benchmark.scale, 1);
    assert.equal(f.benchmark.clients, 256);
    assert.equal(f.postgresVersion.major, 18);
    // The same figures, run by run: what pgbench printed, and the log's percentiles in ms.
    assert.deepEqual(
      f.runs.map((r) => [r.tps, r.transactions, r.latencyAvgMs, r.latencyStddevMs, r.connectionMs]),
      cells.map((c) => [
        c.summary.tps,
        c.summary.processed,
        c.summary.latencyAvgMs,
        c.summary.latencyStddevMs,
        c.summary.initialConnectionMs,
      ]),
    );
    assert.deepEqual(
      f.runs.map((r) => [r.p95Ms, r.p99Ms]),
      cells.map((c) => [c.log.latencyUs.p95 / 1000, c.log.latencyUs.p99 / 1000]),
    );
    const init = result.preparations.find((p) => p.kind === 'init');
    assert.equal(f.loadS, init.durationS);

    // The page shows the run beside the imported services, as ours, on this machine.
    const data = servicesPage(readServices(`${root}datasets/postgresbench/services.json`), {
      locale: 'en',
      run: result,
      suite: loadSuite(`${root}benchmarks/postgresbench/suite.yaml`),
    });
    const own = data.rows.filter((r) => r.measuredHere);
    assert.equal(own.length, 1);
    assert.equal(own[0].measuredHere.sharedWithClient, true);
    assert.equal(own[0].vcpus, result.environment.host.cpuCount);
    assert.deepEqual(
      own[0].runs.tps,
      f.runs.map((r) => r.tps),
    );
    assert.ok(data.rows.length > own.length);
  } finally {
    server.stop();
  }
});
