// bench merge as a process: what it refuses to overwrite, and what a kill in the middle of its write leaves.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const BENCH = new URL('../bench.mjs', import.meta.url).pathname;
const SAMPLE = JSON.parse(
  readFileSync(new URL('../../test/fixtures/results/sample-import.json', import.meta.url), 'utf8'),
);
// The id mergeResults gives the shards below: the first's, with -merged.
const MERGED_ID = 's-1-merged';

/** A folder with two shards of one run (a cell each, made from the sample), removed after the test. */
function shardsIn(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'merge-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const run = {...SAMPLE.run, kind: 'run', suite: 's', suiteHash: 'a'.repeat(64), id: 's-1'};
  for (const i of [0, 1]) {
    const shard = {
      ...SAMPLE,
      run: {...run, overrides: {shard: `${i + 1}/2`}, commands: [`cmd${i + 1}`]},
      plans: [],
      preparations: [],
      cells: [SAMPLE.cells[i]],
    };
    writeFileSync(path.join(dir, `shard${i + 1}.json`), JSON.stringify(shard));
  }
  return dir;
}

const merge = (dir, ...args) =>
  spawnSync(process.execPath, [BENCH, 'merge', 'shard1.json', 'shard2.json', ...args], {cwd: dir, encoding: 'utf8'});

test('merge refuses an existing --out that is not a result of this run, unless --replace', (t) => {
  const dir = shardsIn(t);
  writeFileSync(path.join(dir, 'notes.json'), 'draft\n');
  writeFileSync(path.join(dir, 'other.json'), JSON.stringify(SAMPLE));
  for (const out of ['notes.json', 'other.json']) {
    const before = readFileSync(path.join(dir, out), 'utf8');
    const refused = merge(dir, '--out', out);
    assert.equal(refused.status, 2, refused.stderr);
    assert.ok(
      refused.stderr.startsWith(
        `bench: merge: ${out} exists and is not a result of this run (${MERGED_ID}): give --replace to overwrite ` +
          'it, or write elsewhere; nothing was written\n',
      ),
      refused.stderr,
    );
    assert.equal(readFileSync(path.join(dir, out), 'utf8'), before);
  }
  assert.deepEqual(readdirSync(dir).sort(), ['notes.json', 'other.json', 'shard1.json', 'shard2.json']);
  // With --replace, it is overwritten (and the merged result takes its name).
  const replaced = merge(dir, '--out', 'notes.json', '--replace');
  assert.equal(replaced.status, 0, replaced.stderr);
  assert.equal(JSON.parse(readFileSync(path.join(dir, 'notes.json'), 'utf8')).run.id, 'notes');
});

test('merge writes the same run again over its own result', (t) => {
  const dir = shardsIn(t);
  for (const time of ['first', 'again']) {
    const merged = merge(dir, '--out', 'merged.json');
    assert.equal(merged.status, 0, `${time}: ${merged.stderr}`);
    assert.equal(merged.stderr, 'Merged 2 results into merged.json.\n');
  }
  assert.equal(JSON.parse(readFileSync(path.join(dir, 'merged.json'), 'utf8')).run.id, MERGED_ID);
});

// Loaded into the merge (--import): its writeFileSync of a temporary file writes half, waits PAUSE ms (a
// large write, blocked), then the rest.
const PAUSE_WRITES = `
import fs from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';
const write = fs.writeFileSync;
fs.writeFileSync = (target, content, ...rest) => {
  if (!String(target).endsWith('.new')) return write(target, content, ...rest);
  write(target, content.slice(0, content.length / 2));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.PAUSE));
  write(target, content.slice(content.length / 2), {flag: 'a'});
};
syncBuiltinESMExports();
`;

/** Starts the merge into `out`; resolves once it is half way through writing it: {child, exited}. */
async function mergeMidWrite(t, dir, out, pause) {
  writeFileSync(path.join(dir, 'pause-writes.mjs'), PAUSE_WRITES);
  const child = spawn(
    process.execPath,
    ['--import', './pause-writes.mjs', BENCH, 'merge', 'shard1.json', 'shard2.json', '--out', out],
    {cwd: dir, env: {...process.env, PAUSE: String(pause)}, stdio: ['ignore', 'ignore', 'pipe']},
  );
  t.after(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({code, signal, stderr})));
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const temp = readdirSync(dir).find((name) => name.endsWith('.new'));
    if (temp && statSync(path.join(dir, temp)).size > 0) return {child, exited};
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the merge never began its write: ${stderr}`);
}

const temps = (dir) => readdirSync(dir).filter((name) => name.endsWith('.new'));

test('merge SIGTERMed mid-write finishes the write, says so and exits 143: no temporary file is left', async (t) => {
  const dir = shardsIn(t);
  const {child, exited} = await mergeMidWrite(t, dir, 'merged.json', 300);
  child.kill('SIGTERM');
  assert.deepEqual(await exited, {
    code: 143,
    signal: null,
    stderr: 'merge: stopped by SIGTERM; merged.json was written whole.\n',
  });
  assert.deepEqual(temps(dir), []);
  assert.equal(JSON.parse(readFileSync(path.join(dir, 'merged.json'), 'utf8')).run.id, MERGED_ID);
});

test('merge SIGKILLed mid-write: --out stays as it was; the next merge removes the temporary file', async (t) => {
  const dir = shardsIn(t);
  assert.equal(merge(dir, '--out', 'merged.json').status, 0);
  const before = readFileSync(path.join(dir, 'merged.json'), 'utf8');
  const {child, exited} = await mergeMidWrite(t, dir, 'merged.json', 60_000);
  child.kill('SIGKILL');
  assert.equal((await exited).signal, 'SIGKILL');
  assert.equal(readFileSync(path.join(dir, 'merged.json'), 'utf8'), before);
  assert.equal(temps(dir).length, 1, 'a SIGKILL leaves the temporary file: nothing runs to remove it');
  const again = merge(dir, '--out', 'merged.json');
  assert.equal(again.status, 0, again.stderr);
  assert.deepEqual(temps(dir), []);
  assert.equal(readFileSync(path.join(dir, 'merged.json'), 'utf8'), before);
});
