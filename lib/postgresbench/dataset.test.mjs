// The committed services dataset is what the importer makes of the committed
// source files: re-imported here, it must match byte for byte (NOTICE.md says how
// to make it again).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {importServices, readServices} from './import-services.mjs';

const dir = new URL('../../datasets/postgresbench/', import.meta.url).pathname;

test('datasets/postgresbench/services.json is the import of source/', () => {
  const committed = readServices(`${dir}services.json`);
  const again = importServices([`${dir}source`], {
    id: committed.id,
    repository: committed.source.repository,
    commit: committed.source.commit,
    license: committed.source.license,
  });
  assert.equal(
    `${JSON.stringify(again, null, 2)}\n`,
    readFileSync(`${dir}services.json`, 'utf8'),
    'services.json is stale: import source/ again (the command is in datasets/postgresbench/NOTICE.md)',
  );
  assert.equal(committed.source.repository, 'ClickHouse/PostgresBench');
  assert.match(committed.source.commit, /^[0-9a-f]{40}$/);
  assert.equal(committed.source.license, 'Apache-2.0');
});
