import {test} from 'node:test';
import assert from 'node:assert/strict';
import {versionsRun} from '../../test/helpers/fixtures.mjs';
import {compareRuns} from '../model/comparisons.mjs';
import {runDifferences} from './run-differences.mjs';

/** The fixture run again, as a later run of the same suite on the same servers (another port each). */
function again() {
  const newer = versionsRun();
  newer.run.id = 'again';
  for (const t of newer.environment.targets) t.settings.port = String(Number(t.settings.port) + 1);
  return newer;
}

test('a run and its repeat on the same servers and settings differ in nothing (a port is not a setting)', () => {
  assert.deepEqual(runDifferences(versionsRun(), again()), []);
});

test("two runs' differences, each named with its value in either run: suite, parameters, versions, settings", () => {
  const newer = again();
  newer.run.suite = 'pg-versions-tuned';
  const pg16 = newer.environment.targets.find((t) => t.id === 'pg16');
  pg16.settings.shared_buffers = '4GB';
  pg16.settings.effective_io_concurrency = '200';
  pg16.serverVersionFull = pg16.serverVersionFull.replace('16.14', '16.15');
  newer.environment.targets.find((t) => t.id === 'pg18').settings.shared_buffers = '4GB';
  for (const c of newer.cells.filter((c) => c.scenario === 'small')) c.parameters.durationS = 60;
  // A target only the newer run has is compared with nothing: its settings are no difference.
  newer.environment.targets.push({...structuredClone(pg16), id: 'pg16-other', settings: {fsync: 'off'}});
  const differences = runDifferences(versionsRun(), newer);
  assert.deepEqual(
    differences.map((d) => d.text),
    [
      'Runs of different suites (pg-versions, pg-versions-tuned): only cells with the same scenario, workload and ' +
        'client count are compared, and one name may not mean the same work in both.',
      'Parameter durationS of small/tpcb/c1: 20 → 60.',
      'Server version of pg16: PostgreSQL 16.14 on x86_64-pc-linux-gnu, compiled by gcc ' +
        '(Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0, 64-bit → PostgreSQL 16.15 on x86_64-pc-linux-gnu, compiled by gcc ' +
        '(Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0, 64-bit.',
      'Setting effective_io_concurrency of pg16: (not recorded) → 200.',
      'Setting shared_buffers of pg16, pg18: 1GB → 4GB.',
    ],
  );
  assert.deepEqual(
    differences.map(({text, ...d}) => d),
    [
      {kind: 'suite', older: 'pg-versions', newer: 'pg-versions-tuned'},
      {kind: 'parameter', name: 'durationS', older: 20, newer: 60, groups: ['small/tpcb/c1']},
      {
        kind: 'version',
        older: 'PostgreSQL 16.14 on x86_64-pc-linux-gnu, compiled by gcc (Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0, 64-bit',
        newer: 'PostgreSQL 16.15 on x86_64-pc-linux-gnu, compiled by gcc (Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0, 64-bit',
        targets: ['pg16'],
      },
      {kind: 'setting', name: 'effective_io_concurrency', older: null, newer: '200', targets: ['pg16']},
      {kind: 'setting', name: 'shared_buffers', older: '1GB', newer: '4GB', targets: ['pg16', 'pg18']},
    ],
  );
  // Runs of different suites still compare only the cells with the same key: here, all of them.
  assert.equal(compareRuns(versionsRun(), newer, {margin: 0.03}).list.filter((c) => c.metric === 'tps').length, 8);
});

test("the suite's file differing is said, once suites agree on their id", () => {
  const newer = again();
  newer.run.suiteHash = 'f'.repeat(64);
  assert.deepEqual(runDifferences(versionsRun(), newer), [
    {
      kind: 'suite-file',
      older: '05f164080bfcde0982b1062a299e30b7b66be8f60114f07d165a9e14a97be4ab',
      newer: 'f'.repeat(64),
      text: "The suite's file differs (suiteHash 05f164080bfc…, ffffffffffff…).",
    },
  ]);
});

test('runs measured two ways say so: another method, or CPUs kept apart against shared', () => {
  const older = versionsRun();
  const newer = versionsRun();
  older.run.design = {...older.run.design, method: '2026-11-28'};
  newer.run.design = {...newer.run.design, method: '2026-11-28', cpus: {server: '0', client: '1'}};
  assert.deepEqual(
    runDifferences(older, newer).map((d) => [d.kind, d.name, d.text]),
    [
      [
        'method',
        'cpus',
        'The runner measured them two ways (CPUs of the servers and pgbench: shared → {"server":"0","client":"1"}): ' +
          "a change between them may be the runner's, not the server's.",
      ],
    ],
  );
});
