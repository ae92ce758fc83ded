import {test} from 'node:test';
import assert from 'node:assert/strict';
import {embeddedConnection, externalConnection, redact, superuserConnection} from './connection.mjs';
import {childEnvironment} from './processes.mjs';

test('an external URL loses its password: it travels only in PGPASSWORD', () => {
  const c = externalConnection('DB', {DB: 'postgres://app:s3cr%40t@db.example:5433/bench?sslmode=require'});
  assert.deepEqual(c.args, ['postgres://app@db.example:5433/bench?sslmode=require']);
  assert.deepEqual(c.env, {PGPASSWORD: 's3cr@t'});
  assert.ok(!JSON.stringify([c.args, c.psqlArgs]).includes('s3cr'));
});

test('a password in the query string is taken out too, and travels only in PGPASSWORD', () => {
  const c = externalConnection('DB', {DB: 'postgres://u@host/db?password=secret123&sslmode=disable'});
  assert.deepEqual(c.args, ['postgres://u@host/db?sslmode=disable']);
  assert.deepEqual(c.psqlArgs, ['-d', 'postgres://u@host/db?sslmode=disable']);
  assert.deepEqual(c.env, {PGPASSWORD: 'secret123'});
  assert.deepEqual(c.secrets, ['secret123']);
});

test('two different passwords, or an sslpassword in the URL, are refused with what to do', () => {
  assert.throws(
    () => externalConnection('DB', {DB: 'postgres://u:a@h/d?password=b'}),
    /DB gives two different passwords/,
  );
  assert.throws(() => externalConnection('DB', {DB: 'postgres://u@h/d?sslpassword=k'}), /sslpassword .* service file/);
});

test("a password already in the runner's PGPASSWORD is redacted too, and reaches libpq as it did", () => {
  const c = externalConnection('DB', {DB: 'postgres://u@h/d', PGPASSWORD: 'from-env'});
  assert.deepEqual(c.env, {PGPASSWORD: 'from-env'});
  assert.deepEqual(c.secrets, ['from-env']);
});

test("an external target's children get the runner's libpq variables, and none of its other ones", () => {
  const runner = {
    DB: 'postgres://u:pw@h/d',
    PGSSLMODE: 'verify-full',
    PGSERVICEFILE: '/home/me/.pg_service.conf',
    GITHUB_TOKEN: 'ghp_x',
    AWS_SECRET_ACCESS_KEY: 'k',
    PGXdb: 'not libpq',
  };
  const c = externalConnection('DB', runner);
  assert.deepEqual(c.env, {PGSSLMODE: 'verify-full', PGSERVICEFILE: '/home/me/.pg_service.conf', PGPASSWORD: 'pw'});
});

test('the runner keeps only where programs, home and temporary files are, the user, locale and time zone', () => {
  const runner = {
    PATH: '/usr/bin',
    HOME: '/root',
    LANG: 'C.UTF-8',
    LC_ALL: 'C',
    TZ: 'UTC',
    TMPDIR: '/tmp/x',
    USER: 'root',
    GITHUB_TOKEN: 'ghp_x',
    PGPASSWORD: 'runner-superuser',
    PGOPTIONS: '-c search_path=public',
    NODE_OPTIONS: '--import=x',
  };
  assert.deepEqual(childEnvironment({PGPASSWORD: 'own'}, runner), {
    PATH: '/usr/bin',
    HOME: '/root',
    LANG: 'C.UTF-8',
    LC_ALL: 'C',
    TZ: 'UTC',
    TMPDIR: '/tmp/x',
    USER: 'root',
    PGPASSWORD: 'own',
  });
});

test("the runner's own sessions as the superuser fix their search_path; the suite's connections do not", () => {
  const server = {host: '127.0.0.1', port: 5, user: 'bench', password: 'p', database: 'postgres'};
  assert.deepEqual(superuserConnection(server).env, {PGPASSWORD: 'p', PGOPTIONS: '-c search_path=pg_catalog,pg_temp'});
  assert.deepEqual(embeddedConnection({...server, user: 'suite', password: 'q'}).env, {PGPASSWORD: 'q'});
});

test('an unset variable, or one that is not a postgres URL, says what to set', () => {
  assert.throws(
    () => externalConnection('STAGING', {}),
    /environment variable STAGING, which is not set\. Set it: export STAGING=postgres:\/\//,
  );
  assert.throws(() => externalConnection('X', {X: 'not a url'}), /X is not a URL/);
  assert.throws(() => externalConnection('X', {X: 'mysql://a@b/c'}), /X must be a postgres:\/\/ URL/);
});

test('redact replaces a secret only where it stands as a whole, plain or URL-encoded', () => {
  assert.equal(redact('a pw b pw', ['pw']), 'a *** b ***');
  assert.equal(redact('password pwd pw.', ['pw']), 'password pwd ***.');
  assert.equal(redact('user=u password=s%40t', ['s@t']), 'user=u password=***');
  assert.equal(redact('nothing', []), 'nothing');
});

test('a password that is also a word or a number of the output leaves the figures alone', () => {
  // Redaction comes after parsing; here it changes only whole words of the text kept.
  assert.equal(
    redact('pgbench (PostgreSQL) 15.18\nnumber of clients: 1\nlatency 1.5 ms', ['1']),
    'pgbench (PostgreSQL) 15.18\nnumber of clients: ***\nlatency 1.5 ms',
  );
});

test("a URL's options reach libpq as it decodes them: a space %20, never '+'", () => {
  for (const url of [
    'postgres://u:pw@h/db?options=-c%20work_mem%3D8MB',
    'postgres://u:pw@h/db?options=-c work_mem=8MB',
  ]) {
    const c = externalConnection('DB', {DB: url});
    assert.deepEqual(c.args, ['postgres://u@h/db?options=-c%20work_mem%3D8MB'], url);
    assert.deepEqual(c.psqlArgs, ['-d', 'postgres://u@h/db?options=-c%20work_mem%3D8MB'], url);
    assert.deepEqual(c.env, {PGPASSWORD: 'pw'});
  }
  // libpq keeps a '+' a '+' (only %XX is decoded): it stays one, written %2B; the password still goes.
  const plus = externalConnection('DB', {DB: 'postgres://u@h/db?application_name=a+b&password=p+q&sslmode=require'});
  assert.deepEqual(plus.args, ['postgres://u@h/db?application_name=a%2Bb&sslmode=require']);
  assert.deepEqual(plus.env, {PGPASSWORD: 'p+q'});
});

test('a query libpq would refuse is refused here, with what to write', () => {
  assert.throws(() => externalConnection('DB', {DB: 'postgres://u@h/db?sslmode'}), /DB: .*"sslmode" has no value/);
  assert.throws(() => externalConnection('DB', {DB: 'postgres://u@h/db?a=50%off'}), /DB: .*"a=50%off" .* %25/);
});
