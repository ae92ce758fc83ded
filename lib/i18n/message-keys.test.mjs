import {test} from 'node:test';
import assert from 'node:assert/strict';
import {verdictSentenceKey} from './message-keys.mjs';

test('an undecided interval on one side of zero says there is a difference of open size', () => {
  // pg18 at its defaults, select-only instructions: +0.167% to +0.308% against a ±0.2% margin.
  assert.equal(
    verdictSentenceKey('instructions', {verdict: 'inconclusive', low: 0.00167, high: 0.00308}),
    'common.instructions.verdict.sentence.inconclusiveApart',
  );
  assert.equal(
    verdictSentenceKey('time', {verdict: 'inconclusive', low: -0.2, high: -0.01}),
    'common.verdict.sentence.inconclusiveApart',
  );
  // Across zero, the runs cannot tell the servers apart at all.
  assert.equal(
    verdictSentenceKey('time', {verdict: 'inconclusive', low: -0.118, high: 0.223}),
    'common.verdict.sentence.inconclusive',
  );
  assert.equal(
    verdictSentenceKey('time', {verdict: 'below-margin', low: 0.01, high: 0.02}),
    'common.verdict.sentence.below-margin',
  );
  assert.throws(() => verdictSentenceKey('time', {verdict: 'unheard-of', low: 0, high: 0}), /No message for/);
});
