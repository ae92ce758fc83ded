import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {mountTinyDisk} from '../test/helpers/tiny-disk.mjs';
import {
  copyFileAtomically,
  removeLeftTemps,
  writeFileAtomically,
  writeFilesAtomically,
} from './write-file-atomically.mjs';

test('several files are written all or none: a full disk at the second leaves the first as it was', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'files-atomically-'));
  const unmount = mountTinyDisk(dir);
  t.after(() => {
    unmount?.();
    rmSync(dir, {recursive: true, force: true});
  });
  if (!unmount) return t.skip('mounting a tmpfs needs root');
  const [a, b] = [path.join(dir, 'a.out'), path.join(dir, 'b.out')];
  writeFilesAtomically([
    [a, 'a1'],
    [b, 'b1'],
  ]);
  assert.throws(
    () =>
      writeFilesAtomically([
        [a, 'a2'],
        [b, 'x'.repeat(200_000)],
      ]),
    /b\.out: could not be written \(ENOSPC\)/,
  );
  assert.deepEqual([readFileSync(a, 'utf8'), readFileSync(b, 'utf8')], ['a1', 'b1']);
  assert.deepEqual(readdirSync(dir).sort(), ['a.out', 'b.out']);
});

// A writer stopped in the middle of its write: a child process whose writeFileSync writes half of a temporary
// file's content, then waits `pause` ms (blocked, as a large write is), then writes the rest.
const MODULE = new URL('./write-file-atomically.mjs', import.meta.url).href;
const WRITER = `
import fs from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';
const [file, pause, onSignals] = process.argv.slice(1);
const write = fs.writeFileSync;
fs.writeFileSync = (target, content) => {
  if (!String(target).endsWith('.new')) return write(target, content);
  write(target, content.slice(0, content.length / 2));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(pause));
  write(target, content.slice(content.length / 2), {flag: 'a'});
};
syncBuiltinESMExports();
const {finishWritesOnSignals, writeFileAtomically} = await import(${JSON.stringify(MODULE)});
if (onSignals === 'yes') finishWritesOnSignals((signal) => console.error('stopped by ' + signal));
writeFileAtomically(file, 'new\\n'.repeat(250_000));
// What a command does after its write (prints, exits): the signal is handled there.
await new Promise((resolve) => setTimeout(resolve, 200));
`;
const HALF = 500_000;

/**
 * Starts the writer on `file` (killed after the test `t`); resolves once its temporary file holds half the
 * content: {child, temp, exited}.
 */
async function writerMidWrite(t, file, {pause, onSignals}) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, file, String(pause), onSignals], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  t.after(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({code, signal, stderr})));
  const dir = path.dirname(file);
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const temp = readdirSync(dir).find((name) => name.endsWith('.new'));
    if (temp && statSync(path.join(dir, temp)).size === HALF) return {child, temp, exited};
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  throw new Error(`the writer never got half way: ${stderr}`);
}

test('a writer SIGKILLed mid-write: the file stays as it was; the next write there removes the leftover', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'killed-writer-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const file = path.join(dir, 'run.json');
  writeFileSync(file, 'old\n');
  const {child, temp, exited} = await writerMidWrite(t, file, {pause: 60_000, onSignals: 'no'});
  assert.match(temp, new RegExp(`^run\\.json\\.${child.pid}\\.[A-Za-z0-9-]+\\.[0-9a-f]{8}\\.new$`));
  // Another machine's writer, whose process this one cannot see: never removed.
  const elsewhere = 'run.json.999999999.another-host.0123abcd.new';
  writeFileSync(path.join(dir, elsewhere), 'half');
  assert.deepEqual(removeLeftTemps(dir), [], 'a running writer lost its temporary file');
  child.kill('SIGKILL');
  assert.equal((await exited).signal, 'SIGKILL');
  assert.equal(readFileSync(file, 'utf8'), 'old\n');
  assert.deepEqual(readdirSync(dir).sort(), [elsewhere, 'run.json', temp].sort());
  writeFileAtomically(path.join(dir, 'other.json'), 'other\n');
  assert.deepEqual(readdirSync(dir).sort(), ['other.json', elsewhere, 'run.json'].sort());
});

test('finishWritesOnSignals: SIGTERM mid-write finishes the write, then exits 143; no temporary file', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stopped-writer-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const file = path.join(dir, 'run.json');
  writeFileSync(file, 'old\n');
  const {child, exited} = await writerMidWrite(t, file, {pause: 300, onSignals: 'yes'});
  child.kill('SIGTERM');
  assert.deepEqual(await exited, {code: 143, signal: null, stderr: 'stopped by SIGTERM\n'});
  assert.equal(readFileSync(file, 'utf8'), 'new\n'.repeat(250_000));
  assert.deepEqual(readdirSync(dir), ['run.json']);
});

test('copyFileAtomically: a copy whose source is missing names the target and leaves it as it was', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'copy-atomically-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const [from, to] = [path.join(dir, 'from.out'), path.join(dir, 'to.out')];
  writeFileSync(from, 'profile\n');
  copyFileAtomically(from, to);
  assert.equal(readFileSync(to, 'utf8'), 'profile\n');
  assert.throws(() => copyFileAtomically(path.join(dir, 'gone.out'), to), {
    message: new RegExp(`^${to.replaceAll('.', '\\.')}: could not be written \\(ENOENT\\)`),
  });
  assert.equal(readFileSync(to, 'utf8'), 'profile\n');
  assert.deepEqual(readdirSync(dir).sort(), ['from.out', 'to.out']);
});
