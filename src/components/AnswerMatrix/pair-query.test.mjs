import {test} from 'node:test';
import assert from 'node:assert/strict';
import {pairQuery, pairState} from './pair-query.mjs';

// A matrix as the build gives it, of what the query needs: its targets and its first view.
const answer = {
  targets: ['pg15', 'pg16', 'pg17', 'pg18'].map((id) => ({id})),
  initial: {target: 'pg18', baseline: 'pg17'},
};

test('the query string picks the pair; what it cannot show falls back to the first view', () => {
  assert.deepEqual(pairState('?version=pg18&baseline=pg17', answer), {target: 'pg18', baseline: 'pg17'});
  assert.equal(pairQuery({target: 'pg18', baseline: 'pg17'}, answer), '');
  assert.deepEqual(pairState('?version=pg16&baseline=pg15', answer), {target: 'pg16', baseline: 'pg15'});
  assert.equal(pairQuery({target: 'pg16', baseline: 'pg15'}, answer), '?version=pg16&baseline=pg15');
  // A version the run does not have, or none at all: the first view.
  assert.deepEqual(pairState('?version=pg99', answer), {target: 'pg18', baseline: 'pg17', refused: ['version=pg99']});
  assert.deepEqual(pairState('', answer), {target: 'pg18', baseline: 'pg17'});
  // A version against itself is no comparison: the baseline moves.
  assert.deepEqual(pairState('?version=pg17', answer), {target: 'pg17', baseline: 'pg18'});
  // Asked for and not shown: said, so that the reader knows the page chose another.
  assert.deepEqual(pairState('?version=pg15&baseline=pg15', answer), {
    target: 'pg15',
    baseline: 'pg17',
    refused: ['baseline=pg15'],
  });
  assert.equal(pairQuery({target: 'pg15', baseline: 'pg17', refused: ['baseline=pg15']}, answer), '?version=pg15');
});
