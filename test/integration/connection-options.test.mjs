// A server given by URL, with the options its URL sets: what the runner passes reaches libpq as the URL
// meant it (scripts/runner/connection.mjs), checked with the real psql against a real PostgreSQL 17.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {externalConnection} from '../../scripts/runner/connection.mjs';
import {startServer} from '../../scripts/runner/embedded-server.mjs';
import {psql} from '../../scripts/runner/psql.mjs';
import {ownTmp} from './own-tmp.mjs';

ownTmp('connection-options');

let server;
before(async () => {
  server = await startServer({major: 17});
});
after(() => server?.stop());

const show = async (url, setting) =>
  (await psql(externalConnection('EXT_URL', {EXT_URL: url}), ['-A', '-t', '-c', `show ${setting}`])).trim();

test("a URL's options=-c work_mem=8MB reaches the server, encoded or typed with spaces", async () => {
  assert.equal(await show(server.url(), 'work_mem'), '4MB', "the server's default, to tell the option from it");
  assert.equal(await show(`${server.url()}?options=-c%20work_mem%3D8MB`, 'work_mem'), '8MB');
  assert.equal(await show(`${server.url()}?options=-c work_mem=8MB`, 'work_mem'), '8MB');
});

test("a '+' in a parameter stays a '+', as libpq reads it, beside a password taken out of the query", async () => {
  const url = `postgres://${server.user}@127.0.0.1:${server.port}/${server.database}`;
  const query = `?application_name=a+b&password=${server.password}&sslmode=disable`;
  assert.equal(await show(url + query, 'application_name'), 'a+b');
});
