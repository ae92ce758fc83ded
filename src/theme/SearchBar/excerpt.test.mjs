import assert from 'node:assert/strict';
import {test} from 'node:test';
import {excerptParts} from './excerpt.mjs';

test('an excerpt becomes text and marked parts, its entities decoded and no other tag kept', () => {
  assert.deepEqual(excerptParts('Mean <mark>latency</mark> (ms) &lt;b&gt; &amp; p99'), [
    {text: 'Mean ', mark: false},
    {text: 'latency', mark: true},
    {text: ' (ms) <b> & p99', mark: false},
  ]);
  assert.deepEqual(excerptParts('<mark>吞吐</mark><mark>量</mark>'), [
    {text: '吞吐', mark: true},
    {text: '量', mark: true},
  ]);
  assert.deepEqual(excerptParts('<em>x</em>'), [{text: 'x', mark: false}]);
});
