// What the runner's end-to-end tests share (run-suite.test.mjs,
// run-interrupted.test.mjs): the bench command line, temporary suites, and the
// PostgreSQL servers of this file's runs (each file in a TMPDIR of its own).
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export const BENCH = new URL('../../scripts/bench.mjs', import.meta.url).pathname;

/** The bench command line, awaited (the test's own timers keep running meanwhile). */
export function runBench(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BENCH, 'run', ...args], {env: {...process.env, ...env}});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({status, stdout, stderr}));
  });
}

// 18 as 15-17 run, without data checksums and with synchronous I/O: the runner compares like for like.
export const PG18_LIKE_17 = 'embedded: 18\n    checksums: false\n    settings: {io_method: sync}';

/**
 * A select-only suite at scale 1, one round per repeat.
 * @param {Record<string, string>} targets  id → its line (`embedded: 17`, `url: env:VAR`)
 */
export const selectOnly = (id, targets, {clients = 1, duration = '1s', repeat = 2} = {}) => `id: ${id}
targets:
${Object.entries(targets)
  .map(([target, line]) => `  - id: ${target}\n    ${line}`)
  .join('\n')}
workloads:
  - id: ro
    builtin: select-only
scenarios:
  - id: s
    scale: 1
    clients: ${clients}
    duration: ${duration}
repeat: ${repeat}
`;

/** A suite of one cell on an embedded 17 (select-only, 1 client, 1 s), `repeat` times. */
export const oneClientSuite = (id, repeat) => selectOnly(id, {pg17: 'embedded: 17'}, {repeat});

/** A temporary folder with `yaml` as its suite.yaml; where the run writes its results. */
export function tempSuite(yaml) {
  const dir = mkdtempSync(path.join(tmpdir(), 'runner-test-'));
  writeFileSync(path.join(dir, 'suite.yaml'), yaml);
  return {dir, suite: path.join(dir, 'suite.yaml'), out: path.join(dir, 'results')};
}

/** PostgreSQL servers (processes named postgres) running on a data directory under `tmp` with this prefix. */
export const leftoverServers = (tmp, prefix) =>
  spawnSync('pgrep', ['-a', '-x', 'postgres'], {encoding: 'utf8'})
    .stdout.split('\n')
    .filter((l) => l.includes(path.join(tmp, prefix)));
