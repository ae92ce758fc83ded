// The PostgresBench reader on real files of every layout the repository has used
// (fixtures/README.md), and its errors on bad input.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {dataSizeGb} from './data-size.mjs';
import {containsPostgresBench, importServices} from './import-services.mjs';
import {parseMachine, parseVersion, readPostgresBench, serviceOf} from './read-postgresbench.mjs';

const fixture = (commit, path) => new URL(`./fixtures/${commit}/${path}`, import.meta.url).pathname;
const read = (commit, path) =>
  readPostgresBench(JSON.parse(readFileSync(fixture(commit, path), 'utf8')), {file: path, path});

test('the earliest layout: duration_seconds, tags, no instance, no p95/p99 (absent, not 0)', () => {
  const f = read('3460662', 'rds/results/aws_rds_16cpu_64gb_34247.json');
  assert.equal(f.service, 'rds');
  assert.equal(f.system, 'AWS RDS');
  assert.deepEqual(f.machine, {text: '16vCPU, 64GB RAM', vcpus: 16, memoryGb: 64});
  assert.equal(f.instance, undefined);
  assert.equal(f.benchmark.durationS, 600);
  assert.equal(f.benchmark.durationKey, 'duration_seconds');
  assert.deepEqual(f.tags, ['PostgreSQL-compatible', 'OLTP', 'managed', 'aws']);
  assert.equal(f.proprietary, 'yes');
  assert.deepEqual(f.postgresVersion, {text: '18.1', major: 18, minor: 1});
  assert.equal(f.loadS, 4857.492318814);
  assert.deepEqual(
    f.runs.map((r) => r.tps),
    [5548.369844, 4481.226152, 4361.792042],
  );
  for (const r of f.runs) {
    assert.ok(!('p95Ms' in r) && !('p99Ms' in r) && !('timeseries' in r));
    assert.equal(r.failed, 0);
  }
  assert.equal(f.other, undefined, 'every field was read');
});

test('a file without postgres_version has no version, not an empty one', () => {
  const f = read('d483054', 'postgres_by_clickhouse/results/postgres_clickhouse_4vcpu_16gb_6849.json');
  assert.equal(f.service, 'postgres_by_clickhouse');
  assert.equal(f.system, 'Postgres by ClickHouse');
  assert.ok(!('postgresVersion' in f));
});

test('the disk_gb/storage_type layout keeps its instance as written', () => {
  const f = read('36ce7b6', 'rds/results/rds_16cpu_64gb_6849.json');
  assert.deepEqual(f.instance, {
    type: 'db.m5.4xlarge',
    label: 'Large',
    vcpus: 16,
    memoryGb: 64,
    diskGb: 1000,
    storageType: 'GP3 (16K IOPS)',
  });
  assert.equal(f.benchmark.durationKey, undefined);
  assert.deepEqual(
    f.runs.map((r) => r.p99Ms),
    [72.025, 73.239, 71.169],
  );
});

test('the newest layout: cloud, region, ha, and time series without the partial tail', () => {
  const f = read('965b794', 'cloudsql/results/cloudsql_4cpu_32gb_6849_gcp_us-east1.json');
  assert.equal(f.service, 'cloudsql');
  assert.equal(f.cloud, 'gcp');
  assert.equal(f.region, 'us-east1');
  assert.deepEqual(f.ha, {
    label: 'No HA',
    mode: 'off',
    standbys: 0,
    liveSettings: {synchronous_commit: 'on', synchronous_standby_names: null},
  });
  assert.equal(f.benchmark.intervalS, 30);
  assert.deepEqual(
    f.runs.map((r) => r.timeseries.length),
    [20, 20, 20],
  );
  assert.equal(f.runs[2].partialTail.length, 1);
  assert.equal(f.runs[2].partialTail[0].transactions, 476);
  assert.ok(!('partialTail' in f.runs[0]));
  // The intervals wholly inside the run hold every transaction the run counted, minus the tail's.
  for (const r of f.runs) {
    const inSeries = r.timeseries.reduce((n, s) => n + s.transactions, 0);
    const inTail = (r.partialTail ?? []).reduce((n, s) => n + s.transactions, 0);
    assert.equal(inSeries + inTail, r.transactions);
  }
});

