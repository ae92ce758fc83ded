import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readServices} from '../postgresbench/import-services.mjs';
import {asSpelled, servicesPage} from './services-page.mjs';

const FILE = new URL('../../datasets/postgresbench/services.json', import.meta.url).pathname;

test('one spelling of every name: ClickHouse as its maker writes it, whatever a file says', () => {
  assert.equal(asSpelled('Postgres managed by Clickhouse'), 'Postgres managed by ClickHouse');
  assert.equal(asSpelled('AWS RDS'), 'AWS RDS');
  const dataset = readServices(FILE);
  assert.ok(
    dataset.files.some((f) => f.system.includes('Clickhouse')),
    'the committed files spell it both ways',
  );
  const names = new Set(servicesPage(dataset, {locale: 'en'}).rows.map((r) => r.system));
  assert.ok(names.has('Postgres managed by ClickHouse'));
  assert.ok(![...names].some((n) => n.includes('Clickhouse')), [...names].join(', '));
});
