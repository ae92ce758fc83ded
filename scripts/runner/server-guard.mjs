// Stops a PostgreSQL server when the runner that started it is gone, however
// it went (even kill -9). Started detached, in a process group of its own, so
// that signals to the runner's group do not reach it.
//
//   node server-guard.mjs RUNNER_PID PG_CTL DATA_DIR [UID:GID]
//
// Exits when the server's files are gone (the runner removed them) or once it
// stopped the server and removed them. A server the runner paused (stopped,
// data kept) is still watched: its files go when the runner goes.
import {execFileSync} from 'node:child_process';
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';

const [runnerPid, pgCtl, dataDir, owner] = process.argv.slice(2);
const [uid, gid] = owner ? owner.split(':').map(Number) : [];
const alive = (pid) => {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

const timer = setInterval(() => {
  if (!existsSync(dataDir)) {
    clearInterval(timer);
    return;
  }
  if (alive(runnerPid)) return;
  clearInterval(timer);
  try {
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      execFileSync(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
        ...(owner && {uid, gid}),
        stdio: 'ignore',
      });
    }
  } finally {
    rmSync(path.dirname(dataDir), {recursive: true, force: true});
  }
}, 500);
