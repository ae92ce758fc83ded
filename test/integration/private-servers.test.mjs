// A run's servers answer the runner only: another user of the machine can
// neither log in over TCP (every connection gives the run's password) nor
// reach the socket (the server's folder is its user's alone), so nobody can
// use the superuser's COPY … TO PROGRAM while a run is going. The password is
// in no file once the server has started.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {serverUser} from '../../scripts/runner/postgres-binaries.mjs';
import {ownTmp} from './own-tmp.mjs';

const TMP = ownTmp('private-servers');

/** Another user of the machine: nobody, unless nobody runs the servers here. */
function otherUser() {
  const nobody = Number(execFileSync('id', ['-u', 'nobody'], {encoding: 'utf8'}).trim());
  return serverUser()?.uid === nobody ? 4242 : nobody;
}

/** psql as `uid`, from a folder it may enter; its exit status and words. */
function psqlAs(uid, args, env = {}) {
  const out = spawnSync('psql', ['-X', '-A', '-t', ...args], {
    uid,
    gid: uid,
    cwd: '/',
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: '/nonexistent', ...env},
  });
  return {status: out.status, text: `${out.stdout}${out.stderr}`.trim()};
}

/** Every file under `dir` the test may read. */
const filesUnder = (dir) =>
  readdirSync(dir, {recursive: true})
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f, {throwIfNoEntry: false})?.isFile());

test('another local user cannot connect to a run server, over TCP or its socket; the runner can', async (t) => {
  assert.equal(process.getuid(), 0, 'the test switches users: run it as root, as the integration tier does');
  const server = await startServer({major: 17});
  t.after(() => server.stop());
  const uid = otherUser();
  const attack = `COPY (SELECT 1) TO PROGRAM 'id > ${path.join(TMP, 'id.txt')}'`;
  const tcp = ['-h', '127.0.0.1', '-p', String(server.port), '-U', server.user, '-d', server.database];

  // No password: the probe's command, refused.
  const noPassword = psqlAs(uid, [...tcp, '-c', attack]);
  assert.notEqual(noPassword.status, 0, noPassword.text);
  assert.match(noPassword.text, /password/);
  // A guess: refused.
  const guess = psqlAs(uid, [...tcp, '-c', attack], {PGPASSWORD: 'postgres'});
  assert.notEqual(guess.status, 0, guess.text);
  assert.match(guess.text, /password authentication failed for user "bench"/);
  // The socket: its folder cannot be entered.
  const socketDir = path.join(server.baseDir, 'socket');
  const viaSocket = (as, sql) =>
    psqlAs(as, ['-h', socketDir, '-p', String(server.port), '-U', server.user, '-d', 'postgres', '-c', sql]);
  const socket = viaSocket(uid, attack);
  assert.notEqual(socket.status, 0, socket.text);
  assert.match(socket.text, /Permission denied|No such file/);
  assert.equal(statSync(server.baseDir).mode & 0o077, 0, "the server's folder is its user's alone");
  assert.ok(!existsSync(path.join(TMP, 'id.txt')), 'no program ran');

  // Even with the server's own user's rights over the socket, no password is no entry.
  const asServer = serverUser();
  if (asServer) {
    const local = viaSocket(asServer.uid, 'SELECT 1');
    assert.notEqual(local.status, 0, local.text);
    assert.match(local.text, /password/);
  }

  // The runner, with the run's password in the environment only, is let in.
  const runner = spawnSync('psql', ['-X', '-A', '-t', ...tcp, '-c', 'SELECT current_user'], {
    encoding: 'utf8',
    env: {...process.env, PGPASSWORD: server.password},
  });
  assert.equal(runner.stdout.trim(), 'bench', runner.stderr);

  // The password is in no file of the server's folder (initdb's file was removed), nor in its log.
  assert.ok(server.password.length >= 20);
  const holding = filesUnder(server.baseDir).filter((f) => readFileSync(f).includes(server.password));
  assert.deepEqual(holding, []);
  assert.ok(!existsSync(path.join(server.baseDir, 'pwfile')));
});
