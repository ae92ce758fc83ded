import {test} from 'node:test';
import assert from 'node:assert/strict';
import {splitTerms, termPattern} from './terms.mjs';

const terms = [
  {id: 'margin', forms: ['margin']},
  {id: 'aa', forms: ['A/A']},
  {id: 'ci', forms: ['신뢰구간', '신뢰 구간']},
  {id: 'instructions', forms: ['instructions per transaction']},
];
const pattern = termPattern(terms);

test('a term is cut out of the text wherever it stands, a Latin one only as a whole word', () => {
  assert.deepEqual(splitTerms('the same within the margin; the margins: ±12%', pattern), [
    'the same within the ',
    {id: 'margin', text: 'margin'},
    '; the ',
    {id: 'margin', text: 'margins'},
    ': ±12%',
  ]);
  assert.deepEqual(splitTerms('a marginal change', pattern), ['a marginal change']);
  assert.deepEqual(splitTerms('A/A 대조군의 신뢰 구간과 신뢰구간', pattern), [
    {id: 'aa', text: 'A/A'},
    ' 대조군의 ',
    {id: 'ci', text: '신뢰 구간'},
    '과 ',
    {id: 'ci', text: '신뢰구간'},
  ]);
  assert.deepEqual(splitTerms('2.4% fewer instructions per transaction', pattern), [
    '2.4% fewer ',
    {id: 'instructions', text: 'instructions per transaction'},
  ]);
  assert.deepEqual(splitTerms('', pattern), []);
});
