import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import fs, {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';
import {hostname, tmpdir} from 'node:os';
import path from 'node:path';
import {BuildLockHeld, startTimeOf, takeBuildLock} from './build-lock.mjs';

const MODULE = new URL('./build-lock.mjs', import.meta.url).href;
const COMMAND = 'node scripts/build.mjs --locale en';

/** A folder for a lock, removed after the test; the lock's path in it. */
function lockIn(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-lock-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  return path.join(dir, '.build.lock');
}

/**
 * Another build: a process that tries to take the lock, prints `took` or `refused`, and holds it for
 * `hold` ms. Resolves once it has said which: {child, said, exited}.
 */
function otherBuild(t, file, {hold = 60_000} = {}) {
  const script = `
    const {takeBuildLock} = await import(${JSON.stringify(MODULE)});
    let lock;
    try {
      lock = takeBuildLock(${JSON.stringify(file)}, {command: ${JSON.stringify(COMMAND)}});
    } catch {
      console.log('refused');
      process.exit(0);
    }
    console.log('took');
    setTimeout(() => lock.release(), ${hold});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['ignore', 'pipe', 'inherit']});
  t.after(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({code, signal})));
  const said = new Promise((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim())));
  return {child, said, exited};
}

test('a free lock is taken, names its holder, and is gone once released', (t) => {
  const file = lockIn(t);
  const lock = takeBuildLock(file, {command: COMMAND});
  assert.equal(lock.note, null);
  const holder = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(
    {pid: holder.pid, host: holder.host, command: holder.command},
    {pid: process.pid, host: hostname(), command: COMMAND},
  );
  assert.match(holder.startedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  lock.record({group: 4242});
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).group, 4242);
  lock.release();
  assert.deepEqual(readdirSync(path.dirname(file)), []);
});

test('a lock held by a running build is refused, naming its pid, command, start and what to do', async (t) => {
  const file = lockIn(t);
  const other = otherBuild(t, file);
  assert.equal(await other.said, 'took');
  assert.throws(
    () => takeBuildLock(file, {command: COMMAND}),
    (error) => {
      assert.ok(error instanceof BuildLockHeld);
      assert.match(
        error.message,
        new RegExp(
          `^Another build is running in this checkout: pid ${other.child.pid} \\(node scripts/build\\.mjs --locale ` +
            'en\\), started at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, \\d+ s ago \\(its lock: .*\\.build\\.lock\\)\\. Wait ' +
            `for it to end, then build again; or stop it: kill ${other.child.pid}\\.$`,
        ),
      );
      return true;
    },
  );
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).pid, other.child.pid, 'the refused build took the lock away');
});

test('the lock of a build killed outright is taken over, saying whose it was', async (t) => {
  const file = lockIn(t);
  const other = otherBuild(t, file);
  assert.equal(await other.said, 'took');
  other.child.kill('SIGKILL');
  await other.exited;
  const lock = takeBuildLock(file, {command: COMMAND});
  assert.match(lock.note, new RegExp(`the build that held it is gone \\(pid ${other.child.pid} \\(${COMMAND}\\), `));
  assert.equal(lock.stale.pid, other.child.pid);
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).pid, process.pid);
  lock.release();
});

test('a build killed but not yet reaped by its parent (a zombie) holds no lock', async (t) => {
  const file = lockIn(t);
  // The build's parent is a sleep that never reaps it: killed, it stays a zombie until the sleep ends.
  const script = `const {takeBuildLock} = await import(${JSON.stringify(MODULE)});
    takeBuildLock(${JSON.stringify(file)}, {command: 'node scripts/build.mjs'});
    console.log('took');
    setInterval(() => {}, 1000);`;
  const parent = spawn('sh', ['-c', `${process.execPath} --input-type=module -e "$BUILD" & exec sleep 60`], {
    env: {...process.env, BUILD: script},
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  t.after(() => parent.kill('SIGKILL'));
  await new Promise((resolve) => parent.stdout.once('data', resolve));
  const {pid} = JSON.parse(readFileSync(file, 'utf8'));
  process.kill(pid, 'SIGKILL');
  while (!/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) await new Promise((r) => setTimeout(r, 10));
  const lock = takeBuildLock(file, {command: COMMAND});
  assert.match(lock.note, new RegExp(`the build that held it is gone \\(pid ${pid} `));
  lock.release();
});

test('a pid given again to another process does not hold the lock: its start time differs', (t) => {
  const file = lockIn(t);
  const holder = {pid: process.pid, host: hostname(), command: COMMAND, startedAt: new Date().toISOString()};
  writeFileSync(file, JSON.stringify({...holder, startTime: startTimeOf(process.pid)}));
  assert.throws(() => takeBuildLock(file, {command: COMMAND}), BuildLockHeld, 'the same process, started then');
  writeFileSync(file, JSON.stringify({...holder, startTime: '1'}));
  const lock = takeBuildLock(file, {command: COMMAND});
  assert.match(lock.note, /the build that held it is gone/);
  lock.release();
});

test("another machine's lock is refused, saying to remove it if no build runs there", (t) => {
  const file = lockIn(t);
  const holder = {pid: 7, host: 'ci-runner-3', command: COMMAND, startedAt: '2026-01-02T03:04:05.000Z'};
  writeFileSync(file, JSON.stringify(holder));
  assert.throws(() => takeBuildLock(file, {command: COMMAND}), {
    name: 'Error',
    message: new RegExp(
      '^A build on ci-runner-3 holds .*\\.build\\.lock: pid 7 \\(node scripts/build\\.mjs --locale en\\), started ' +
        'at 2026-01-02T03:04:05\\.000Z, \\d+ s ago\\. If no build runs there, remove .*\\.build\\.lock and ' +
        'build again\\.$',
    ),
  });
});

test('a lock file that is not a lock is taken over, quoting it', (t) => {
  const file = lockIn(t);
  writeFileSync(file, 'not json');
  const lock = takeBuildLock(file, {command: COMMAND});
  assert.match(lock.note, /\.build\.lock held no build's lock \("not json"\); taken over\.$/);
  lock.release();
});

test('release leaves a lock another build has taken since', (t) => {
  const file = lockIn(t);
  const lock = takeBuildLock(file, {command: COMMAND});
  const theirs = JSON.stringify({pid: 1, host: hostname(), command: COMMAND, startedAt: new Date().toISOString()});
  writeFileSync(file, theirs);
  lock.release();
  assert.equal(readFileSync(file, 'utf8'), theirs);
});

test('a stale lock that another build took over meanwhile is put back, and this build refused', (t) => {
  const file = lockIn(t);
  writeFileSync(file, JSON.stringify({pid: 2 ** 22 + 1, host: hostname(), command: COMMAND, startedAt: 'x'}));
  // Another build, running (this process), whose lock takes the stale one's place just before this
  // build moves the stale one aside.
  const theirs = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    startTime: startTimeOf(process.pid),
    command: 'node scripts/build.mjs',
    startedAt: new Date().toISOString(),
  });
  const rename = fs.renameSync;
  const restore = () => {
    fs.renameSync = rename;
    syncBuiltinESMExports();
  };
  t.after(restore);
  fs.renameSync = (from, to) => {
    if (from === file && String(to).includes('.stale-')) {
      restore();
      writeFileSync(file, theirs);
    }
    return rename(from, to);
  };
  syncBuiltinESMExports();
  assert.throws(() => takeBuildLock(file, {command: COMMAND}), {
    message: /^Another build is running .*\(node scripts\/build\.mjs\)/,
  });
  assert.equal(readFileSync(file, 'utf8'), theirs);
  assert.deepEqual(readdirSync(path.dirname(file)), ['.build.lock']);
});

// Whether the later ones see the first's lock as held (not stale), and nothing is left behind.
test('four builds started together on a stale lock: one takes it, the others are refused', async (t) => {
  const file = lockIn(t);
  writeFileSync(file, JSON.stringify({pid: 2 ** 22 + 1, host: hostname(), command: COMMAND, startedAt: 'x'}));
  const builds = [0, 1, 2, 3].map(() => otherBuild(t, file, {hold: 3000}));
  const said = await Promise.all(builds.map((b) => b.said));
  assert.deepEqual(said.sort(), ['refused', 'refused', 'refused', 'took']);
  await Promise.all(builds.map((b) => b.exited));
  assert.deepEqual(readdirSync(path.dirname(file)), [], 'a lock or a file set aside was left behind');
});
