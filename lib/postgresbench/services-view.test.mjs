// The comparison the Managed services page shows, on the committed PostgresBench data.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {pValuesOf, servicesPage} from '../pages/services-page.mjs';
import {readServices} from './import-services.mjs';
import {
  compareNames,
  comparisonView as viewOf,
  defaultState,
  parseState,
  servicesOf,
  stateQuery,
} from './services-view.mjs';

// Each view with the p of its rows' runs, decided as the build decides them.
const comparisonView = (rows, state, locale) => viewOf(rows, state, locale, pValuesOf(rows));

const dataset = readServices(new URL('../../datasets/postgresbench/services.json', import.meta.url).pathname);
const {rows} = servicesPage(dataset, {locale: 'en'});

test('the default: 16 vCPUs (the most files), 100 GB, median TPS, every service', () => {
  assert.deepEqual(defaultState(rows), {machine: '16', size: '100', metric: 'tps', figure: 'median', services: null});
  assert.equal(stateQuery(defaultState(rows), rows), '');
});

test('TPS sorts high to low, latency low to high; best and worst pick by direction', () => {
  const tps = comparisonView(rows, parseState('', rows), 'en');
  const medians = tps.rows.map((r) => Number(r.value.replace(/,/g, '')));
  assert.deepEqual(
    medians,
    [...medians].sort((a, b) => b - a),
  );
  assert.ok(tps.rows[0].isBest && tps.rows[0].ratio === '1.0');
  const p99 = comparisonView(rows, parseState('?metric=p99&figure=best', rows), 'en');
  const values = p99.rows.map((r) => Number(r.value));
  assert.deepEqual(
    values,
    [...values].sort((a, b) => a - b),
  );
  // The best p99 of a file is its lowest run.
  const first = rows.find((r) => r.id === p99.rows[0].id);
  assert.equal(Number(p99.rows[0].value), Number(Math.min(...first.runs.p99Ms).toPrecision(3)));
});

test('with three runs each, rows whose runs do not overlap are still not significant', () => {
  const view = comparisonView(rows, parseState('', rows), 'en');
  const verdicts = view.rows.slice(1).map((r) => r.versusAbove.verdict);
  assert.ok(verdicts.includes('apart') && verdicts.includes('overlap'), verdicts.join());
  assert.ok(!verdicts.includes('significant'));
  assert.ok(view.rows.slice(1).every((r) => r.versusAbove.p === '0.1' || r.versusAbove.verdict === 'overlap'));
});

test('unknown values fall back; a machine without the chosen size takes one it has', () => {
  assert.deepEqual(parseState('?machine=7&metric=x&figure=y&services=nope', rows), defaultState(rows));
  const small = parseState('?machine=4&size=500', rows);
  assert.equal(small.size, '100');
  assert.deepEqual(parseState('?services=neon,rds,nope', rows).services, ['neon', 'rds']);
  const state = {...defaultState(rows), metric: 'load', services: ['rds']};
  assert.equal(stateQuery(state, rows), '?metric=load&services=rds');
  const load = comparisonView(rows, state, 'en');
  assert.equal(load.rows.length, 1);
  assert.equal(load.rows[0].range, null);
});

test('every figure the importer accepts renders: all runs at 0 TPS, a latency of 0, huge values', async () => {
  const {SERVICE_METRICS, SERVICE_FIGURES} = await import('./services-view.mjs');
  const {locales} = await import('../locales.mjs');
  const edited = (edit) => {
    const copy = structuredClone(dataset);
    for (const f of copy.files) for (const r of f.runs) edit(r);
    return servicesPage(copy, {locale: 'en'}).rows;
  };
  const cases = {
    zeroTps: edited((r) => (r.tps = 0)),
    zeroLatency: edited((r) => Object.assign(r, {latencyAvgMs: 0, p95Ms: 0, p99Ms: 0})),
    huge: edited((r) => Object.assign(r, {tps: 1e300, p99Ms: Number.MAX_VALUE})),
  };
  for (const [name, rows] of Object.entries(cases)) {
    for (const locale of Object.keys(locales)) {
      for (const metric of SERVICE_METRICS) {
        for (const figure of SERVICE_FIGURES) {
          const state = {...defaultState(rows), metric: metric.id, figure};
          const view = comparisonView(rows, state, locale);
          for (const row of view.rows) {
            const bars = [row.bar.value, row.bar.min, row.bar.max, ...row.bar.runs];
            assert.ok(bars.every(Number.isFinite), `${name} ${locale} ${metric.id} ${figure}: bars ${bars}`);
            assert.ok(row.ratio === null || typeof row.ratio === 'string');
          }
        }
      }
    }
  }
  const zero = comparisonView(cases.zeroTps, defaultState(cases.zeroTps), 'en');
  assert.ok(zero.rows.length > 1);
  assert.ok(zero.rows.every((r) => r.value === '0' && r.bar.value === 0 && (r.isBest || r.ratio === null)));
  const p99 = comparisonView(cases.zeroLatency, parseState('?metric=p99', cases.zeroLatency), 'en');
  assert.ok(
    p99.rows.every((r) => r.isBest || r.ratio === null),
    'no multiple of a best latency of 0',
  );
});

test('service names sort alphabetically, case aside, as the English collator sorts them', () => {
  assert.deepEqual(['neon', 'AWS RDS', 'Aiven', 'aws rds', 'Crunchy Bridge'].sort(compareNames), [
    'Aiven',
    'aws rds',
    'AWS RDS',
    'Crunchy Bridge',
    'neon',
  ]);
  // The committed services, in the order the browser's collator gives them.
  const names = servicesOf(rows).map((s) => s.name);
  assert.ok(names.length > 3);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b, 'en')),
  );
});
