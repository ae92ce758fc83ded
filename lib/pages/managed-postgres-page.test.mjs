import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readDataset} from '../load/datasets.mjs';
import {managedAnswer, managedPostgresPage} from './managed-postgres-page.mjs';
import {translator} from '../../test/helpers/fixtures.mjs';

const FILE = new URL('../../datasets/managed-postgres.json', import.meta.url).pathname;
const dataset = readDataset(FILE);

test('comparisons are computed from the published numbers, in one rounding', () => {
  const page = managedPostgresPage(dataset, 'en');
  const [readWrite, readOnly, cpu] = page.tests;
  assert.deepEqual(readOnly.comparisons, [
    {system: 'nvme', versus: 'rds', ratio: '9.0', percent: '+802%', stated: {percent: '+802%', ratio: '9.0'}},
  ]);
  // 36.5K over 32.5K: +12.3%, the same figure everywhere on the page.
  assert.deepEqual(cpu.comparisons, [
    {system: 'nvme', versus: 'rds', ratio: '1.1', percent: '+12.3%', stated: {percent: '+12.3%'}},
  ]);
  // RDS and Aurora are published only as "4.4K–4.6K": the comparison is a range.
  assert.deepEqual(readWrite.comparisons[0], {
    system: 'nvme',
    versus: 'rds',
    ratio: '4.3–4.5',
    percent: '+330%–+350%',
    stated: {percent: '+326%', ratio: '4.3'},
  });
  assert.equal(readWrite.figures[1].tps, '4,400–4,600');
});

test('the same numbers in every locale, written alike', () => {
  const tps = Object.fromEntries(
    ['en', 'ja', 'ko', 'zh-Hans'].map((l) => [l, managedPostgresPage(dataset, l).tests[1].figures[0].tps]),
  );
  assert.deepEqual(tps, {en: '84,800', ja: '84,800', ko: '84,800', 'zh-Hans': '84,800'});
});

test('changing one figure changes it and every ratio derived from it', () => {
  const edited = structuredClone(dataset);
  edited.tests[1].figures[1].tps = 8480;
  const readOnly = managedPostgresPage(edited, 'ja').tests[1];
  assert.equal(readOnly.figures[1].tps, '8,480');
  assert.equal(readOnly.comparisons[0].ratio, '10.0');
  assert.equal(readOnly.comparisons[0].percent, '+900%');
});

test("the answer's chart draws RDS's derived in-memory figure as an outline, marked and explained", () => {
  const {charts} = managedAnswer(dataset, {t: translator('en'), locale: 'en'});
  const [chart] = charts;
  const rds = chart.series.find((s) => s.label === 'Amazon RDS for PostgreSQL');
  assert.deepEqual(
    rds.points.map((p) => [p.text, Boolean(p.derived)]),
    [
      ['4,400–4,600', false],
      ['9,400', false],
      ['32,500 *', true],
    ],
  );
  assert.match(rds.points[2].tooltip, /^32,500 \* Not printed by the source/);
  assert.match(chart.note, /^An outlined bar, marked \*/);
});
