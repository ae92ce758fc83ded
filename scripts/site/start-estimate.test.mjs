import assert from 'node:assert/strict';
import {test} from 'node:test';
import {startEstimate} from './start-estimate.mjs';

const quickSuite = new URL('../../benchmarks/quick/suite.yaml', import.meta.url).pathname;

test("npm start's estimate: the quick suite's cells and the build of every language", () => {
  // 24 cells of 3 s and 0.7 s of the runner's each (no statements runs: the suite says so), two servers at
  // scale 10 (3 + 1 s each): 88.8 + 8 = 96.8 s; the build of four languages: 5 + 4 x 5 = 25 s.
  assert.deepEqual(startEstimate({quickSuite, locales: 4}), {
    seconds: 122,
    text: 'about 2 min: the quick suite about 1 min 35 s, the build about 25 s',
  });
  // --only clients=1 --duration 1s: 12 cells of 1.7 s and 8 s of servers, 28.4 s; one language, 10 s.
  assert.deepEqual(startEstimate({quickSuite, locales: 1, only: 'clients=1', duration: '1s'}), {
    seconds: 38,
    text: 'about 38 s: the quick suite about 28 s, the build about 10 s',
  });
  assert.deepEqual(startEstimate({quickSuite: null, locales: 4}), {seconds: 25, text: 'about 25 s'});
  // --repeat 5: 40 cells of 3.7 s and 8 s of servers, 156 s; with the build, 181 s.
  assert.deepEqual(startEstimate({quickSuite, locales: 4, repeat: 5}), {
    seconds: 181,
    text: 'about 3 min: the quick suite about 2 min 35 s, the build about 25 s',
  });
});

test('options the quick suite would refuse give no estimate: the run says what is wrong', () => {
  assert.equal(startEstimate({quickSuite, locales: 4, only: 'clients'}), null);
  assert.equal(startEstimate({quickSuite, locales: 4, duration: '2 sec'}), null);
  assert.equal(startEstimate({quickSuite, locales: 4, repeat: 'five'}), null);
});
