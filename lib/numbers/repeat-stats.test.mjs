import {test} from 'node:test';
import assert from 'node:assert/strict';
import {translator} from '../../test/helpers/fixtures.mjs';
import {detectableOf, targetName, versusBaseline} from './repeat-stats.mjs';

test('two servers of one version are never named alike: a declared difference names its settings', () => {
  const t = translator('en');
  const result = {
    run: {id: 'r'},
    environment: {
      targets: [
        {id: 'pg18', serverVersion: '18.1', keySettings: {data_checksums: 'off', io_method: 'sync'}},
        {
          id: 'pg18-defaults',
          serverVersion: '18.1',
          differs: ['data_checksums', 'io_method'],
          keySettings: {data_checksums: 'on', io_method: 'worker'},
        },
      ],
    },
  };
  // Each of the two says its settings: neither passes for "PostgreSQL 18" as such.
  assert.equal(targetName(t, result, 'pg18'), 'PostgreSQL 18 (data_checksums off, io_method sync)');
  assert.equal(targetName(t, result, 'pg18-defaults'), 'PostgreSQL 18 (data_checksums on, io_method worker)');
  assert.equal(
    targetName(translator('ja'), result, 'pg18-defaults'),
    'PostgreSQL 18（data_checksums on, io_method worker）',
  );
});

test('a server at other checksums or I/O than the first target is named with them, declared or not', () => {
  const t = translator('en');
  // A run from before differences were declared: 15 with checksums off (io_method absent: sync), 18 at defaults.
  const result = {
    run: {id: 'r'},
    environment: {
      targets: [
        {id: 'pg15', serverVersion: '15.18', keySettings: {data_checksums: 'off'}},
        {id: 'pg18', serverVersion: '18.4', keySettings: {data_checksums: 'on', io_method: 'worker'}},
        {id: 'pg18-sync', serverVersion: '18.4', keySettings: {data_checksums: 'off', io_method: 'sync'}},
      ],
    },
  };
  assert.equal(targetName(t, result, 'pg15'), 'PostgreSQL 15');
  assert.equal(targetName(t, result, 'pg18'), 'PostgreSQL 18 (data_checksums on, io_method worker)');
  // Like the first, but another 18 differs: it says its settings too.
  assert.equal(targetName(t, result, 'pg18-sync'), 'PostgreSQL 18 (data_checksums off, io_method sync)');
  // With no other 18 beside it, a server like the first is named plainly.
  result.environment.targets.splice(1, 1);
  assert.equal(targetName(t, result, 'pg18-sync'), 'PostgreSQL 18');
});

test('a comparison says when its interval reaches past the margin: an A/A whose noise exceeds it', () => {
  const stat = (values) => ({values, median: [...values].sort((a, b) => a - b)[values.length >> 1], keys: null});
  const base = stat([100, 101, 99, 100, 102, 98]);
  const [near, wide] = versusBaseline(
    base,
    [stat([100, 100.5, 99.5, 101, 99, 100]), stat([80, 125, 95, 110, 70, 130])],
    {locale: 'en', margin: 0.12},
  );
  assert.equal(near.beyondMargin, false);
  assert.ok(wide.low < -0.12 || wide.high > 0.12, `${wide.lowText} to ${wide.highText}`);
  assert.equal(wide.beyondMargin, true);
});

test('what a timed comparison could have detected: the margin plus half its interval, and rounds for 5%', () => {
  // 6 runs, interval −10% … +14%: half-width 12%; at a 12% margin only changes beyond 24% would be called.
  const {detectable, ...texts} = detectableOf({low: -0.1, high: 0.14}, {margin: 0.12, runs: 6, locale: 'en'});
  assert.ok(Math.abs(detectable - 0.24) < 1e-12, String(detectable));
  assert.deepEqual(texts, {detectableText: '24%', rounds: 35, roundsForWanted: '35', wantedText: '5%'});
  assert.deepEqual(detectableOf({low: null, high: null}, {margin: 0.12, runs: 3, locale: 'en'}), {
    detectable: null,
    detectableText: null,
    rounds: null,
    roundsForWanted: null,
    wantedText: '5%',
  });
  // Never fewer rounds than were run.
  assert.equal(detectableOf({low: -0.01, high: 0.01}, {margin: 0.03, runs: 6, locale: 'en'}).roundsForWanted, '6');
});
