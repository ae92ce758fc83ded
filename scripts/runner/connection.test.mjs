import {test} from 'node:test';
import assert from 'node:assert/strict';
import {externalConnection, redact} from './connection.mjs';

test('an external URL loses its password: it travels only in PGPASSWORD', () => {
  const c = externalConnection('DB', {DB: 'postgres://app:s3cr%40t@db.example:5433/bench?sslmode=require'});
  assert.deepEqual(c.args, ['postgres://app@db.example:5433/bench?sslmode=require']);
  assert.deepEqual(c.env, {PGPASSWORD: 's3cr@t'});
  assert.ok(!JSON.stringify([c.args, c.psqlArgs, c.label]).includes('s3cr'));
});

test('an unset variable, or one that is not a postgres URL, says what to set', () => {
  assert.throws(() => externalConnection('STAGING', {}), /environment variable STAGING, which is not set\. Set it: export STAGING=postgres:\/\//);
  assert.throws(() => externalConnection('X', {X: 'not a url'}), /X is not a URL/);
  assert.throws(() => externalConnection('X', {X: 'mysql://a@b/c'}), /X must be a postgres:\/\/ URL/);
});

test('redact removes every occurrence of the secret', () => {
  assert.equal(redact('a pw b pw', 'pw'), 'a *** b ***');
  assert.equal(redact('nothing', null), 'nothing');
});
