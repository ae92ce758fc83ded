import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describeServer} from './psql.mjs';

// A psql that answers describeServer's queries as an external standby with secrets in its settings would: the
// probe's (issue 49) primary_conninfo and archive_command.
const FAKE_PSQL = `#!/bin/sh
for arg; do sql="$arg"; done
case "$sql" in
  'SELECT pg_catalog.version()') echo 'PostgreSQL 17.2 on x86_64-pc-linux-gnu' ;;
  *pg_config*) echo 'ERROR:  permission denied for view pg_config' >&2; exit 1 ;;
  *"source NOT IN"*) printf '%s\\t%s\\n' \\
      archive_command 'AWS_SECRET_ACCESS_KEY=abc123XYZ aws s3 cp %p s3://b/%f' \\
      primary_conninfo 'host=primary user=rep password=Pr1mary!' \\
      shared_buffers 128MB ;;
  *"name IN"*) printf 'fsync\\ton\\n' ;;
  *) exit 2 ;;
esac
`;

test("describeServer records a server's settings without the secrets they hold", async (t) => {
  const bin = mkdtempSync(path.join(tmpdir(), 'fake-psql-'));
  t.after(() => rmSync(bin, {recursive: true, force: true}));
  writeFileSync(path.join(bin, 'psql'), FAKE_PSQL);
  chmodSync(path.join(bin, 'psql'), 0o755);
  const saved = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${saved}`;
  t.after(() => {
    process.env.PATH = saved;
  });
  const connection = {psqlArgs: ['-h', 'standby.example'], env: {}, secrets: []};
  const described = await describeServer(connection, () => {});
  assert.deepEqual(described, {
    serverVersion: '17.2',
    serverVersionFull: 'PostgreSQL 17.2 on x86_64-pc-linux-gnu',
    settings: {archive_command: '***', primary_conninfo: '***', shared_buffers: '128MB'},
    keySettings: {fsync: 'on'},
    build: null,
  });
  assert.doesNotMatch(JSON.stringify(described), /Pr1mary|abc123XYZ/);
});
