import {test} from 'node:test';
import assert from 'node:assert/strict';
import {holdsSecret, redact, redactSettings, secretsIn, settingsWithSecrets} from './redact.mjs';

// The probe's strings (issue 49): what a server's settings and an imported command held.
const SPACED = 'host=db password = S3cretSpace';
const CONNINFO = "primary_conninfo = 'host=primary user=rep password=Pr1mary!'";
const ARCHIVE = "archive_command = 'AWS_SECRET_ACCESS_KEY=abc123XYZ aws s3 cp %p s3://b/%f'";

test('a conninfo password with spaces around "=" is found and redacted', () => {
  assert.deepEqual(secretsIn(SPACED), ['S3cretSpace']);
  assert.equal(redact(SPACED, secretsIn(SPACED)), 'host=db password = ***');
  assert.deepEqual(secretsIn("password =  'two words'"), ['two words']);
});

test('a password in a conninfo and a cloud key in a command are found in any text', () => {
  assert.deepEqual(secretsIn(CONNINFO), ['Pr1mary!']);
  assert.equal(redact(CONNINFO, secretsIn(CONNINFO)), "primary_conninfo = 'host=primary user=rep password=***'");
  assert.deepEqual(secretsIn(ARCHIVE), ['abc123XYZ']);
  assert.equal(
    redact(ARCHIVE, secretsIn(ARCHIVE)),
    "archive_command = 'AWS_SECRET_ACCESS_KEY=*** aws s3 cp %p s3://b/%f'",
  );
  assert.deepEqual(secretsIn('PGPASSWORD=hunter2 API_KEY=k1 CLIENT_SECRET=s2 pgbench'), ['hunter2', 'k1', 's2']);
});

test("pgbench's own variables and lower-case words are not taken for secrets", () => {
  // -D sets a script variable; a value taken for a secret would be replaced wherever it stands in the output.
  assert.deepEqual(secretsIn('pgbench -D my_key=5 -D aid=1 -T 60'), []);
  assert.deepEqual(secretsIn('password authentication failed for user "bench"'), []);
  assert.deepEqual(secretsIn('MONKEY=1 KEYS=2'), []);
});

test("a server's settings lose their secrets: by name whole, by pattern in any other value", () => {
  const settings = {
    primary_conninfo: 'host=primary user=rep password=Pr1mary!',
    archive_command: 'AWS_SECRET_ACCESS_KEY=abc123XYZ aws s3 cp %p s3://b/%f',
    restore_command: 'cp /mnt/archive/%f %p',
    'myext.api_key': 'k-123',
    'myext.api_token': 't-456',
    'vault.credentials': 'c-789',
    application_name: 'x password = S3cretSpace',
    ssl_key_file: 'server.key',
    password_encryption: 'scram-sha-256',
    shared_buffers: '128MB',
    archive_mode: 'on',
    recovery_end_command: '',
  };
  assert.deepEqual(redactSettings(settings), {
    primary_conninfo: '***',
    archive_command: '***',
    // A command may carry a secret in a form no pattern knows: redacted whole, by its name.
    restore_command: '***',
    // An extension's setting named for a key: what it holds cannot be known.
    'myext.api_key': '***',
    'myext.api_token': '***',
    'vault.credentials': '***',
    application_name: 'x password = ***',
    // PostgreSQL's own settings with such words in their names that hold a path, an algorithm.
    ssl_key_file: 'server.key',
    password_encryption: 'scram-sha-256',
    shared_buffers: '128MB',
    archive_mode: 'on',
    recovery_end_command: '',
  });
  assert.deepEqual(settingsWithSecrets(settings), [
    'primary_conninfo',
    'archive_command',
    'restore_command',
    'myext.api_key',
    'myext.api_token',
    'vault.credentials',
    'application_name',
  ]);
  // Redacting twice changes nothing: a redacted result has no secret left to find.
  assert.deepEqual(settingsWithSecrets(redactSettings(settings)), []);
  assert.equal(redactSettings(null), null);
});

test('a command holds a secret until it is redacted', () => {
  assert.equal(holdsSecret(`pgbench "${SPACED}"`), true);
  assert.equal(holdsSecret('pgbench "host=db password = ***"'), false);
  assert.equal(holdsSecret('pgbench -h 127.0.0.1 -p 5432 -U bench postgres'), false);
  assert.equal(holdsSecret(null), false);
});