test('the snapshot imports: 15 files, 45 runs, Aurora labels, null storage kept as null', () => {
  const root = new URL('../../datasets/postgresbench/source/', import.meta.url).pathname;
  const d = importServices([root], {repository: 'ClickHouse/PostgresBench', commit: 'f'.repeat(40)});
  assert.equal(d.files.length, 15);
  assert.equal(
    d.files.reduce((n, f) => n + f.runs.length, 0),
    45,
  );
  assert.deepEqual(
    [...new Set(d.files.map((f) => f.service))],
    ['aurora', 'crunchy', 'neon', 'postgres_by_clickhouse', 'rds'],
  );
  const neon = d.files.find((f) => f.service === 'neon');
  assert.equal(neon.instance.primaryStorage, null);
  assert.equal(d.files.filter((f) => f.instance.label).length, 3);
  assert.deepEqual(d.files.find((f) => f.service === 'postgres_by_clickhouse').postgresVersion, {
    text: '18.3 (Ubuntu 18.3-1.pgdg22.04+1)',
    major: 18,
    minor: 3,
  });
});

test('bad input names the file, the field and what was expected; nothing else is read', () => {
  const good = JSON.parse(readFileSync(fixture('36ce7b6', 'rds/results/rds_16cpu_64gb_6849.json'), 'utf8'));
  const bad = (edit, pattern) => {
    const json = structuredClone(good);
    edit(json);
    assert.throws(() => readPostgresBench(json, {file: 'x.json', path: 'rds/results/x.json'}), pattern);
  };
  bad((j) => (j.results[1].tps = '7196'), /^Error: x\.json: results\[1\]\.tps: expected a number, found "7196"/);
  bad((j) => (j.results[0].tps = null), /results\[0\]\.tps: expected a number, found null/);
  bad((j) => (j.system = null), /system: expected a string, found null/);
  bad((j) => (j.benchmark.scale_factor = 6849.5), /benchmark\.scale_factor: expected a whole number/);
  bad((j) => (j.instance.ram_gb = '64'), /instance\.ram_gb: expected a number/);
  bad((j) => delete j.benchmark.duration, /benchmark\.duration: expected the run length in seconds/);
  bad((j) => (j.results = []), /results: expected at least one run/);
  bad((j) => (j.results[0] = 5), /results\[0\]: expected an object/);
  bad((j) => {
    delete j.instance;
    j.machine = 'big';
  }, /machine: expected the machine as "<n>vCPU, <n>GB RAM"/);
  assert.throws(
    () => readPostgresBench({hello: 1}, {file: 'y.json', path: 'y.json'}),
    /y\.json: not a PostgresBench result file/,
  );
});

