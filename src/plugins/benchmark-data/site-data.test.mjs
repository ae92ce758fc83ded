import {test} from 'node:test';
import assert from 'node:assert/strict';
import {latestRun} from './site-data.mjs';
import {plannerRun, versionsRun} from './test-helpers.mjs';

test('a page uses the newest finished run of its suite', () => {
  const older = versionsRun();
  const newer = versionsRun();
  newer.run.startedAt = '2027-01-01T00:00:00.000Z';
  const unfinished = versionsRun();
  unfinished.run.startedAt = '2028-01-01T00:00:00.000Z';
  unfinished.run.finishedAt = null;
  assert.equal(latestRun([older, plannerRun(), unfinished, newer], 'pg-versions'), newer);
});

test('without a run of its suite, the build stops and says how to make one', () => {
  assert.throws(() => latestRun([plannerRun()], 'pg-versions'), /results\/ has no finished "pg-versions" run.*npm run bench -- run pg-versions/);
});
