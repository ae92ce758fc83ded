import {test} from 'node:test';
import assert from 'node:assert/strict';
import {translator} from '../../test/helpers/fixtures.mjs';
import {detectableOf} from '../numbers/repeat-stats.mjs';
import {runSummary} from './run-summary.mjs';

const finding = (name, verdict, change, extra = {}) => ({
  name,
  base: 'PostgreSQL 15',
  verdict,
  change,
  low: change - 0.001,
  high: change + 0.001,
  margin: '0.1%',
  ...extra,
});

test("the summary counts each version's instruction verdicts over the groups, with the range of the changes", () => {
  const groups = [
    {
      id: 'small-tpcb',
      title: 'Small TPC-B',
      findings: [finding('PostgreSQL 18', 'inconclusive', 0.05, {detectable: 0.2})],
      instructions: {
        findings: [finding('PostgreSQL 18', 'better', -0.0061), finding('PostgreSQL 17', 'worse', 0.002)],
      },
    },
    {
      id: 'small-select-only',
      title: 'Small select-only',
      findings: [finding('PostgreSQL 18', 'better', 0.3)],
      instructions: {
        findings: [finding('PostgreSQL 18', 'better', -0.0123), finding('PostgreSQL 17', 'equivalent', 0.0001)],
      },
    },
  ];
  const summary = runSummary(groups, {t: translator('en'), locale: 'en'});
  assert.deepEqual(summary.instructions, [
    'PostgreSQL 18 against PostgreSQL 15: fewer instructions per transaction in 2 of 2 comparisons (-1.23% to -0.61%).',
    'PostgreSQL 17 against PostgreSQL 15: more instructions per transaction in 1 of 2 comparisons (+0.2%) and ' +
      'the same within ±0.1% in 1 of 2 (+0.01%).',
  ]);
  assert.equal(
    summary.time,
    'Timed: 1 of 2 comparisons are decided; the others could have detected only changes beyond about ±20% to ±20% ' +
      'on this machine, and each says how many rounds a smaller change would need.',
  );
  assert.deepEqual(summary.links, [
    {id: 'small-tpcb', title: 'Small TPC-B'},
    {id: 'small-select-only', title: 'Small select-only'},
  ]);
});

test('without an instructions run the summary says so; timed findings alone still count', () => {
  const summary = runSummary(
    [{id: 'g', title: 'G', findings: [finding('PostgreSQL 18', 'worse', -0.3)], instructions: null}],
    {
      t: translator('en'),
      locale: 'en',
    },
  );
  assert.equal(summary.instructions, null);
  assert.equal(summary.time, 'Timed: all 1 comparisons are decided.');
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
