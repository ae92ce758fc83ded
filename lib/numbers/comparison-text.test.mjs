import {test} from 'node:test';
import assert from 'node:assert/strict';
import {comparisonText, detectableOf} from './comparison-text.mjs';

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

test('comparisonText: a change and its interval to the precision the interval supports, in the locale', () => {
  // A 17-point interval: whole percents; the same interval as ratios; p to two significant digits.
  assert.deepEqual(comparisonText({change: 0.0342, low: -0.05, high: 0.12, p: 0.31, level: 0.95}, 'en'), {
    changeText: '+3%',
    lowText: '-5%',
    highText: '+12%',
    // The ends as sizes: the nearer to no change (-5%) and the farther (+12%).
    leastText: '5%',
    mostText: '12%',
    ratioLowText: '1.0',
    ratioHighText: '1.1',
    pText: '0.31',
    level: '95%',
  });
  // Inside a 40-point interval a change of -0.07% is written 0%, never "-0.0732%"; Holm's level as given.
  const wide = comparisonText({change: -0.000732, low: -0.2, high: 0.2, p: 1, level: 0.975}, 'ja');
  assert.deepEqual([wide.changeText, wide.lowText, wide.highText, wide.level], ['0%', '-20%', '+20%', '97.5%']);
  // A narrow interval keeps three digits (instruction counts).
  const narrow = comparisonText({change: -0.00123, low: -0.00131, high: -0.00118, p: 0.002, level: 0.95}, 'en');
  assert.deepEqual([narrow.changeText, narrow.lowText, narrow.highText], ['-0.123%', '-0.131%', '-0.118%']);
  // Without an interval: the change to the percent kind's digits, and no bounds.
  const none = comparisonText({change: 0.4, low: null, high: null, p: 0.1, level: 0.95}, 'de');
  assert.deepEqual([none.changeText, none.lowText, none.ratioHighText, none.pText], ['+40\u00a0%', null, null, '0,1']);
});