// Files in the repository's history write null for what they did not measure or know ("disk_gb": null):
// null is absent, in every layout, and the file imports as if the key were missing.
test('null in an optional field of a real layout imports as absent, field by field', () => {
  const FIELDS = [
    ['instance.disk_gb', (j) => j.instance, 'disk_gb', (f) => f.instance.diskGb],
    ['instance.vcpus', (j) => j.instance, 'vcpus', (f) => f.instance.vcpus],
    ['results[0].latency_p95_ms', (j) => j.results[0], 'latency_p95_ms', (f) => f.runs[0].p95Ms],
    ['results[0].transactions', (j) => j.results[0], 'transactions', (f) => f.runs[0].transactions],
    ['comment', (j) => j, 'comment', (f) => f.comment],
    ['postgres_version', (j) => j, 'postgres_version', (f) => f.postgresVersion],
    ['date', (j) => j, 'date', (f) => f.date],
    ['cluster_size', (j) => j, 'cluster_size', (f) => f.clusterSize],
    ['benchmark.query_mode', (j) => j.benchmark, 'query_mode', (f) => f.benchmark.queryMode],
    ['load.load_time_seconds', (j) => j.load, 'load_time_seconds', (f) => f.loadS],
  ];
  for (const [commit, file] of [
    ['36ce7b6', 'rds/results/rds_16cpu_64gb_6849.json'],
    ['965b794', 'cloudsql/results/cloudsql_4cpu_32gb_6849_gcp_us-east1.json'],
  ]) {
    const good = JSON.parse(readFileSync(fixture(commit, file), 'utf8'));
    const whole = readPostgresBench(good, {file, path: file});
    for (const [name, holder, key, pick] of FIELDS) {
      const json = structuredClone(good);
      holder(json)[key] = null;
      const f = readPostgresBench(json, {file, path: file});
      assert.equal(pick(f), undefined, `${commit} ${name}: null must read as absent`);
      const without = structuredClone(good);
      delete holder(without)[key];
      assert.deepEqual(f, readPostgresBench(without, {file, path: file}), `${commit} ${name}: as if missing`);
      if (key in holder(good)) assert.notDeepEqual(f, whole, `${commit} ${name}: the field was read before`);
    }
  }
  // With the instance's vCPUs absent, the machine text still gives them.
  const json = JSON.parse(readFileSync(fixture('36ce7b6', 'rds/results/rds_16cpu_64gb_6849.json'), 'utf8'));
  json.instance.vcpus = null;
  assert.equal(readPostgresBench(json, {file: 'x.json', path: 'rds/results/x.json'}).machine.vcpus, 16);
});

test('a PostgresBench file with a BOM, or with nulls, imports through the dataset checker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-'));
  const json = JSON.parse(readFileSync(fixture('36ce7b6', 'rds/results/rds_16cpu_64gb_6849.json'), 'utf8'));
  json.instance.disk_gb = null;
  json.results[1].latency_p95_ms = null;
  mkdirSync(path.join(dir, 'rds/results'), {recursive: true});
  writeFileSync(path.join(dir, 'rds/results/x.json'), `\ufeff${JSON.stringify(json)}`);
  assert.ok(containsPostgresBench(dir), 'a BOM must not hide the file');
  const dataset = importServices([dir], {id: 'x', license: 'Apache-2.0'});
  assert.equal(dataset.files[0].instance.diskGb, undefined);
  assert.equal(dataset.files[0].runs[1].p95Ms, undefined);
  assert.equal(dataset.files[0].runs[0].p95Ms, 54.884);
});

test('fields the reader does not know are kept under other', () => {
  const json = JSON.parse(readFileSync(fixture('36ce7b6', 'rds/results/rds_16cpu_64gb_6849.json'), 'utf8'));
  json.future = {x: 1};
  json.results[0].cpu_pct = 91;
  const f = readPostgresBench(json, {file: 'x.json', path: 'rds/results/x.json'});
  assert.deepEqual(f.other, {future: {x: 1}});
  assert.deepEqual(f.runs[0].other, {cpu_pct: 91});
});

test('services, machines, versions and data sizes', () => {
  assert.equal(serviceOf('rds/results/aws_rds_16cpu_64gb_34247.json'), 'rds');
  assert.equal(serviceOf('neon_4cpu_16gb_6849.json'), 'neon');
  assert.equal(serviceOf('postgres_clickhouse_16vcpu_64gb_6849.json'), 'postgres_clickhouse');
  assert.equal(serviceOf('results/odd.json'), 'odd');
  assert.deepEqual(parseMachine('4vCPU, 32GB RAM'), {vcpus: 4, memoryGb: 32});
  assert.equal(parseMachine('four cores'), null);
  assert.deepEqual(parseVersion('18.2 (e21737f)'), {text: '18.2 (e21737f)', major: 18, minor: 2});
  assert.deepEqual(parseVersion('devel'), {text: 'devel'});
  // The reference page's own pairs: 6849 is 100 GB, 34247 is 500 GB.
  assert.equal(dataSizeGb(6849), 100);
  assert.equal(dataSizeGb(34247), 500);
  assert.equal(dataSizeGb(10), 0.16);
  assert.equal(dataSizeGb(1000), 16);
  assert.throws(() => dataSizeGb(0), /whole number/);
});
