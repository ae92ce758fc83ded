// What the fault tests share (faults-servers.test.mjs, faults-runner.test.mjs):
// `bench run` started as a terminal's job, temporary suites, polling, the
// processes of this file's runs (each file in a TMPDIR of its own: files run
// side by side), a real PostgreSQL reached by URL, and the table of the faults
// tried, each survived with nothing lost or not.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {resultProblems} from '../../lib/results/validate-result.mjs';
import {ownTmp} from './own-tmp.mjs';
import {BENCH} from './run-kit.mjs';

// The suites and folders of a run, as the run tests make them.
export {PG18_LIKE_17, selectOnly, tempSuite} from './run-kit.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The run's result file in `out` (the one JSON file there). */
export function resultFile(out) {
  const files = existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.json')) : [];
  assert.ok(files.length <= 1, files.join(', '));
  return files[0] && path.join(out, files[0]);
}
export const readResult = (out) => JSON.parse(readFileSync(resultFile(out), 'utf8'));
export const okCells = (result) => result.cells.filter((c) => c.status === 'ok');

/** Polls `probe` until it returns something truthy; that value. */
export async function until(probe, what, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await sleep(20);
  }
}
export const pids = (pattern) =>
  spawnSync('pgrep', ['-f', pattern], {encoding: 'utf8'}).stdout.split('\n').filter(Boolean).map(Number);

/** A port on which nothing listens. */
export async function closedPort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const {port} = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * Every ok cell of `before` is in `after`, unchanged; `after` is valid and has
 * every planned cell ok.
 */
export function assertFinished(before, final, planned) {
  assert.deepEqual(resultProblems(final), []);
  const kept = new Map(final.cells.map((c) => [c.id, c]));
  for (const cell of okCells(before)) assert.deepEqual(kept.get(cell.id), cell, `${cell.id} changed or was lost`);
  assert.equal(final.cells.length, planned);
  assert.deepEqual(
    final.cells.filter((c) => c.status !== 'ok').map((c) => [c.id, c.error?.message]),
    [],
  );
  assert.notEqual(final.run.finishedAt, null);
}

/**
 * A fault test file's own: its TMPDIR, its runs (ended with the file), an external PostgreSQL 17 when asked
 * (`external.url` once started), its faults, and, registered last by faultTable, the test that prints them.
 */
export function faultFile(name, {withExternal = false} = {}) {
  const tmp = ownTmp(name);
  // A test that fails while its run goes on ends that run (its servers' guard then stops them).
  const started = new Set();
  after(() => {
    for (const child of started) process.kill(-child.pid, 'SIGKILL');
  });
  /** `bench run …` as a child of its own process group (a terminal's job); `done` resolves on exit. */
  const startBench = (args, env = {}) => {
    const child = spawn(process.execPath, [BENCH, 'run', ...args], {
      env: {...process.env, ...env},
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const done = new Promise((resolve) => child.on('close', (status) => resolve({status, stdout, stderr})));
    started.add(child);
    done.then(() => started.delete(child));
    return {child, done};
  };
  // A real PostgreSQL reached by URL: the "external" server once it answers.
  const external = {server: null, url: null};
  if (withExternal) {
    before(async () => {
      external.server = await startServer({major: 17});
      external.url = external.server.url();
    });
    after(() => external.server?.stop());
  }
  // The table the last test prints: what was tried, and whether it survived with nothing lost.
  const outcomes = [];
  return {
    tmp,
    external,
    startBench,
    bench: (args, env) => startBench(args, env).done,
    /** A run's processes still running: postgres (or Valgrind, or its guard) on a data folder with this prefix. */
    leftovers: (prefix) =>
      spawnSync('ps', ['-eo', 'args'], {encoding: 'utf8'})
        .stdout.split('\n')
        .filter((l) => l.includes(path.join(tmp, prefix)) && !(external.server && l.includes(external.server.baseDir))),
    /** Runs a fault's checks; its row in the table says whether they all held. */
    async fault(faultName, check) {
      const row = {fault: faultName, survived: false};
      outcomes.push(row);
      await check();
      row.survived = true;
    },
    /** The file's last test: the table of its faults, `expected` of them tried, each survived with nothing lost. */
    faultTable(expected) {
      test('fault table: every fault tried was survived with nothing lost', () => {
        const width = Math.max(...outcomes.map((o) => o.fault.length));
        const lines = outcomes.map(
          (o) => `${o.fault.padEnd(width)}  ${o.survived ? 'survived, nothing lost' : 'FAILED'}`,
        );
        const survived = outcomes.filter((o) => o.survived).length;
        console.log(`${lines.join('\n')}\nfaults tried: ${outcomes.length}; survived with nothing lost: ${survived}`);
        assert.equal(outcomes.length, expected);
        assert.equal(survived, outcomes.length);
      });
    },
  };
}
